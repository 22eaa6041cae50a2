import { useMemo } from "react";
import { shortenHex } from "../../../chain/quantity.ts";
import { decodeTransaction, type TransactionView as Tx } from "../../../chain/transaction.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { DecodedInput } from "../names/DecodedInput.tsx";
import { useNames } from "../names/useNames.ts";
import { DecodeError, Problems } from "./DecodeProblems.tsx";
import { ExplorerLinks } from "./ExplorerLink.tsx";
import { FieldGroups, OtherFields } from "./FieldList.tsx";
import { accountLink, txLinkFor } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";
import type { ResultViewProps } from "./registry.ts";
import { SectionHeading } from "./SectionHeading.tsx";
import { txHeader } from "./tx-model.ts";
import { useChainProfile } from "./useChainProfile.ts";

/** `eth_getTransactionByBlockHashAndIndex`: type, overview, fees, input, signature, access list. */
export function TransactionView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const chain = useChainProfile(sent.network);
  const parsed = useMemo(() => decodeTransaction(result, chain), [result, chain]);
  const names = useNames(sent.network);
  if (!parsed.ok) return <DecodeError error={parsed.error} />;
  const tx = parsed.value;
  const h = txHeader(tx, sent.body.params);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold text-base">{h.title}</h3>
        <Badge tone="neutral" title={tx.type.description ?? tx.type.eip ?? undefined}>
          {tx.type.label}
        </Badge>
        {tx.pending && <Badge tone="warn">pending</Badge>}
        {tx.contractCreation && <Badge tone="neutral">contract creation</Badge>}
        {tx.hash && <HexValue text={shortenHex(tx.hash, 8)} full={tx.hash} what="transaction hash" />}

        <nav aria-label="Transaction navigation" className="ml-auto flex gap-3 text-sm">
          {h.prev && <MaybeLink target={h.prev}>← prev transaction</MaybeLink>}
          {h.next && <MaybeLink target={h.next}>next transaction →</MaybeLink>}
        </nav>
      </div>
      <Problems problems={tx.problems} />
      <ExplorerLinks
        chain={chain}
        links={[
          ...(tx.hash && !tx.pending ? [{ what: "tx" as const, id: tx.hash, text: "transaction" }] : []),
          ...(tx.from ? [{ what: "address" as const, id: tx.from, text: "from" }] : []),
          ...(tx.to ? [{ what: "address" as const, id: tx.to, text: "to" }] : []),
        ]}
      />
      <FieldGroups groups={tx.groups} linkFor={txLinkFor} />
      <DecodedInput
        input={(result as { input?: unknown }).input}
        to={tx.to}
        selector={tx.input?.selector ?? null}
        names={names}
      />
      {tx.accessList && tx.accessList.length > 0 && <AccessList entries={tx.accessList} />}
      <OtherFields fields={tx.other} linkFor={txLinkFor} />
    </div>
  );
}

type AccessEntry = NonNullable<Tx["accessList"]>[number];

const ACCESS_COLUMNS: readonly DataColumn<AccessEntry>[] = [
  {
    key: "address",
    header: "Address",
    className: "font-mono",
    cell: (e) => <MaybeLink target={accountLink(e.address)}>{e.address}</MaybeLink>,
  },
  {
    key: "keys",
    header: "Storage keys",
    className: "font-mono text-xs",
    cell: (e) =>
      e.storageKeys.length === 0 ? (
        <span className="text-fg-muted">none</span>
      ) : (
        <ul>
          {e.storageKeys.map((k) => (
            <li key={k} className="break-all">
              {k}
            </li>
          ))}
        </ul>
      ),
  },
];

function AccessList({ entries }: { entries: readonly AccessEntry[] }) {
  return (
    <section aria-labelledby="tx-access-list">
      <SectionHeading id="tx-access-list">Access list entries</SectionHeading>
      <DataTable caption="Access list" rows={entries} columns={ACCESS_COLUMNS} rowKey={(e) => e.address} />
    </section>
  );
}
