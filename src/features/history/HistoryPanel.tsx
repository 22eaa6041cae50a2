import { type ComponentType, useEffect, useState } from "react";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { HistoryCompare } from "./HistoryCompare.tsx";
import { HistoryTable } from "./HistoryTable.tsx";
import { HistoryToolbar } from "./HistoryToolbar.tsx";
import { useHistory, useHistoryStore } from "./history-context.tsx";
import type { HistoryEntry } from "./history-entry.ts";
import { StoredAnswer } from "./StoredAnswer.tsx";
import { type ReplayOutcome, useReplay } from "./useReplay.ts";

/** A clock for "today or another day" in the time column, refreshed every minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** Every request sent: replay, open its answer, compare two, delete, clear, export and import. */
export function HistoryPanel({ AnswerView }: { AnswerView: ComponentType<{ sent: SentRequest }> }) {
  const history = useHistoryStore();
  const { entries, loaded, storageProblem } = useHistory();
  const now = useNow();
  const replay = useReplay();
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [comparedIds, setComparedIds] = useState<string[]>([]);
  const [replayed, setReplayed] = useState<ReplayOutcome | null>(null);

  const byId = (id: string | null) => entries.find((e) => e.id === id);
  const opened = byId(openedId);
  // Entries deleted meanwhile drop out of the comparison; the older one is A.
  const compared = comparedIds
    .map((id) => byId(id))
    .filter((e): e is HistoryEntry => e !== undefined)
    .sort((x, y) => x.at - y.at);

  return (
    <div className="flex flex-col gap-3">
      <HistoryToolbar entries={entries} />
      {storageProblem && (
        <p role="alert" className="rounded border border-warn bg-warn-bg p-2 text-sm">
          {storageProblem}
        </p>
      )}
      {replayed && (
        <p
          role={replayed.ok ? "status" : "alert"}
          className={`text-sm ${replayed.ok ? "text-fg-muted" : "rounded border border-bad bg-bad-bg p-2"}`}
        >
          {replayed.message}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {loaded
            ? "No requests yet. Every request you send is kept here (never the key), to replay, reopen or compare."
            : "Reading the history…"}
        </p>
      ) : (
        <HistoryTable
          entries={entries}
          now={now}
          compared={compared.map((e) => e.id)}
          openedId={opened ? opened.id : null}
          onCompare={(id, on) =>
            setComparedIds((ids) =>
              on ? [...ids.filter((x) => byId(x)), id].slice(-2) : ids.filter((x) => x !== id),
            )
          }
          onReplay={(e) => setReplayed(replay(e))}
          onOpen={(id) => setOpenedId((cur) => (cur === id ? null : id))}
          onDelete={(id) => void history.remove(id)}
        />
      )}
      {compared.length === 1 && (
        <p className="text-sm text-fg-muted">Tick one more entry to compare the two answers.</p>
      )}
      {compared[0] && compared[1] && <HistoryCompare a={compared[0]} b={compared[1]} now={now} />}
      {opened && (
        <StoredAnswer entry={opened} now={now} onClose={() => setOpenedId(null)} AnswerView={AnswerView} />
      )}
    </div>
  );
}
