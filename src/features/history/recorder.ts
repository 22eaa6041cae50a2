import { useAppStore } from "../../state/store.ts";
import { subscribeSent } from "../send/sent-events.ts";
import { appHistory } from "./app-history.ts";
import { toHistoryEntry } from "./history-entry.ts";

let recording = false;

const newId = (at: number) =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Starts keeping every request the user sends (once; later calls do nothing). Called when this
 * module loads, so importing it is enough.
 */
export function ensureHistoryRecording(): void {
  if (recording) return;
  recording = true;
  subscribeSent((e) => {
    const now = Date.now();
    // Every key the user has typed is scrubbed too, not only the one this request used.
    const s = useAppStore.getState();
    const secrets = Object.values(s.keys);
    const entry = toHistoryEntry(e, { id: newId(now), now, secrets });
    void appHistory.add(entry);
  });
}

ensureHistoryRecording();
