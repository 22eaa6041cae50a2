import { describe, expect, it } from "vitest";
import { entrySize, totalSize } from "./history-bounds.ts";
import { type HistoryEntry, MAX_ANSWER_BYTES } from "./history-entry.ts";
import { importBasis, importSummary, planImport, type ReadPlan } from "./history-import.ts";
import { EXPORT_FORMAT } from "./history-io.ts";
import { entry } from "./test-fixtures.ts";

const file = (entries: unknown[]) => JSON.stringify({ format: EXPORT_FORMAT, version: 1, entries });
const now = 1_800_000_000_000;
const limits = { maxEntries: 5, maxTotalBytes: 1e9 };
const ids = (es: readonly HistoryEntry[]) => es.map((e) => e.id);
const big = () => ({ jsonrpc: "2.0", id: 1, result: "x".repeat(MAX_ANSWER_BYTES + 1) });

describe("planImport", () => {
  it("bounds the import by the room the user's entries leave, newest first, and counts the rest", () => {
    const mine = [entry(), entry()];
    const incoming = [1, 2, 3, 4, 5].map((at) => entry({ at }));
    const plan = planImport(file(incoming), importBasis(mine, limits, now));
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.entries.map((e) => e.at)).toEqual([5, 4, 3]);
    expect(plan.noRoom).toBe(2);
  });

  it("bounds the import by the bytes left too", () => {
    const mine = [entry({ pad: 1000 })];
    const incoming = [entry({ at: 2, pad: 500 }), entry({ at: 1, pad: 500 })];
    const room = { maxEntries: 10, maxTotalBytes: totalSize(mine) + entrySize(incoming[0]!) + 10 };
    const plan = planImport(file(incoming), importBasis(mine, room, now));
    expect(plan).toMatchObject({ ok: true, noRoom: 1 });
    expect(plan.ok && ids(plan.entries)).toEqual([incoming[0]!.id]);
  });

  it("skips entries already there (by id or content) before taking room", () => {
    const mine = [entry({ at: 10 })];
    const again = [mine[0]!, { ...mine[0]!, id: "same-content" }, entry({ at: 3 })];
    const plan = planImport(file(again), importBasis(mine, limits, now));
    expect(plan).toMatchObject({ ok: true, duplicates: 2, noRoom: 0 });
    expect(plan.ok && plan.entries).toHaveLength(1);
  });

  it("refuses the far future, trims a big answer, and an entry trimmed then left out is not counted as trimmed", () => {
    const future = entry({ at: 8.64e15, answer: big() });
    const trimmed = entry({ at: 3, answer: big() });
    const trimmedOld = entry({ at: 1, answer: big() });
    const plan = planImport(
      file([future, trimmed, trimmedOld]),
      importBasis([], { ...limits, maxEntries: 1 }, now),
    );
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.refused.future.count).toBe(1);
    expect(ids(plan.entries)).toEqual([trimmed.id]);
    expect(plan.entries[0]).toMatchObject({ answerOmitted: "too-large" });
    expect(plan.entries[0]).not.toHaveProperty("answer");
    expect(plan.trimmedIds).toEqual([trimmed.id]);
    expect(plan.noRoom).toBe(1);
  });

  it("passes a file-level refusal through", () => {
    expect(planImport("{oops", importBasis([], limits, now))).toMatchObject({ ok: false });
  });
});

describe("importSummary", () => {
  const plan = (over: Partial<ReadPlan> = {}): ReadPlan => ({
    ok: true,
    entries: [],
    refused: { key: { count: 0 }, future: { count: 0 }, shape: { count: 0 } },
    trimmedIds: [],
    duplicates: 0,
    noRoom: 0,
    ...over,
  });
  const outcome = (kept: HistoryEntry[], had = 0) => ({
    kept,
    duplicates: 0,
    noRoom: 0,
    had,
    limits: { maxEntries: 200, maxTotalBytes: 8 * 1024 * 1024 },
  });

  it("says what was imported and what was already there", () => {
    expect(importSummary("a.json", plan({ duplicates: 2 }), outcome([entry(), entry()]))).toEqual({
      ok: true,
      text: "Imported 2 entries from a.json; 2 already in the history.",
    });
  });

  it("names every reason: refused (key, future, not an entry), answers left out, no room, and the user's entries untouched", () => {
    const [a, b] = [entry(), entry()];
    const summary = importSummary(
      "big.json",
      plan({
        refused: {
          key: { count: 1, first: 'entry 4: it has a field named "apiKey"' },
          future: { count: 2, first: "entry 1: 275760-09-13 00:00:00" },
          shape: { count: 1, first: "entry 9: method: Invalid input" },
        },
        trimmedIds: [a.id, "left-out-later"],
        noRoom: 100,
      }),
      { ...outcome([a, b], 3), noRoom: 1, duplicates: 1 },
    );
    expect(summary).toEqual({
      ok: false,
      text:
        "Imported 2 entries from big.json; 1 already in the history. " +
        '4 entries were refused: 1 carries an API key (entry 4: it has a field named "apiKey"); ' +
        "2 are dated more than a day ahead (entry 1: 275760-09-13 00:00:00); " +
        "1 is not a history entry (entry 9: method: Invalid input). " +
        "1 answer was over the 256.0 KiB an entry keeps: its entry is kept without it. " +
        "101 entries were not kept: no room left (the history keeps 200 entries and 8.0 MiB, yours first). " +
        "Your 3 entries are untouched.",
    });
  });
});
