import { describe, expect, it } from "vitest";
import {
  forgetReadRows,
  heldRows,
  holdRows,
  isHeldRow,
  objectRowsIn,
  outlineOf,
  rowOutline,
  rowValue,
} from "./row-text.ts";
import { heldSlice, sliceOf } from "./test-fixtures.ts";

const tx = (i: number) => ({
  hash: `0x${i.toString(16).padStart(64, "0")}`,
  value: "0x1",
  accessList: [{ address: "0xab", storageKeys: ["0x01"] }],
  input: 'a "quoted", [bracketed] {text}',
  extra: null,
});

describe("rows kept as their text", () => {
  it("answer as the parsed rows do: keys, values, nesting, `in`, JSON, equality, prototype", () => {
    for (const spaced of [false, true]) {
      const rows = [tx(1), "0xhash", 7, [1, 2], tx(2), null];
      const held = heldSlice(rows, spaced);
      expect(held.map(isHeldRow)).toEqual([true, false, false, false, true, false]);
      const row = held[0] as ReturnType<typeof tx>;
      expect(row.hash).toBe(tx(1).hash);
      expect(row.accessList[0]?.storageKeys).toEqual(["0x01"]);
      expect(Object.keys(row)).toEqual(Object.keys(tx(1)));
      expect("extra" in row && !("missing" in row)).toBe(true);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(held).toEqual(rows);
      expect(JSON.parse(JSON.stringify(held))).toEqual(rows);
      expect({ ...row }).toEqual(tx(1));
    }
  });

  it("are read again from the text once forgotten, and refuse writes", () => {
    const [a] = heldSlice([tx(1), tx(2)]) as [ReturnType<typeof tx>];
    const list = a.accessList;
    expect(a.accessList).toBe(list); // the last rows read stay parsed
    forgetReadRows();
    expect(a.accessList).not.toBe(list);
    expect(a.accessList).toEqual(list);
    expect(() => {
      (a as { value: string }).value = "0x2";
    }).toThrow(TypeError);
    expect(a.value).toBe("0x1");
  });

  it("keep the rows as parsed when the ends do not match them", () => {
    const json = JSON.stringify([tx(1), tx(2)]);
    const parsed = JSON.parse(json) as unknown[];
    expect(holdRows(parsed, json, Int32Array.from([5])).some(isHeldRow)).toBe(false);
    // As many ends as rows, but not where the rows end: kept as parsed, never read wrong later.
    const first = json.indexOf("},{") + 1;
    const wrong = Int32Array.from([first - 3, json.length - 1]);
    const kept = holdRows(JSON.parse(json) as unknown[], json, wrong);
    expect(kept.some(isHeldRow)).toBe(false);
    expect(kept).toEqual([tx(1), tx(2)]);
    // The right ends, with whitespace around the rows: held.
    const spaced = `[ ${JSON.stringify(tx(1))} ,\n ${JSON.stringify(tx(2))}\n]`;
    const at = spaced.indexOf(",\n");
    const held = holdRows(JSON.parse(spaced) as unknown[], spaced, Int32Array.from([at, spaced.length - 1]));
    expect(held.every(isHeldRow)).toBe(true);
    expect(held).toEqual([tx(1), tx(2)]);
  });

  it("are checked by the worker and kept unparsed by the page: only a slice of objects, each between its ends", () => {
    const good = sliceOf([tx(1), tx(2)]);
    expect(objectRowsIn(good.json, good.ends)).toEqual([tx(1), tx(2)]);
    const held = heldRows(good.json, good.ends);
    expect(held.every(isHeldRow)).toBe(true);
    expect(held).toEqual([tx(1), tx(2)]);
    // Not all objects, not JSON, or ends that miss the rows: the page parses that slice itself.
    const mixed = sliceOf([tx(1), "0xhash"]);
    expect(objectRowsIn(mixed.json, mixed.ends)).toBeNull();
    expect(objectRowsIn(good.json.replace('"0x1"', "0x1"), good.ends)).toBeNull();
    expect(objectRowsIn(good.json, Int32Array.from([5, good.json.length - 1]))).toBeNull();
    expect(objectRowsIn(good.json, Int32Array.from([good.json.length - 1]))).toBeNull();
  });

  it("have outlines: their fields, each list's length (items null) and each object empty", () => {
    const row = JSON.parse(
      '{"a":"0x1","n":null,"logs":[{"x":1},{"x":2}],"o":{"k":1},"__proto__":"0x2"}',
    ) as object;
    const outline = outlineOf(row);
    expect(JSON.stringify(outline)).toBe('{"a":"0x1","n":null,"logs":[null,null],"o":{},"__proto__":"0x2"}');
    // A field named "__proto__" is a field of the outline, as of the row, not its prototype.
    expect(Object.getPrototypeOf(outline)).toBe(Object.prototype);
  });

  it("are read for their outlines without being parsed, when their slice came with them; else read whole", () => {
    // Rows whose text would not parse: reading an outline never reads the row.
    const json = "[{oops},{oops}]";
    const ends = Int32Array.from([7, 14]);
    const a = heldRows(
      json,
      ends,
      JSON.stringify([
        { n: 1, logs: [null] },
        { n: 2, logs: [] },
      ]),
    );
    expect(a.map(rowOutline)).toEqual([
      { n: 1, logs: [null] },
      { n: 2, logs: [] },
    ]);
    // Each slice's outlines are read once, in order: a slice's read again later (another slice's
    // read between) gives its rows themselves.
    const b = heldRows(sliceOf([tx(3)]).json, sliceOf([tx(3)]).ends, JSON.stringify([outlineOf(tx(3))]));
    expect(rowOutline(b[0])).toEqual(outlineOf(tx(3)));
    expect(rowOutline(a[1])).toBe(a[1]);
    // Rows without outlines, and values that are no rows kept as text, are their own outlines.
    const plain = heldSlice([tx(4)]);
    expect(rowOutline(plain[0])).toBe(plain[0]);
    expect(rowOutline(tx(5))).toEqual(tx(5));
    expect(rowOutline(7)).toBe(7);
  });

  it("are told apart from other values without being read (their proxy says so, no table of them)", () => {
    // A row whose text is not JSON (the worker's check bypassed): a held row all the same until read.
    const rows = heldRows('[{"a":1},{oops}]', Int32Array.from([8, 15]));
    expect(rows.every(isHeldRow)).toBe(true);
    expect(() => (rows[1] as { a?: number }).a).toThrow(SyntaxError);
    expect(rowValue(rows[0])).toEqual({ a: 1 });
    expect(Object.getOwnPropertySymbols(rows[0] as object)).toEqual([]);
    for (const other of [{ a: 1 }, [1], null, "x", 1, Object.create(null)]) {
      expect(isHeldRow(other)).toBe(false);
      expect(rowValue(other)).toBe(other);
    }
  });

  it("stay parsed by the few read last and by their size: a big row read is parsed again after another big one", () => {
    const big = (i: number) => ({ ...tx(i), input: `0x${"ab".repeat(40_000)}` });
    const [a, b] = heldSlice([big(1), big(2)]) as [ReturnType<typeof tx>, ReturnType<typeof tx>];
    const small = heldSlice([tx(1), tx(2), tx(3)]) as ReturnType<typeof tx>[];
    forgetReadRows();
    const list = a.accessList;
    expect(b.value).toBe("0x1");
    expect(a.accessList).not.toBe(list); // over 64 KB of text: a let go when b was read
    expect(a.accessList).toEqual(list);
    const lists = small.map((r) => r.accessList);
    expect(small.map((r) => r.accessList)).toEqual(lists);
    for (const [i, r] of small.entries()) expect(r.accessList).toBe(lists[i]); // small ones stay parsed
  });
});
