import { type DataColumn, DataTable } from "../../components/ui/DataTable.tsx";
import { formatLatency } from "../../components/ui/format.ts";
import { transportLabel } from "../../rpc/transport.ts";
import type { Transport } from "../../state/settings-slice.ts";
import type { QaRow } from "./qa-run.ts";

/** One row per method, one column per transport: pass or fail, latency, size, the reason. */
export function QaResultsTable({
  rows,
  transports,
}: {
  rows: readonly QaRow[];
  transports: readonly Transport[];
}) {
  const methods = [...new Set(rows.map((r) => r.method))];
  const columns: DataColumn<string>[] = [
    { key: "method", header: "Method", rowHeader: true, className: "font-mono", cell: (m) => m },
    ...transports.map(
      (t): DataColumn<string> => ({
        key: t,
        header: transportLabel(t),
        cellProps: (m) => ({ "data-testid": `qa-${m}-${t}` }),
        cell: (m) => {
          const r = rows.find((x) => x.method === m && x.transport === t);
          return r ? <RowResult row={r} /> : <span className="text-fg-muted">…</span>;
        },
      }),
    ),
  ];
  return <DataTable caption="QA results" rows={methods} columns={columns} rowKey={(m) => m} />;
}

function RowResult({ row }: { row: QaRow }) {
  return (
    <div className="flex flex-col">
      <span className={row.status === "pass" ? "font-semibold text-ok" : "font-semibold text-bad"}>
        {row.status === "pass" ? "pass" : "fail"}
        <span className="ml-2 font-normal text-fg-muted">
          {row.latencyMs !== null && formatLatency(row.latencyMs)}
          {row.sizeBytes !== null && ` · ${row.sizeBytes} B`}
        </span>
      </span>
      <span className="text-xs text-fg-muted">{row.reason}</span>
    </div>
  );
}
