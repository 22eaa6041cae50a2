import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { noteDropped, noteLeaving } from "../../send/sent.ts";
import { SEND_MUTATION, type SentRequest } from "../../send/useSendRequest.ts";
import type { HistoryEntry } from "./history-entry.ts";
import type { HistoryStore } from "./history-store.ts";
import { startHistoryRecording } from "./recorder.ts";
import { answer, KEY, sentEvent } from "./test-fixtures.ts";

/** `n` turns of the event loop, each a task (a message; fake timers do not stop it). */
async function tasks(n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
}

function setup(opts: { slowFirstLoad?: boolean } = {}) {
  const client = new QueryClient();
  const added: HistoryEntry[] = [];
  /** Every entry kept, in order (the same id twice: kept as sent, then with its answer). */
  const log: HistoryEntry[] = [];
  // As the store does: an entry with a kept one's id replaces it.
  const history = {
    add: async (e: HistoryEntry) => {
      log.push(e);
      const i = added.findIndex((x) => x.id === e.id);
      if (i >= 0) added[i] = e;
      else added.push(e);
    },
    remove: async (id: string) => {
      const i = added.findIndex((x) => x.id === id);
      if (i >= 0) added.splice(i, 1);
    },
  } as unknown as HistoryStore;
  /** How many times the recorder asked for the history (its code is loaded when an entry is kept). */
  const asked = { count: 0 };
  const stop = startHistoryRecording(
    client,
    async () => {
      asked.count++;
      // The first ask loads the history's chunk (slow); later ones find it there.
      if (opts.slowFirstLoad && asked.count === 1) await new Promise((r) => setTimeout(r, 50));
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
  /** Shows the send `leave` told (its "Waiting…" line, or its answer, drawn). */
  let show = () => {};
  return {
    added,
    log,
    asked,
    stop,
    /**
     * A Send as the app makes one with a quick answer: the request is told as it leaves, shown as
     * its answer comes, then the mutation runs.
     */
    send: () => {
      noteLeaving(client, vars, Promise.resolve());
      return observer.mutate(vars);
    },
    leave: () => noteLeaving(client, vars, new Promise<void>((resolve) => (show = resolve))),
    show: () => show(),
    drop: () => noteDropped(client, vars),
    answer: () => observer.mutate(vars),
    unsubscribe,
  };
}

describe("startHistoryRecording", () => {
  // The recorder loads the entry's code with the first entry. Transformed here first: on a busy
  // machine its first load outlasted the fake second after which the answer's entry is kept.
  beforeAll(() => import("./history-entry.ts"));

  it("keeps the request once the send is shown, before the mutation hears of its answer, and once: its answer takes its place", async () => {
    vi.useFakeTimers();
    try {
      const { added, log, stop, answer, leave, show, unsubscribe } = setup();
      leave();
      // Not while the request travels: a quick answer would wait behind the entry's write.
      await tasks(3);
      expect(log).toEqual([]);
      show();
      await vi.waitFor(() => expect(log).toHaveLength(1));
      expect(log[0]?.status).toEqual({ kind: "sent" });
      await answer();
      await vi.runAllTimersAsync();
      await vi.waitFor(() => expect(log).toHaveLength(2));
      expect(log[1]?.status).toEqual({ kind: "ok" });
      expect(log[1]?.id).toBe(log[0]?.id);
      expect(added).toEqual([log[1]]);
      stop();
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops the request of a send replaced before it was shown (a double click): no entry waits for an answer that never comes", async () => {
    const { added, log, stop, leave, show, drop, unsubscribe } = setup();
    leave();
    show();
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]?.status).toEqual({ kind: "sent" });
    drop();
    await vi.waitFor(() => expect(added).toEqual([]));
    stop();
    unsubscribe();
  });

  it("keeps a send's request once it is shown, then its answer in the same entry when the browser is idle", async () => {
    vi.useFakeTimers();
    try {
      const { added, log, asked, stop, send, unsubscribe } = setup();
      expect(asked.count).toBe(0); // the history's code is not loaded before an entry is kept
      await send();
      // The request is kept once the answer is shown (a reload right after it keeps it) ...
      await vi.waitFor(() => expect(log).toHaveLength(1));
      expect(log[0]?.status).toEqual({ kind: "sent" });
      // ... and its answer replaces it off the critical path, in idle time.
      await vi.runAllTimersAsync();
      await vi.waitFor(() => expect(log).toHaveLength(2));
      expect(log[1]?.status).toEqual({ kind: "ok" });
      expect(log[1]?.id).toBe(log[0]?.id);
      expect(added).toEqual([log[1]]);
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
      await vi.waitFor(() => expect(added[0]?.status).toEqual({ kind: "ok" }));
      await vi.runAllTimersAsync();
      expect(asked.count).toBe(2); // the entry as sent, then with its answer: not a third time
      expect(added).toHaveLength(1);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the answer's entry last even when the history loads slower for the entry as sent", async () => {
    const { added, log, stop, send, unsubscribe } = setup({ slowFirstLoad: true });
    await send();
    stop(); // keeps the waiting answer at once: it must still land after the entry as sent
    await vi.waitFor(() => expect(log).toHaveLength(2));
    expect(log.map((e) => e.status.kind)).toEqual(["sent", "ok"]);
    expect(added.map((e) => e.status.kind)).toEqual(["ok"]);
    unsubscribe();
  });
});
