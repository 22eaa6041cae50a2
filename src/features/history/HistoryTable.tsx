import { useCallback } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { cellClass } from "../../components/ui/DataTable.tsx";
import { formatBytes, formatLatency, formatWhen } from "../../components/ui/format.ts";
import { VirtualTable } from "../../components/ui/VirtualTable.tsx";
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

const COLUMNS = [
  { label: "Compare", width: "4.5rem" },
  { label: "Time", width: "6rem" },
  { label: "Method", width: "auto" },
  { label: "Network", width: "8rem" },
  { label: "Transport", width: "5.5rem" },
  { label: "Status", width: "7rem" },
  { label: "Latency", width: "5rem", align: "right" },
  { label: "Size", width: "8rem", align: "right" },
  { label: "Actions", width: "16rem", hideLabel: true },
] as const;

/**
 * The sent requests, newest first, one row each. Virtualized: only the rows in view are drawn
 * (200 rows after an import were a 45-50 ms frame); each row is keyed by its entry, so a new
 * entry on top moves the rows (their focus, their measured height) rather than redrawing them.
 */
export function HistoryTable(props: Props) {
  const { entries } = props;
  // Stable while the entries are: the table re-reads every key when it changes.
  const itemKey = useCallback((i: number) => entries[i]?.id ?? String(i), [entries]);
  return (
    <VirtualTable
      label="Sent requests, newest first"
      columns={COLUMNS}
      count={entries.length}
      estimateSize={41}
      minWidth="72rem"
      itemKey={itemKey}
      renderItem={(i) => {
        const entry = entries[i];
        return entry ? <HistoryRow {...props} entry={entry} position={i} /> : null;
      }}
    />
  );
}

const mono = `${cellClass} font-mono text-xs whitespace-nowrap`;

function HistoryRow({ entry: e, position, ...props }: Props & { entry: HistoryEntry; position: number }) {
  const checked = props.compared.includes(e.id);
  const opened = props.openedId === e.id;
  return (
    <tr aria-rowindex={position + 2} className={opened ? "bg-surface-muted" : undefined}>
      <td className={cellClass}>
        <input
          type="checkbox"
          checked={checked}
          disabled={props.compared.length >= 2 && !checked}
          aria-label={`Compare ${e.method} ${paramsPreview(e.params)} at ${formatWhen(e.at, props.now)}`}
          onChange={(ev) => props.onCompare(e.id, ev.target.checked)}
        />
      </td>
      <td className={`${cellClass} font-mono text-xs`}>
        <time dateTime={new Date(e.at).toISOString()}>{formatWhen(e.at, props.now)}</time>
      </td>
      <td className={cellClass}>
        <div className="truncate font-mono text-xs">{e.method}</div>
        <div className="truncate font-mono text-fg-muted text-xs" title={JSON.stringify(e.params)}>
          {paramsPreview(e.params)}
        </div>
      </td>
      <td className={`${cellClass} text-xs`}>{e.network.name}</td>
      <td className={`${cellClass} text-xs`}>{transportLabel(e.transport)}</td>
      <td className={cellClass}>
        <StatusBadge status={e.status} />
      </td>
      <td className={`${mono} text-right`}>{formatLatency(e.latencyMs)}</td>
      <td className={`${mono} text-right`}>
        {e.sizeBytes === undefined ? "—" : formatBytes(e.sizeBytes)}
        {e.answerOmitted && <div className="whitespace-normal text-fg-muted">answer not kept</div>}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap justify-end gap-1">
          <Button onClick={() => props.onReplay(e)}>Replay</Button>
          <Button aria-pressed={opened} onClick={() => props.onOpen(e.id)}>
            Open answer
          </Button>
          <Button onClick={() => props.onDelete(e.id)}>Delete</Button>
        </div>
      </td>
    </tr>
  );
}
