import { describe, expect, it, vi } from "vitest";
import { importSummary, planImport } from "./history-import.ts";
import { EXPORT_FORMAT } from "./history-io.ts";
import { createHistoryStore, type HistoryBackend, memoryBackend } from "./history-store.ts";
import { entry } from "./test-fixtures.ts";

const limits = { maxEntries: 3, maxTotalBytes: 1e9 };

describe("createHistoryStore", () => {
  it("loads what the backend holds, newest first", async () => {
    const [a, b] = [entry({ at: 1 }), entry({ at: 2 })];
    const store = createHistoryStore(memoryBackend([a, b]), limits);
    expect(store.getSnapshot().loaded).toBe(false);
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ loaded: true, entries: [b, a] });
  });

  it("adds entries and evicts the oldest from memory and from the backend, in the write that keeps the new one", async () => {
    const backend = memoryBackend();
    const writes: string[] = [];
    const store = createHistoryStore(
      {
        ...backend,
        put: (es, drop) => {
          writes.push(`put ${es.map((e) => e.at)} drop ${(drop ?? []).length}`);
          return backend.put(es, drop);
        },
        remove: (ids) => {
          writes.push(`remove ${ids.length}`);
          return backend.remove(ids);
        },
      },
      limits,
    );
    const es = [1, 2, 3, 4, 5].map((at) => entry({ at }));
    for (const e of es) await store.add(e);
    expect(store.getSnapshot().entries.map((e) => e.at)).toEqual([5, 4, 3]);
    expect([...backend.rows.values()].map((e) => e.at).sort()).toEqual([3, 4, 5]);
    expect(writes).toEqual(["put 1 drop 0", "put 2 drop 0", "put 3 drop 0", "put 4 drop 1", "put 5 drop 1"]);
  });

  it("replaces the entry kept when a request left with the one that has its answer (same id)", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    const sent = entry({ at: 7, status: { kind: "sent" } });
    await store.add(sent);
    const answered = { ...sent, status: { kind: "ok" as const } };
    await store.add(answered);
    expect(store.getSnapshot().entries).toEqual([answered]);
    expect([...backend.rows.values()]).toEqual([answered]);
    // Never the other way round: a late "sent" does not hide the answer.
    await store.add(sent);
    expect(store.getSnapshot().entries).toEqual([answered]);
  });

  it("writes a request kept as it leaves at once, not behind the writes queued before it", async () => {
    const backend = memoryBackend();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const put = backend.put;
    const slow: HistoryBackend = {
      ...backend,
      put: async (es) => {
        if (es.some((e) => e.at === 1)) await held;
        return put(es);
      },
    };
    const store = createHistoryStore(slow, limits);
    await store.load();
    const earlier = store.add(entry({ at: 1 }));
    const sent = entry({ at: 2, status: { kind: "sent" } });
    const kept = store.add(sent);
    await Promise.resolve();
    // In storage while the earlier write still waits: a reload now keeps it.
    expect([...backend.rows.keys()]).toEqual([sent.id]);
    release();
    await Promise.all([earlier, kept]);
    expect(store.getSnapshot().entries.map((e) => e.at)).toEqual([2, 1]);
    // Cleared after it left, it stays cleared: the queued write goes before the clear.
    await store.clear();
    expect([...backend.rows.keys()]).toEqual([]);
  });

  it("removes a stored entry dated more than a day ahead (one an older import kept), and says so", async () => {
    const backend = memoryBackend([entry({ at: 8.64e15 }), entry({ at: 5 })]);
    const store = createHistoryStore(backend, limits);
    await store.load();
    expect(store.getSnapshot().entries.map((e) => e.at)).toEqual([5]);
    expect(store.getSnapshot().storageProblem).toBe(
      "1 stored entry was dated in the future (from an older import) and removed.",
    );
    expect([...backend.rows.values()].map((e) => e.at)).toEqual([5]);
  });

  it("adds without reading the stored history, and a later load shows both", async () => {
    const old = entry({ at: 1 });
    const backend = memoryBackend([old]);
    const loadAll = vi.spyOn(backend, "loadAll");
    const store = createHistoryStore(backend, limits);
    const fresh = entry({ at: 9 });
    await store.add(fresh);
    expect(loadAll).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ entries: [fresh], loaded: false });
    expect([...backend.rows.values()]).toEqual([old, fresh]);
    await store.load();
    expect(store.getSnapshot().entries).toEqual([fresh, old]);
  });

  it("trims what it loads to the limits", async () => {
    const backend = memoryBackend([1, 2, 3, 4].map((at) => entry({ at })));
    const store = createHistoryStore(backend, limits);
    await store.load();
    expect(store.getSnapshot().entries).toHaveLength(3);
    expect(backend.rows.size).toBe(3);
  });

  it("deletes one entry and clears all", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    const [a, b] = [entry({ at: 1 }), entry({ at: 2 })];
    await store.add(a);
    await store.add(b);
    await store.remove(a.id);
    expect(store.getSnapshot().entries).toEqual([b]);
    expect([...backend.rows.keys()]).toEqual([b.id]);
    await store.clear();
    expect(store.getSnapshot().entries).toEqual([]);
    expect(backend.rows.size).toBe(0);
  });

  it("does not add back an entry the user deleted or cleared: a send's answer, kept a moment after it shows", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    await store.load();
    const [a, b] = [entry({ at: 1, status: { kind: "sent" } }), entry({ at: 2, status: { kind: "sent" } })];
    await store.add(a);
    await store.add(b);
    await store.remove(a.id);
    await store.add({ ...a, status: { kind: "ok" } });
    expect(store.getSnapshot().entries.map((e) => e.id)).toEqual([b.id]);
    // A clear asked for while b's answer waits in the queue behind it.
    const cleared = store.clear();
    const answered = store.add({ ...b, status: { kind: "ok" } });
    await Promise.all([cleared, answered]);
    expect(store.getSnapshot().entries).toEqual([]);
    expect(backend.rows.size).toBe(0);
    expect(store.isForgotten(a.id) && store.isForgotten(b.id)).toBe(true);
    // A new send is kept as ever.
    const c = entry({ at: 3 });
    await store.add(c);
    expect(store.getSnapshot().entries).toEqual([c]);
  });

  it("imports without duplicates, within the room the entries there leave: none of them is dropped", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    const [a, b, c, d] = [1, 2, 3, 4].map((at) => entry({ at }));
    await store.add(b!);
    const outcome = await store.importEntries([a!, b!, c!, d!]);
    expect(outcome).toEqual({ kept: [d, c], duplicates: 1, noRoom: 1, had: 1, limits });
    expect(store.getSnapshot().entries).toEqual([d, c, b]);
    expect(backend.rows.size).toBe(3);
    // Full: an import keeps nothing more, and the user's entries stay.
    expect(await store.importEntries([entry({ at: 99 })])).toMatchObject({ kept: [], noRoom: 1 });
    expect(store.getSnapshot().entries).toEqual([d, c, b]);
  });

  it("imports a file through a reader given what is there: the user's entries first, the far future refused, big answers trimmed, written in slices", async () => {
    const mine = [entry({ at: 100 }), entry({ at: 101 })];
    const backend = memoryBackend(mine);
    const puts: number[] = [];
    const store = createHistoryStore(
      {
        ...backend,
        put: async (es) => {
          puts.push(es.length);
          await backend.put(es);
        },
      },
      { maxEntries: 12, maxTotalBytes: 1e9 },
    );
    const pad = 200 * 1024;
    const incoming = [
      entry({ at: 8.64e15, pad: 20 * 1024 * 1024 }),
      entry({ at: 50, pad: 300 * 1024 }),
      ...Array.from({ length: 20 }, (_, i) => entry({ at: i, pad })),
    ];
    const text = JSON.stringify({ format: EXPORT_FORMAT, version: 1, entries: incoming });
    const now = 1_800_000_000_000;
    const report = await store.importFrom((basis) => Promise.resolve(planImport(text, basis)), now);
    if (!report.ok) throw new Error(report.message);
    const { entries } = store.getSnapshot();
    expect(entries).toHaveLength(12);
    expect(entries.slice(0, 2)).toEqual([mine[1], mine[0]]);
    expect(entries[2]).toMatchObject({ id: incoming[1]!.id, answerOmitted: "too-large" });
    expect(entries.map((e) => e.at)).not.toContain(8.64e15);
    expect(report.plan.refused.future.count).toBe(1);
    expect(report.plan.noRoom).toBe(11);
    expect(importSummary("f.json", report.plan, report.outcome).text).toMatch(
      /^Imported 10 entries from f\.json\. 1 entry was refused: 1 is dated more than a day ahead .* 1 answer was over .* 11 entries were not kept: no room left .* Your 2 entries are untouched\.$/,
    );
    // Ten entries of about 200 KB each: written in more than one slice.
    expect(puts.length).toBeGreaterThan(1);
    expect(backend.rows.size).toBe(12);
  });

  it("checks the plan again against entries that came while the file was read", async () => {
    const store = createHistoryStore(memoryBackend(), limits);
    const incoming = [1, 2, 3].map((at) => entry({ at }));
    const text = JSON.stringify({ format: EXPORT_FORMAT, version: 1, entries: incoming });
    const sent = entry({ at: 10 });
    const report = await store.importFrom(async (basis) => {
      await store.add(sent);
      return planImport(text, basis);
    }, 1_800_000_000_000);
    expect(report.ok && report.outcome).toMatchObject({ noRoom: 1, had: 1 });
    expect(store.getSnapshot().entries.map((e) => e.at)).toEqual([10, 3, 2]);
  });

  it("tells listeners, and reports a storage failure instead of throwing", async () => {
    const failing: HistoryBackend = {
      loadAll: async () => [],
      put: async () => {
        throw new Error("QuotaExceededError");
      },
      remove: async () => undefined,
      clear: async () => undefined,
    };
    const store = createHistoryStore(failing, limits);
    let calls = 0;
    store.store.subscribe(() => {
      calls += 1;
    });
    const e = entry();
    await store.add(e);
    expect(calls).toBeGreaterThan(0);
    expect(store.getSnapshot().entries).toEqual([e]);
    expect(store.getSnapshot().storageProblem).toMatch(/refused to keep the entry \(QuotaExceededError\)/);
  });

  it("reports a storage that cannot be read", async () => {
    const store = createHistoryStore({
      ...memoryBackend(),
      loadAll: async () => {
        throw new Error("blocked");
      },
    });
    await store.load();
    expect(store.getSnapshot()).toMatchObject({
      loaded: true,
      storageProblem: expect.stringMatching(/blocked/),
    });
  });

  it("skips and removes a stored row that fails the check (a date no Date can hold), and keeps the rest", async () => {
    const good = entry({ at: 5 });
    const bad = { ...entry({ at: 6 }), at: 1e300 };
    const backend = memoryBackend([good, bad as typeof good]);
    const store = createHistoryStore(backend, limits);
    await store.load();
    expect(store.getSnapshot().entries).toEqual([good]);
    expect(store.getSnapshot().storageProblem).toBe("1 stored entry was unreadable and removed.");
    expect([...backend.rows.keys()]).toEqual([good.id]);
  });
});

describe("storageErrorText", () => {
  it("names the failure even when the browser gives no message", async () => {
    const { storageErrorText } = await import("./history-store.ts");
    const quota = new Error("");
    quota.name = "QuotaExceededError";
    expect(storageErrorText(quota)).toBe("it is full: delete entries or clear the history");
    expect(storageErrorText(new Error(""))).toBe("Error");
    expect(storageErrorText(new Error("disk I/O"))).toBe("disk I/O");
    expect(storageErrorText(undefined)).toBe("no reason given");
  });
});
