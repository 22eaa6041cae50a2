import { describe, expect, it } from "vitest";
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

  it("adds entries and evicts the oldest from memory and from the backend", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    const es = [1, 2, 3, 4, 5].map((at) => entry({ at }));
    for (const e of es) await store.add(e);
    expect(store.getSnapshot().entries.map((e) => e.at)).toEqual([5, 4, 3]);
    expect([...backend.rows.values()].map((e) => e.at).sort()).toEqual([3, 4, 5]);
  });

  it("keeps an entry added before loading finished", async () => {
    const old = entry({ at: 1 });
    const store = createHistoryStore(memoryBackend([old]), limits);
    const fresh = entry({ at: 9 });
    await store.add(fresh);
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

  it("imports without duplicates, within the limits", async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, limits);
    const [a, b, c, d] = [1, 2, 3, 4].map((at) => entry({ at }));
    await store.add(b!);
    const outcome = await store.importEntries([a!, b!, c!, d!]);
    expect(outcome).toEqual({ added: 2, duplicates: 1, dropped: 1 });
    expect(store.getSnapshot().entries).toEqual([d, c, b]);
    expect(backend.rows.size).toBe(3);
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
    expect(store.getSnapshot().storageProblem).toBe("1 stored entry was unreadable and was removed.");
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
