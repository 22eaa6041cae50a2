import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { SEND_MUTATION, type SentRequest } from "../../send/useSendRequest.ts";
import type { HistoryEntry } from "./history-entry.ts";
import type { HistoryStore } from "./history-store.ts";
import { startHistoryRecording } from "./recorder.ts";
import { answer, KEY, sentEvent } from "./test-fixtures.ts";

function setup() {
  const client = new QueryClient();
  const added: HistoryEntry[] = [];
  const history = { add: async (e: HistoryEntry) => void added.push(e) } as unknown as HistoryStore;
  /** How many times the recorder asked for the history (its code is loaded when an entry is kept). */
  const asked = { count: 0 };
  const stop = startHistoryRecording(
    client,
    async () => {
      asked.count++;
      return history;
    },
    () => [KEY],
  );
  const { vars } = sentEvent({ ok: true, answer: answer({ jsonrpc: "2.0", id: 7, result: "0x1" }) });
  const observer = new MutationObserver(client, {
    ...SEND_MUTATION,
    mutationFn: async (v: typeof vars): Promise<SentRequest> => ({
      ...v,
      answer: answer({ jsonrpc: "2.0", id: 7, result: "0x1" }),
    }),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { added, asked, stop, send: () => observer.mutate(vars), unsubscribe };
}

describe("startHistoryRecording", () => {
  it("keeps a send's entry after the answer, when the browser is idle, not during the send", async () => {
    vi.useFakeTimers();
    try {
      const { added, asked, stop, send, unsubscribe } = setup();
      expect(asked.count).toBe(0); // the history's code is not loaded before an entry is kept
      await send();
      expect(added).toEqual([]); // not on the critical path
      expect(asked.count).toBe(0);
      await vi.runAllTimersAsync();
      await vi.waitFor(() => expect(added).toHaveLength(1));
      expect(added[0]?.status).toEqual({ kind: "ok" });
      expect(JSON.stringify(added)).not.toContain(KEY);
      stop();
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the entries still waiting when the recording stops", async () => {
    vi.useFakeTimers();
    try {
      const { added, asked, stop, send, unsubscribe } = setup();
      await send();
      stop();
      await vi.waitFor(() => expect(added).toHaveLength(1));
      await vi.runAllTimersAsync();
      expect(asked.count).toBe(1); // not twice
      expect(added).toHaveLength(1);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });
});
