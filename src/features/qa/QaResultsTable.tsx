import { Badge } from "../../components/ui/Badge.tsx";
import { type DataColumn, DataTable } from "../../components/ui/DataTable.tsx";
import { formatLatency } from "../../components/ui/format.ts";
import { transportLabel } from "../../rpc/transport.ts";
import type { Transport } from "../../state/settings-slice.ts";
import type { QaCheck } from "./qa-checks.ts";
import type { QaRow, QaTargetResult } from "./qa-run.ts";

const TONE = { pass: "ok", fail: "bad", skipped: "neutral", note: "warn" } as const;

/**
 * One row per method, one column per target and transport: pass, fail or skipped, the median and
 * p95 latency over the repeats, the size, and why. The table scrolls in its own box.
 */
export function QaResultsTable({
  targets,
  transports,
}: {
  targets: readonly QaTargetResult[];
  transports: readonly Transport[];
}) {
  const methods = [...new Set(targets.flatMap((t) => t.rows.map((r) => r.method)))];
  const many = targets.length > 1;
  const columns: DataColumn<string>[] = [
    { key: "method", header: "Method", rowHeader: true, className: "font-mono", cell: (m) => m },
    ...targets.flatMap((target) =>
      transports.map(
        (t): DataColumn<string> => ({
          key: `${target.id}-${t}`,
          header: many ? `${target.id} · ${transportLabel(t)}` : transportLabel(t),
          className: "min-w-48",
          cellProps: (m) => ({ "data-testid": `qa-${target.id}-${m}-${t}` }),
          cell: (m) => {
            const r = target.rows.find((x) => x.method === m && x.transport === t);
            if (r) return <RowResult row={r} />;
            return <span className="text-fg-muted">{target.error ? "not run" : "…"}</span>;
          },
        }),
      ),
    ),
  ];
  return (
    <DataTable
      caption="QA results by method"
      rows={methods}
      columns={columns}
      rowKey={(m) => m}
      scrollClassName="max-h-[32rem] rounded border border-border"
      stickyHeader
    />
  );
}

function RowResult({ row }: { row: QaRow }) {
  const l = row.latency;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={TONE[row.status]}>{row.status}</Badge>
        <span className="text-xs text-fg-muted">
          {l &&
            (l.n > 1
              ? `median ${formatLatency(l.medianMs)} · p95 ${formatLatency(l.p95Ms)} · n ${l.n}`
              : formatLatency(l.medianMs))}
          {row.sizeBytes !== null && ` · ${row.sizeBytes} B`}
        </span>
      </span>
      <span className="text-xs text-fg-muted break-words">{row.reason}</span>
    </div>
  );
}

/** The cross-method checks: one row per check, one column per target. */
export function QaChecksTable({ targets, block }: { targets: readonly QaTargetResult[]; block: string }) {
  const names = [...new Set(targets.flatMap((t) => t.checks.map((c) => c.check)))];
  if (names.length === 0) return null;
  const many = targets.length > 1;
  const columns: DataColumn<string>[] = [
    { key: "check", header: "Check", rowHeader: true, cell: (n) => n, className: "min-w-40" },
    ...targets.map(
      (target): DataColumn<string> => ({
        key: target.id,
        header: many ? target.label : "Result",
        className: "min-w-56",
        cellProps: (n) => ({ "data-testid": `qa-check-${target.id}-${n}` }),
        cell: (n) => {
          const c = target.checks.find((x) => x.check === n);
          return c ? (
            <CheckResult check={c} />
          ) : (
            <span className="text-fg-muted">{target.error ? "not run" : "…"}</span>
          );
        },
      }),
    ),
  ];
  return (
    <div data-testid="qa-checks" className="flex min-w-0 flex-col gap-1">
      <h3 className="font-semibold">Checks on block {block}</h3>
      <DataTable
        caption={`Cross-method checks on block ${block}`}
        rows={names}
        columns={columns}
        rowKey={(n) => n}
        scrollClassName="max-h-[32rem] rounded border border-border"
      />
    </div>
  );
}

function CheckResult({ check }: { check: QaCheck }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span>
        <Badge tone={TONE[check.status]}>{check.status}</Badge>
      </span>
      <span className="text-xs text-fg-muted break-words">{check.detail}</span>
    </div>
  );
}
