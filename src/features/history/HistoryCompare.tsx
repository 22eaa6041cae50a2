import { useMemo } from "react";
import { JsonTree } from "../../components/ui/JsonTree.tsx";
import { diffJson, formatPath, previewValue } from "./history-diff.ts";
import { comparableAnswer, type HistoryEntry } from "./history-entry.ts";
import { formatWhen, paramsPreview } from "./history-format.ts";

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
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
        <dt className="font-semibold">A</dt>
        <dd className="font-mono">{label(a)}</dd>
        <dt className="font-semibold">B</dt>
        <dd className="font-mono">{label(b)}</dd>
      </dl>
      {!left.ok && <p className="text-sm text-fg-muted">A: {left.reason}</p>}
      {!right.ok && <p className="text-sm text-fg-muted">B: {right.reason}</p>}
      {diff && (
        <>
          <p role="status" className="text-sm">
            {diff.changes.length === 0
              ? "The two answers are the same (the JSON-RPC id aside)."
              : `${diff.counts.changed} changed, ${diff.counts.added} added, ${diff.counts.removed} removed (the JSON-RPC id aside).`}
            {diff.truncated && ` The first ${diff.changes.length} are listed.`}
          </p>
          {diff.changes.length > 0 && (
            <div className="max-h-96 overflow-auto">
              <table className="w-full border-collapse text-xs" aria-label="Differences">
                <thead>
                  <tr className="border-b border-border text-left text-fg-muted">
                    {["Path", "Change", "A", "B"].map((name) => (
                      <th key={name} scope="col" className="px-2 py-1 font-normal">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {diff.changes.map((c) => {
                    const path = formatPath(c.path);
                    return (
                      <tr
                        key={`${c.kind}:${path}`}
                        className="border-b border-border align-top"
                        data-change={c.kind}
                      >
                        <th scope="row" className="px-2 py-1 text-left font-mono font-normal">
                          {path}
                        </th>
                        <td className="px-2 py-1">{KIND_TEXT[c.kind]}</td>
                        <td className="px-2 py-1 font-mono break-all">
                          {c.kind === "added" ? (
                            <span className="text-fg-muted">(absent)</span>
                          ) : (
                            <mark className="rounded bg-bad-bg px-0.5 text-bad">
                              {previewValue(c.before)}
                            </mark>
                          )}
                        </td>
                        <td className="px-2 py-1 font-mono break-all">
                          {c.kind === "removed" ? (
                            <span className="text-fg-muted">(absent)</span>
                          ) : (
                            <mark className="rounded bg-ok-bg px-0.5 text-ok">{previewValue(c.after)}</mark>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
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
