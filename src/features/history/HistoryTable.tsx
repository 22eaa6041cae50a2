import { Button } from "../../components/ui/Button.tsx";
import { type DataColumn, DataTable } from "../../components/ui/DataTable.tsx";
import { formatBytes, formatLatency, formatWhen } from "../../components/ui/format.ts";
import { transportLabel } from "../../rpc/transport.ts";
import type { HistoryEntry } from "./history-entry.ts";
import { paramsPreview } from "./history-format.ts";
import { StatusBadge } from "./StatusBadge.tsx";

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
  return (
    <DataTable
      caption="Sent requests, newest first"
      rows={props.entries}
      columns={columns(props)}
      rowKey={(e) => e.id}
      rowClassName={(e) => (props.openedId === e.id ? "bg-surface-muted" : "")}
    />
  );
}

const mono = "font-mono text-xs whitespace-nowrap";

function columns(props: Props): DataColumn<HistoryEntry>[] {
  const full = props.compared.length >= 2;
  return [
    {
      key: "compare",
      header: "Compare",
      cell: (e) => {
        const checked = props.compared.includes(e.id);
        return (
          <input
            type="checkbox"
            checked={checked}
            disabled={full && !checked}
            aria-label={`Compare ${e.method} ${paramsPreview(e.params)} at ${formatWhen(e.at, props.now)}`}
            onChange={(ev) => props.onCompare(e.id, ev.target.checked)}
          />
        );
      },
    },
    {
      key: "time",
      header: "Time",
      className: mono,
      cell: (e) => <time dateTime={new Date(e.at).toISOString()}>{formatWhen(e.at, props.now)}</time>,
    },
    {
      key: "method",
      header: "Method",
      className: "max-w-[28rem]",
      cell: (e) => (
        <>
          <div className="font-mono text-xs">{e.method}</div>
          <div className="truncate font-mono text-xs text-fg-muted" title={JSON.stringify(e.params)}>
            {paramsPreview(e.params)}
          </div>
        </>
      ),
    },
    { key: "network", header: "Network", className: "text-xs", cell: (e) => e.network.name },
    { key: "transport", header: "Transport", className: "text-xs", cell: (e) => transportLabel(e.transport) },
    { key: "status", header: "Status", cell: (e) => <StatusBadge status={e.status} /> },
    {
      key: "latency",
      header: "Latency",
      align: "right",
      className: mono,
      cell: (e) => formatLatency(e.latencyMs),
    },
    {
      key: "size",
      header: "Size",
      align: "right",
      className: mono,
      cell: (e) => (
        <>
          {e.sizeBytes === undefined ? "—" : formatBytes(e.sizeBytes)}
          {e.answerOmitted && <div className="text-fg-muted">answer not kept</div>}
        </>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (e) => (
        <div className="flex flex-wrap justify-end gap-1">
          <Button onClick={() => props.onReplay(e)}>Replay</Button>
          <Button aria-pressed={props.openedId === e.id} onClick={() => props.onOpen(e.id)}>
            Open answer
          </Button>
          <Button onClick={() => props.onDelete(e.id)}>Delete</Button>
        </div>
      ),
    },
  ];
}
