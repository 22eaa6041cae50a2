/** The validator withdrawals of a block (EIP-4895), in a table. */
import type { WithdrawalView } from "../../../chain/block.ts";
import type { NativeCurrency } from "../../../chain/chain-profile.ts";
import { formatDecimal, shortenHex } from "../../../chain/quantity.ts";
import { type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { formatNative } from "../../../components/ui/format.ts";
import { countText } from "./block-model.ts";
import { accountLink } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";
import { SectionHeading } from "./SectionHeading.tsx";

const columns = (currency: NativeCurrency | null): readonly DataColumn<WithdrawalView>[] => [
  { key: "index", header: "Index", cell: (w) => (w.index === null ? "?" : formatDecimal(w.index)) },
  {
    key: "validator",
    header: "Validator",
    cell: (w) => (w.validatorIndex === null ? "?" : formatDecimal(w.validatorIndex)),
  },
  {
    key: "address",
    header: "Address",
    className: "font-mono",
    cell: (w) =>
      w.address ? (
        <MaybeLink target={accountLink(w.address)}>
          <span title={w.address}>{shortenHex(w.address)}</span>
        </MaybeLink>
      ) : (
        "?"
      ),
  },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    className: "tabular-nums",
    cell: (w) => (w.amountWei === null ? "?" : formatNative(w.amountWei, currency)),
  },
];

export function BlockWithdrawals({
  items,
  currency,
}: {
  items: readonly WithdrawalView[];
  currency: NativeCurrency | null;
}) {
  return (
    <section aria-labelledby="block-withdrawals">
      <SectionHeading id="block-withdrawals">{countText(items.length, "withdrawal")}</SectionHeading>
      <DataTable
        caption="Withdrawals"
        rows={items}
        columns={columns(currency)}
        rowKey={(w, i) => (w.index === null ? `i${i}` : String(w.index))}
        stickyHeader
        scrollClassName="max-h-80 rounded border border-border"
      />
    </section>
  );
}
