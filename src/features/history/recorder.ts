import type { QueryClient } from "@tanstack/react-query";
import { whenIdle } from "../../components/ui/preloadable.tsx";
import { subscribeSent } from "../../send/sent.ts";
import type { HistoryStore } from "./history-store.ts";

const newId = (at: number) =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Keeps every request the user sends in the history `history()` gives, until the returned function
 * is called. The playground shell starts it when it mounts. `secrets` are every key the page knows
 * at the moment of the send, scrubbed from the entry (not only the one this request used). The
 * entry's code (its schema, the error texts) and the history's own are loaded with the first entry
 * to keep, in idle time: none of it is part of the first screen.
 */
export function startHistoryRecording(
  client: QueryClient,
  history: () => Promise<Pick<HistoryStore, "add">>,
  secrets: () => readonly string[],
): () => void {
  /** Entries still to be kept, each with the cancel of its idle callback. */
  const waiting = new Map<() => void, () => void>();
  const stop = subscribeSent(client, (e) => {
    const now = Date.now();
    const known = [...secrets()];
    const keep = () =>
      void Promise.all([history(), import("./history-entry.ts")])
        .then(([h, { toHistoryEntry }]) => h.add(toHistoryEntry(e, { id: newId(now), now, secrets: known })))
        .catch(() => {
          // The history's code did not load (offline): this entry is not kept; the next send tries again.
        });
    // Off the send's critical path: the answer paints first, the entry is made and kept when the
    // browser is idle (at the latest a second later). The keys are the ones known at the send.
    const cancel = whenIdle(() => {
      waiting.delete(cancel);
      keep();
    }, 1000);
    waiting.set(cancel, keep);
  });
  return () => {
    stop();
    // Sends that ended before the recording stopped are still kept, now.
    for (const [cancel, keep] of waiting) {
      cancel();
      keep();
    }
    waiting.clear();
  };
}
