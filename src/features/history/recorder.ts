import type { QueryClient } from "@tanstack/react-query";
import { subscribeSent } from "../../send/sent.ts";
import { toHistoryEntry } from "./history-entry.ts";
import type { HistoryStore } from "./history-store.ts";

const newId = (at: number) =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Keeps every request the user sends in `history`, until the returned function is called. The
 * playground shell starts it when it mounts. `secrets` are every key the page knows at the moment
 * of the send, scrubbed from the entry (not only the one this request used).
 */
export function startHistoryRecording(
  client: QueryClient,
  history: HistoryStore,
  secrets: () => readonly string[],
): () => void {
  return subscribeSent(client, (e) => {
    const now = Date.now();
    const entry = toHistoryEntry(e, { id: newId(now), now, secrets: [...secrets()] });
    void history.add(entry);
  });
}
