import { Badge } from "../../components/ui/Badge.tsx";
import { type DataColumn, DataTable } from "../../components/ui/DataTable.tsx";
import { formatLatency } from "../../components/ui/format.ts";
import { type FactRow, isPerItem } from "./qa-compare.ts";
import type { QaRun } from "./qa-run.ts";

type Row = FactRow & { latency?: true };

/**
 * The targets side by side on the run's block: the block-level facts with "agree" or "differs",
 * the latency of each, and every per-receipt disagreement.
 */
export function QaComparison({ run }: { run: QaRun }) {
  const c = run.comparison;
  if (!c) return null;
  const targets = c.targets.map((id) => run.targets.find((t) => t.id === id)!);
  const latencyRow: Row = {
    field: "median / p95 latency",
    values: targets.map((t) =>
      t.latency ? `${formatLatency(t.latency.medianMs)} / ${formatLatency(t.latency.p95Ms)}` : null,
    ),
    agree: true,
    latency: true,
  };
  const columns: DataColumn<Row>[] = [
    { key: "field", header: "Field", rowHeader: true, cell: (r) => r.field, className: "whitespace-nowrap" },
    ...targets.map(
      (t, i): DataColumn<Row> => ({
        key: t.id,
        header: t.label,
        className: "font-mono text-xs break-all min-w-40",
        cell: (r) => r.values[i] ?? <span className="text-fg-muted">no answer</span>,
      }),
    ),
    {
      key: "agree",
      header: "Agree?",
      cellProps: (r) => ({ "data-testid": `qa-fact-${r.field}` }),
      cell: (r) =>
        r.latency ? "" : <Badge tone={r.agree ? "ok" : "bad"}>{r.agree ? "agree" : "differs"}</Badge>,
    },
  ];
  const perItem = c.disagreements.filter((d) => isPerItem(d.field));
  return (
    <div data-testid="qa-comparison" className="flex min-w-0 flex-col gap-2">
      <h3 className="font-semibold">Comparison on block {run.block?.number}</h3>
      <p data-testid="qa-comparison-summary" className={c.disagreements.length ? "text-bad" : "text-ok"}>
        {c.disagreements.length === 0
          ? `All ${c.compared} fields agree.`
          : `${c.disagreements.length} of ${c.compared} fields disagree: ${c.disagreements
              .slice(0, 5)
              .map((d) => d.field)
              .join(", ")}${c.disagreements.length > 5 ? ", …" : ""}.`}
      </p>
      <DataTable
        caption="The targets side by side"
        rows={[...c.headline, latencyRow]}
        columns={columns}
        rowKey={(r) => r.field}
        rowProps={(r) => ({ "data-agree": r.agree ? "yes" : "no" })}
        scrollClassName="max-h-[32rem] rounded border border-border"
      />
      {perItem.length > 0 && (
        <>
          <h4 className="font-semibold">Disagreements per receipt or transaction</h4>
          <DataTable
            caption="Disagreements per receipt or transaction"
            rows={perItem}
            columns={columns}
            rowKey={(r) => r.field}
            scrollClassName="max-h-80 rounded border border-border"
          />
        </>
      )}
    </div>
  );
}
