import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { afterThisTask } from "../../chain/next-task.ts";
import { noteDropped, noteLeaving } from "../../send/sent.ts";
import { SEND_MUTATION, type SentRequest } from "../../send/useSendRequest.ts";
import type { HistoryEntry } from "./history-entry.ts";
import type { HistoryStore } from "./history-store.ts";
import type { LeavingPage } from "./leaving-store.ts";
import { prefetchEntryCode, startHistoryRecording } from "./recorder.ts";
import { answer, KEY, memoryStorage, sentEvent } from "./test-fixtures.ts";

/** `n` turns of the event loop, each a task (a message; fake timers do not stop it). */
async function tasks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await afterThisTask();
}

/** A page whose leaving and coming back the test says (`fire`), with a storage in memory. */
function fakePage(storage = memoryStorage()) {
  const listeners = new Set<(leaving: boolean) => void>();
  const page: LeavingPage = {
    storage,
    onLeaving(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const fire = (leaving: boolean) => {
    for (const listener of listeners) listener(leaving);
  };
  return { page, storage, fire };
}

function setup(opts: { slowFirstLoad?: boolean; page?: LeavingPage; had?: HistoryEntry[] } = {}) {
  const client = new QueryClient();
  const added: HistoryEntry[] = [...(opts.had ?? [])];
  /** Ids deleted by the user (`forget`): the store adds none of them back. */
  const forgotten = new Set<string>();
  /** Every entry kept, in order (the same id twice: kept as sent, then with its answer). */
  const log: HistoryEntry[] = [];
  // As the store does: an entry with a kept one's id replaces it, but a request's entry never
  // replaces one kept (its answer's); a deleted id is not added back.
  const history = {
    add: async (e: HistoryEntry) => {
      log.push(e);
      if (forgotten.has(e.id)) return;
      const i = added.findIndex((x) => x.id === e.id);
      if (i >= 0 && e.status.kind !== "sent") added[i] = e;
      else if (i < 0) added.push(e);
    },
    remove: async (id: string) => {
      forgotten.add(id);
      const i = added.findIndex((x) => x.id === id);
      if (i >= 0) added.splice(i, 1);
    },
    load: async () => {},
    getSnapshot: () => ({ entries: added, loaded: true, storageProblem: undefined }),
    isForgotten: (id: string) => forgotten.has(id),
  } as unknown as HistoryStore;
  /** How many times the recorder asked for the history (its code is loaded when an entry is kept). */
  const asked = { count: 0 };
  const stop = startHistoryRecording(
    client,
    {
      get: async () => {
        asked.count++;
        // The first ask loads the history's chunk (slow); later ones find it there.
        if (opts.slowFirstLoad && asked.count === 1) await new Promise((r) => setTimeout(r, 50));
        return history;
      },
      current: () => (asked.count > 0 ? history : undefined),
    },
    () => [KEY],
    opts.page ?? fakePage().page,
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
    history,
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

/**
 * A send shown, its request's entry kept, its answer in: the answer's entry waits for idle time
 * (the caller's fake timers hold it). The page is `fire`d by the caller.
 */
async function answerWaitingForIdle() {
  const { page, storage, fire } = fakePage();
  const first = setup({ page });
  first.leave();
  first.show();
  await vi.waitFor(() => expect(first.log).toHaveLength(1));
  await first.answer();
  return { storage, fire, first };
}

describe("startHistoryRecording", () => {
  // The recorder loads the entry's code with the first entry. Transformed here first: on a busy
  // machine its first load outlasted the fake second after which the answer's entry is kept.
  beforeAll(() => prefetchEntryCode());

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

  it("a page left before its send was kept writes the request, scrubbed of the keys, to localStorage; the next page keeps it in the history", async () => {
    const { page, storage, fire } = fakePage();
    const first = setup({ page });
    first.leave();
    fire(true); // a reload in the send's first moments: the entry is not in the history yet
    expect(first.log).toEqual([]);
    const record = [...storage.items.values()].join("");
    expect(JSON.parse(record)).toMatchObject([{ method: "eth_getBlockByNumber", status: { kind: "sent" } }]);
    expect(record).not.toContain(KEY);
    first.stop();
    first.unsubscribe();

    const next = setup({ page: fakePage(storage).page });
    await vi.waitFor(() => expect(next.added).toHaveLength(1));
    expect(next.added[0]).toEqual(JSON.parse(record)[0]);
    await vi.waitFor(() => expect(storage.items.size).toBe(0));
    next.stop();
    next.unsubscribe();
  });

  it("the next page does not bring back a request whose entry is in the history (with its answer), nor one the schema refuses", async () => {
    const { page, storage, fire } = fakePage();
    const first = setup({ page });
    first.leave();
    fire(true);
    const [left] = JSON.parse([...storage.items.values()][0]!) as HistoryEntry[];
    storage.setItem("rpc-playground:history-leaving:other", JSON.stringify([{ id: "x", at: "soon" }]));
    first.stop();
    first.unsubscribe();

    const answered = { ...left!, status: { kind: "ok" as const } };
    const next = setup({ page: fakePage(storage).page, had: [answered] });
    await vi.waitFor(() => expect(storage.items.size).toBe(0));
    expect(next.added).toEqual([answered]);
    next.stop();
    next.unsubscribe();
  });

  it("a request kept in the history leaves the record; a page shown again removes it, and writes it again when left again", async () => {
    const { page, storage, fire } = fakePage();
    const { log, leave, show, stop, unsubscribe } = setup({ page });
    leave();
    fire(true); // hidden
    expect(storage.items.size).toBe(1);
    fire(false); // shown again: the record goes, the request is still to keep
    expect(storage.items.size).toBe(0);
    fire(true);
    expect(storage.items.size).toBe(1);
    show();
    await vi.waitFor(() => expect(log).toHaveLength(1));
    await vi.waitFor(() => expect(storage.items.size).toBe(0));
    fire(true); // nothing left to write
    expect(storage.items.size).toBe(0);
    stop();
    unsubscribe();
  });

  it("a page left after an answer came, before its entry was kept in idle time, writes the answer's entry; the next page puts it in place of the request's", async () => {
    vi.useFakeTimers();
    try {
      const { storage, fire, first } = await answerWaitingForIdle();
      fire(true);
      const [left] = JSON.parse([...storage.items.values()][0]!) as HistoryEntry[];
      expect(left?.status).toEqual({ kind: "ok" });
      expect(left?.id).toBe(first.log[0]?.id);
      expect(left?.answer).toEqual({ jsonrpc: "2.0", id: 7, result: "0x1" });
      expect(JSON.stringify(left)).not.toContain(KEY);
      // The page is gone: no stop (a stop keeps the waiting entries at once).
      first.unsubscribe();
      vi.useRealTimers();

      const next = setup({ page: fakePage(storage).page, had: [first.log[0]!] });
      await vi.waitFor(() => expect(next.added.map((e) => e.status.kind)).toEqual(["ok"]));
      await vi.waitFor(() => expect(storage.items.size).toBe(0));
      next.stop();
      next.unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it("an entry the user deleted before its answer was kept is not written as the page is left", async () => {
    vi.useFakeTimers();
    try {
      const { storage, fire, first } = await answerWaitingForIdle();
      await first.history.remove(first.log[0]!.id); // deleted in the History tab meanwhile
      fire(true);
      expect(storage.items.size).toBe(0);
      first.unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });
});
