/** The virtualized receipts table: one row per receipt, each expandable to its logs. */
import { useCallback, useState } from "react";
import { formatDecimal, shortenHex } from "../../../chain/quantity.ts";
import type { LogView, ReceiptRow } from "../../../chain/receipts.ts";
import { Badge, HexText, MaybeLink } from "./parts.tsx";
import { accountLink, txByBlockLink } from "./parts-links.ts";
import { cellClass, VirtualTable } from "./parts-virtual.tsx";
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
  { label: "Contract created", width: "8rem" },
] as const;

export function ReceiptsTable({
  rows,
  blockHash,
}: {
  rows: readonly ReceiptRow[];
  blockHash: string | null;
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
      estimateSize={29}
      minWidth="46rem"
      renderItem={(i) => {
        const row = rows[i];
        if (!row) return null;
        const expanded = open.has(i);
        return (
          <>
            <ReceiptLine row={row} position={i} blockHash={blockHash} expanded={expanded} onToggle={toggle} />
            {expanded && (
              <tr>
                <td colSpan={COLUMNS.length} className="bg-surface-muted px-3 py-2">
                  <Logs logs={row.logs} index={row.index ?? BigInt(i)} />
                </td>
              </tr>
            )}
          </>
        );
      }}
    />
  );
}

function ReceiptLine({
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
        {row.logCount === 0 ? (
          <span className="text-fg-muted">0</span>
        ) : (
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={logsButtonLabel(index, position)}
            className="cursor-pointer rounded border border-border px-1.5 text-xs hover:bg-surface-muted"
            onClick={() => onToggle(position)}
          >
            {expanded ? "▾" : "▸"} {row.logCount} log{row.logCount === 1 ? "" : "s"}
          </button>
        )}
      </td>
      <td className={`${cellClass} text-right tabular-nums`}>{n(row.gasUsed)}</td>
      <td className={`${cellClass} text-right tabular-nums`}>{n(row.cumulativeGasUsed)}</td>
      <td className={`${cellClass} text-right text-xs tabular-nums`}>{row.effectiveGasPriceText}</td>
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
}

function Logs({ logs, index }: { logs: readonly LogView[]; index: bigint }) {
  return (
    <ol aria-label={`Logs of transaction ${index}`} className="grid gap-2 text-xs">
      {logs.map((log, i) => (
        <li key={log.logIndex === null ? `p${i}` : String(log.logIndex)} className="grid gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-fg-muted">log {log.logIndex === null ? i : String(log.logIndex)}</span>
            {log.address && (
              <MaybeLink target={accountLink(log.address)}>
                <span className="font-mono">{log.address}</span>
              </MaybeLink>
            )}
            {log.removed && <Badge tone="warn">removed</Badge>}
            {log.eventText && <span className="font-medium">{log.eventText}</span>}
          </div>
          <dl className="grid grid-cols-[3.5rem_1fr] gap-x-2 font-mono">
            {log.topics.map((t, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: topics are positional (topic 0 is the signature) and never reorder
              <div key={k} className="contents">
                <dt className="text-fg-muted">topic {k}</dt>
                <dd className="break-all">{t}</dd>
              </div>
            ))}
            <dt className="text-fg-muted">data</dt>
            <dd className="break-all">
              {log.data === "0x" ? (
                <span className="text-fg-muted">0x (empty)</span>
              ) : (
                <HexText text={shortenHex(log.data, 16)} full={log.data} />
              )}
            </dd>
            <dt className="text-fg-muted">removed</dt>
            <dd>{String(log.removed)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
