/**
 * The virtualized receipts table: one row per receipt (its type named by the network's family,
 * its fee as the chain makes it up), each expandable to its fee's parts, the family's fields and
 * its logs.
 */
import { memo, useCallback, useState } from "react";
import { type ChainProfile, formatNative } from "../../../chain/chain-profile.ts";
import type { LazyRows } from "../../../chain/lazy-rows.ts";
import type { NameContext } from "../../../chain/names.ts";
import { formatDecimal, shortenHex } from "../../../chain/quantity.ts";
import type { ReceiptRow } from "../../../chain/receipts.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { cellClass } from "../../../components/ui/DataTable.tsx";
import { VirtualTable } from "../../../components/ui/VirtualTable.tsx";
import { FieldList } from "./FieldList.tsx";
import { accountLink, txByBlockLink } from "./link-targets.ts";
import { ReceiptLogs } from "./ReceiptLogs.tsx";
import { MaybeLink } from "./RequestLink.tsx";
import { logsButtonLabel, statusLabel, statusTone } from "./receipts-model.ts";

const COLUMNS = [
  { label: "Index", width: "3rem" },
  { label: "Transaction", width: "7rem" },
  { label: "Status", width: "5rem" },
  // Logs early, so the expand button is in view in a narrow panel (the table scrolls sideways).
  { label: "Logs", width: "5rem" },
  { label: "Gas used", width: "5.5rem", align: "right" },
  { label: "Cumulative gas", width: "6rem", align: "right" },
  { label: "Effective gas price", width: "6.5rem", align: "right" },
  { label: "Fee", width: "8rem", align: "right" },
  { label: "Type", width: "8rem" },
  { label: "Contract created", width: "8rem" },
] as const;

export function ReceiptsTable({
  rows,
  blockHash,
  names,
  chain,
}: {
  /** Decoded as the table draws them; the count follows the model (rows appear as it grows). */
  rows: LazyRows<ReceiptRow>;
  blockHash: string | null;
  names: NameContext;
  chain: ChainProfile;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((i: number) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  }, []);
  if (rows.length === 0) return <p className="text-fg-muted text-sm">The block has no receipts.</p>;
  return (
    <VirtualTable
      label="Receipts"
      columns={COLUMNS}
      count={rows.length}
      source={rows.at(0)}
      estimateSize={29}
      minWidth="62rem"
      renderItem={(i) => {
        const row = rows.at(i);
        if (!row) return null;
        const expanded = open.has(i);
        return (
          <>
            <ReceiptLine row={row} position={i} blockHash={blockHash} expanded={expanded} onToggle={toggle} />
            {expanded && (
              <tr>
                <td colSpan={COLUMNS.length} className="bg-surface-muted px-3 py-2">
                  <div className="grid gap-2">
                    <ReceiptDetails row={row} chain={chain} />
                    {row.logCount > 0 && (
                      <ReceiptLogs logs={row.logs} index={row.index ?? BigInt(i)} names={names} />
                    )}
                  </div>
                </td>
              </tr>
            )}
          </>
        );
      }}
    />
  );
}

/**
 * One receipt's row. Memoized, as the block's transaction rows are: while a big block's receipts
 * arrive, the table renders again for every new count, and a row already drawn keeps its props
 * (its row is kept per raw receipt, `receiptsOf`; `onToggle` is the table's one callback).
 */
const ReceiptLine = memo(function ReceiptLine({
  row,
  position,
  blockHash,
  expanded,
  onToggle,
}: {
  row: ReceiptRow;
  position: number;
  blockHash: string | null;
  expanded: boolean;
  onToggle: (i: number) => void;
}) {
  const index = row.index ?? BigInt(position);
  const n = (x: bigint | null) => (x === null ? "?" : formatDecimal(x));
  const failed = row.status.kind === "failed";
  return (
    <tr aria-rowindex={position + 2} className={failed ? "bg-bad-bg" : undefined}>
      <td className={`${cellClass} tabular-nums`}>{index.toString()}</td>
      <td className={`${cellClass} font-mono`}>
        {row.transactionHash ? (
          <MaybeLink
            target={blockHash ? txByBlockLink(blockHash, index, `Open transaction ${index}`) : undefined}
          >
            <span title={row.transactionHash}>{shortenHex(row.transactionHash)}</span>
          </MaybeLink>
        ) : (
          "?"
        )}
      </td>
      <td className={cellClass}>
        <Badge tone={statusTone(row.status)} title={row.status.text}>
          {statusLabel(row.status)}
        </Badge>
      </td>
      <td className={cellClass}>
        <Button aria-expanded={expanded} className="cursor-pointer" onClick={() => onToggle(position)}>
          <span className="sr-only">
            {row.logCount === 0 ? `Details of transaction ${index}` : logsButtonLabel(index, position)}:{" "}
          </span>
          {expanded ? "▾" : "▸"}{" "}
          {row.logCount === 0 ? "details" : `${row.logCount} log${row.logCount === 1 ? "" : "s"}`}
        </Button>
      </td>
      <td className={`${cellClass} text-right tabular-nums`}>{n(row.gasUsed)}</td>
      <td className={`${cellClass} text-right tabular-nums`}>{n(row.cumulativeGasUsed)}</td>
      <td className={`${cellClass} text-right text-xs tabular-nums`}>{row.effectiveGasPriceText}</td>
      <td className={`${cellClass} text-right text-xs tabular-nums`} title={row.feeParts.note}>
        {row.feeText}
      </td>
      <td className={`${cellClass} text-xs`} title={row.type.description ?? undefined}>
        {row.type.label}
      </td>
      <td className={`${cellClass} font-mono`}>
        {row.contractAddress ? (
          <MaybeLink target={accountLink(row.contractAddress)}>
            <span title={row.contractAddress} className="break-all text-xs">
              {row.contractAddress}
            </span>
          </MaybeLink>
        ) : null}
      </td>
    </tr>
  );
});

/** A receipt's fee as the chain makes it up (L2 and L1 parts beside the total) and its family's fields. */
function ReceiptDetails({ row, chain }: { row: ReceiptRow; chain: ChainProfile }) {
  const parts = row.feeParts;
  const amount = (x: bigint | null) => (x === null ? "?" : formatNative(x, chain.currency));
  const split = parts.l1 !== null || parts.other !== null;
  return (
    <section
      aria-label={`Fee and ${chain.family.name} fields of transaction ${row.index ?? "?"}`}
      className="grid gap-1 text-xs"
    >
      <p>
        <span className="text-fg-muted">Fee paid: </span>
        <span className="font-medium tabular-nums">{row.feeText}</span>
        {split && (
          <span className="tabular-nums">
            {" "}
            = L2 execution {amount(parts.l2)}
            {parts.l1 !== null && <> + L1 data {amount(parts.l1)}</>}
            {parts.other && (
              <>
                {" "}
                + {parts.other.label} {amount(parts.other.amount)}
              </>
            )}
          </span>
        )}
        <span className="block text-fg-muted">{parts.note}</span>
      </p>
      {row.chainFields.length > 0 && (
        <div>
          <h4 className="font-semibold text-fg-muted uppercase tracking-wide">{chain.family.name} fields</h4>
          <FieldList fields={row.chainFields} />
        </div>
      )}
    </section>
  );
}
