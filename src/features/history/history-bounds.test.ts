import { describe, expect, it } from "vitest";
import {
  applyBounds,
  entrySize,
  fillRoom,
  keptWithin,
  newestFirst,
  roomLeft,
  sliceByBytes,
  totalSize,
} from "./history-bounds.ts";
import { entry } from "./test-fixtures.ts";

const ids = (es: { id: string }[]) => es.map((e) => e.id);

describe("applyBounds", () => {
  it("keeps everything within the limits, newest first", () => {
    const [a, b, c] = [entry({ at: 1 }), entry({ at: 3 }), entry({ at: 2 })];
    const r = applyBounds([a!, b!, c!], { maxEntries: 10, maxTotalBytes: 1e9 });
    expect(ids(r.keep)).toEqual([b!.id, c!.id, a!.id]);
    expect(r.dropped).toEqual([]);
  });

  it("drops the oldest beyond the entry count", () => {
    const es = Array.from({ length: 205 }, (_, i) => entry({ at: i }));
    const r = applyBounds(es, { maxEntries: 200, maxTotalBytes: 1e9 });
    expect(r.keep).toHaveLength(200);
    expect(r.keep[0]!.at).toBe(204);
    expect(r.dropped.map((e) => e.at)).toEqual([4, 3, 2, 1, 0]);
  });

  it("drops the oldest beyond the total size, never a newer one to keep an older", () => {
    const small1 = entry({ at: 1, pad: 1 });
    const small2 = entry({ at: 2, pad: 50 });
    const big = entry({ at: 3, pad: 1000 });
    const newest = entry({ at: 4, pad: 10 });
    const limit = entrySize(newest) + entrySize(big) + entrySize(small2) - 1;
    const r = applyBounds([small1, small2, big, newest], { maxEntries: 10, maxTotalBytes: limit });
    expect(ids(r.keep)).toEqual([newest.id, big.id]);
    // small1 would fit by size, but it is older than small2, which did not.
    expect(ids(r.dropped)).toEqual([small2.id, small1.id]);
    expect(totalSize(r.keep)).toBeLessThanOrEqual(limit);
    expect(totalSize(r.keep) + entrySize(small1)).toBeLessThanOrEqual(limit);
  });

  it("always keeps the newest entry, whatever its size", () => {
    const huge = entry({ at: 9, pad: 5000 });
    const old = entry({ at: 1 });
    const r = applyBounds([old, huge], { maxEntries: 5, maxTotalBytes: 100 });
    expect(ids(r.keep)).toEqual([huge.id]);
    expect(ids(r.dropped)).toEqual([old.id]);
  });

  it("keeps as applyBounds does what the stored history knows of its entries: their sizes alone", () => {
    // The database's sizes (history-db.ts), newest first: the cut is where a limit would break.
    const sizes = [{ bytes: 300 }, { bytes: 500 }, { bytes: 200 }, { bytes: 100 }];
    const bytes = (r: { bytes: number }) => r.bytes;
    expect(keptWithin(sizes, bytes, { maxEntries: 10, maxTotalBytes: 1000 })).toBe(3);
    expect(keptWithin(sizes, bytes, { maxEntries: 10, maxTotalBytes: 799 })).toBe(1);
    expect(keptWithin(sizes, bytes, { maxEntries: 2, maxTotalBytes: 1e9 })).toBe(2);
    // The newest stays, whatever its size; an empty store keeps nothing.
    expect(keptWithin(sizes, bytes, { maxEntries: 10, maxTotalBytes: 1 })).toBe(1);
    expect(keptWithin([], bytes, { maxEntries: 10, maxTotalBytes: 1 })).toBe(0);
    const es = [entry({ at: 4 }), entry({ at: 3 }), entry({ at: 2 })];
    const limits = { maxEntries: 10, maxTotalBytes: entrySize(es[0]!) + entrySize(es[1]!) };
    expect(keptWithin(es, entrySize, limits)).toBe(applyBounds(es, limits).keep.length);
  });

  it("orders entries of the same moment as given", () => {
    const [a, b] = [entry({ at: 5 }), entry({ at: 5 })];
    expect(ids(newestFirst([a!, b!]))).toEqual([a!.id, b!.id]);
    const [c, d] = [entry({ at: 3 }), entry({ at: 1 })];
    expect(ids(newestFirst([c!, a!, d!, b!]))).toEqual([a!.id, b!.id, c!.id, d!.id]);
  });

  it("gives entries already newest first back as a new array, in their order", () => {
    const es = [entry({ at: 9 }), entry({ at: 4 }), entry({ at: 4 }), entry({ at: 2 })];
    const out = newestFirst(es);
    expect(out).not.toBe(es);
    expect(ids(out)).toEqual(ids(es));
  });

  it("measures an entry as the UTF-8 bytes of its JSON", () => {
    const e = entry({ method: "é" });
    expect(entrySize(e)).toBe(new TextEncoder().encode(JSON.stringify(e)).length);
  });
});

describe("roomLeft and fillRoom", () => {
  it("leaves the limits minus what is there, never below zero", () => {
    const es = [entry(), entry()];
    expect(roomLeft(es, { maxEntries: 5, maxTotalBytes: 1e6 })).toEqual({
      entries: 3,
      bytes: 1e6 - totalSize(es),
    });
    expect(roomLeft(es, { maxEntries: 1, maxTotalBytes: 10 })).toEqual({ entries: 0, bytes: 0 });
  });

  it("takes candidates newest first within both limits, passing over one too big for the bytes left", () => {
    const [a, b, c, d] = [entry({ pad: 10 }), entry({ pad: 5000 }), entry({ pad: 10 }), entry({ pad: 10 })];
    const room = { entries: 2, bytes: entrySize(a!) + entrySize(c!) };
    expect(fillRoom(room, [a!, b!, c!, d!])).toEqual({ kept: [a, c], left: 2 });
    expect(fillRoom({ entries: 0, bytes: 1e9 }, [a!])).toEqual({ kept: [], left: 1 });
  });
});

describe("sliceByBytes", () => {
  it("cuts entries into runs of at most the bytes given; a bigger entry is a run of its own", () => {
    const small = [entry({ pad: 100 }), entry({ pad: 100 }), entry({ pad: 100 })];
    const big = entry({ pad: 5000 });
    const max = entrySize(small[0]!) * 2 + 10;
    const runs = sliceByBytes([...small, big], max);
    expect(runs.map((r) => r.length)).toEqual([2, 1, 1]);
    expect(runs.flat()).toEqual([...small, big]);
    expect(sliceByBytes([], max)).toEqual([]);
  });
});
