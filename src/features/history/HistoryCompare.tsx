import { useMemo } from "react";
import { cellClass } from "../../components/ui/DataTable.tsx";
import { formatWhen } from "../../components/ui/format.ts";
import { InfoList, InfoRow } from "../../components/ui/InfoRow.tsx";
import { JsonTree } from "../../components/ui/JsonTree.tsx";
import { VirtualTable } from "../../components/ui/VirtualTable.tsx";
import { type DiffChange, diffJson, formatPath, type JsonDiff, previewValue } from "./history-diff.ts";
import { comparableAnswer, type HistoryEntry } from "./history-entry.ts";
import { paramsPreview } from "./history-format.ts";

const KIND_TEXT = { added: "added", removed: "removed", changed: "changed" } as const;

/** Two stored answers side by side: what differs, path by path, then both in full. */
export function HistoryCompare({ a, b, now }: { a: HistoryEntry; b: HistoryEntry; now: number }) {
  const left = useMemo(() => comparableAnswer(a), [a]);
  const right = useMemo(() => comparableAnswer(b), [b]);
  const diff = useMemo(() => (left.ok && right.ok ? diffJson(left.value, right.value) : null), [left, right]);
  const label = (e: HistoryEntry) =>
    `${e.method} ${paramsPreview(e.params, 40)} · ${e.network.name} · ${formatWhen(e.at, now)}`;
  return (
    <section aria-label="Comparison" className="flex flex-col gap-2 rounded border border-border p-3">
      <h3 className="text-sm font-semibold">Comparison</h3>
      <InfoList columns="grid-cols-[auto_1fr] gap-x-2" className="text-xs">
        <InfoRow label="A" labelClassName="font-semibold" valueClassName="font-mono">
          {label(a)}
        </InfoRow>
        <InfoRow label="B" labelClassName="font-semibold" valueClassName="font-mono">
          {label(b)}
        </InfoRow>
      </InfoList>
      {!left.ok && <p className="text-sm text-fg-muted">A: {left.reason}</p>}
      {!right.ok && <p className="text-sm text-fg-muted">B: {right.reason}</p>}
      {diff && <Differences diff={diff} />}
      {left.ok && right.ok && (
        <details>
          <summary className="cursor-pointer text-sm">Both answers in full</summary>
          <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
            <section aria-label="Answer A" className="min-w-0 overflow-auto">
              <JsonTree value={left.value} openDepth={1} />
            </section>
            <section aria-label="Answer B" className="min-w-0 overflow-auto">
              <JsonTree value={right.value} openDepth={1} />
            </section>
          </div>
        </details>
      )}
    </section>
  );
}

const absent = <span className="text-fg-muted">(absent)</span>;

const DIFF_COLUMNS = [
  { label: "Path", width: "30%" },
  { label: "Change", width: "5rem" },
  { label: "A", width: "auto" },
  { label: "B", width: "auto" },
] as const;

/**
 * One difference: its path (the row's header), its kind, and the value on each side. The rows are
 * virtualized: a diff lists up to 1,000 of them, and drawn at once they made one long task.
 */
function DiffRow({ change: c, position }: { change: DiffChange; position: number }) {
  const mono = `${cellClass} font-mono break-all`;
  return (
    <tr aria-rowindex={position + 2} data-change={c.kind}>
      <th scope="row" className={`${mono} text-left font-normal`}>
        {formatPath(c.path)}
      </th>
      <td className={cellClass}>{KIND_TEXT[c.kind]}</td>
      <td className={mono}>
        {c.kind === "added" ? (
          absent
        ) : (
          <mark className="rounded bg-bad-bg px-0.5 text-bad">{previewValue(c.before)}</mark>
        )}
      </td>
      <td className={mono}>
        {c.kind === "removed" ? (
          absent
        ) : (
          <mark className="rounded bg-ok-bg px-0.5 text-ok">{previewValue(c.after)}</mark>
        )}
      </td>
    </tr>
  );
}

/** How many paths differ, and the list of them. */
function Differences({ diff }: { diff: JsonDiff }) {
  return (
    <>
      <p role="status" className="text-sm">
        {diff.changes.length === 0
          ? "The two answers are the same (the JSON-RPC id aside)."
          : `${diff.counts.changed} changed, ${diff.counts.added} added, ${diff.counts.removed} removed (the JSON-RPC id aside).`}
        {diff.truncated && ` The first ${diff.changes.length} are listed.`}
      </p>
      {diff.changes.length > 0 && (
        <div className="text-xs">
          <VirtualTable
            label="Differences"
            columns={DIFF_COLUMNS}
            count={diff.changes.length}
            estimateSize={25}
            maxHeight={384}
            minWidth="36rem"
            renderItem={(i) => {
              const change = diff.changes[i];
              return change ? <DiffRow change={change} position={i} /> : null;
            }}
          />
        </div>
      )}
    </>
  );
}
