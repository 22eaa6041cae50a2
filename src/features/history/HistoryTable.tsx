import { transportLabel } from "../../rpc/transport.ts";
import type { HistoryEntry } from "./history-entry.ts";
import { formatBytes, formatLatency, formatWhen, paramsPreview } from "./history-format.ts";
import { StatusBadge } from "./StatusBadge.tsx";

const BUTTON = "rounded border border-border px-2 py-0.5 text-xs hover:bg-surface-muted disabled:opacity-50";

const COLUMNS: readonly { name: string; right?: boolean }[] = [
  { name: "Compare" },
  { name: "Time" },
  { name: "Method" },
  { name: "Network" },
  { name: "Transport" },
  { name: "Status" },
  { name: "Latency", right: true },
  { name: "Size", right: true },
];

type Props = {
  entries: readonly HistoryEntry[];
  now: number;
  compared: readonly string[];
  openedId: string | null;
  onCompare(id: string, on: boolean): void;
  onReplay(entry: HistoryEntry): void;
  onOpen(id: string): void;
  onDelete(id: string): void;
};

/** The sent requests, newest first, one row each. */
export function HistoryTable(props: Props) {
  const full = props.compared.length >= 2;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Sent requests, newest first</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-fg-muted">
            {COLUMNS.map((c) => (
              <th key={c.name} scope="col" className={`px-2 py-1 font-normal ${c.right ? "text-right" : ""}`}>
                {c.name}
              </th>
            ))}
            <th scope="col" className="px-2 py-1 font-normal">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => {
            const when = formatWhen(e.at, props.now);
            const params = paramsPreview(e.params);
            const checked = props.compared.includes(e.id);
            return (
              <tr
                key={e.id}
                className={`border-b border-border align-top ${props.openedId === e.id ? "bg-surface-muted" : ""}`}
              >
                <td className="px-2 py-1">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={full && !checked}
                    aria-label={`Compare ${e.method} ${params} at ${when}`}
                    onChange={(ev) => props.onCompare(e.id, ev.target.checked)}
                  />
                </td>
                <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">
                  <time dateTime={new Date(e.at).toISOString()}>{when}</time>
                </td>
                <td className="max-w-[28rem] px-2 py-1">
                  <div className="font-mono text-xs">{e.method}</div>
                  <div className="truncate font-mono text-xs text-fg-muted" title={JSON.stringify(e.params)}>
                    {params}
                  </div>
                </td>
                <td className="px-2 py-1 text-xs">{e.network.name}</td>
                <td className="px-2 py-1 text-xs">{transportLabel(e.transport)}</td>
                <td className="px-2 py-1">
                  <StatusBadge status={e.status} />
                </td>
                <td className="px-2 py-1 text-right font-mono text-xs whitespace-nowrap">
                  {formatLatency(e.latencyMs)}
                </td>
                <td className="px-2 py-1 text-right font-mono text-xs whitespace-nowrap">
                  {e.sizeBytes === undefined ? "—" : formatBytes(e.sizeBytes)}
                  {e.answerOmitted && <div className="text-fg-muted">answer not kept</div>}
                </td>
                <td className="px-2 py-1">
                  <div className="flex flex-wrap justify-end gap-1">
                    <button type="button" className={BUTTON} onClick={() => props.onReplay(e)}>
                      Replay
                    </button>
                    <button
                      type="button"
                      className={BUTTON}
                      aria-pressed={props.openedId === e.id}
                      onClick={() => props.onOpen(e.id)}
                    >
                      Open answer
                    </button>
                    <button type="button" className={BUTTON} onClick={() => props.onDelete(e.id)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
