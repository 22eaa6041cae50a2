import { describe, expect, it } from "vitest";
import { jsonBlobInSlices, stringifyDeep } from "./json-text.ts";
import { isHeldRow } from "./row-text.ts";
import { heldSlice, mainnetFixtures } from "./test-fixtures.ts";

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe("stringifyDeep", () => {
  it("writes what JSON.stringify writes, indented or not", () => {
    const values: unknown[] = [
      null,
      'x\n"',
      0,
      -1.5e300,
      true,
      [],
      {},
      [1, [2, { a: [] }], { b: {} }],
      { a: undefined, b: () => 1, c: [undefined, 2], d: new Date(0) },
      nested(40),
    ];
    for (const v of values) {
      expect(stringifyDeep(v)).toBe(JSON.stringify(v, null, 2));
      expect(stringifyDeep(v, 0)).toBe(JSON.stringify(v));
    }
  });

  it("writes every real mainnet answer exactly as JSON.stringify", () => {
    for (const f of mainnetFixtures())
      expect(stringifyDeep(f.response)).toBe(JSON.stringify(f.response, null, 2));
  });

  it("writes a big answer's rows kept as their text (row-text.ts) as their parsed values", () => {
    let blocks = 0;
    for (const f of mainnetFixtures()) {
      const txs = (f.response as { result?: { transactions?: unknown } }).result?.transactions;
      if (!Array.isArray(txs) || typeof txs[0] !== "object") continue;
      const held = heldSlice(txs);
      const answer = {
        ...f.response,
        result: { ...(f.response as { result: object }).result, transactions: held },
      };
      expect(held.some(isHeldRow)).toBe(true);
      expect(stringifyDeep(answer)).toBe(JSON.stringify(f.response, null, 2));
      expect(stringifyDeep(answer, 0)).toBe(JSON.stringify(f.response));
      blocks++;
    }
    expect(blocks).toBeGreaterThan(0);
  });

  it("writes an answer nested 20,000 levels deep, where JSON.stringify overflows the stack", () => {
    const deep = nested(20_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyDeep(deep, 0);
    expect(text.startsWith('[{"a":[{"a":') || text.startsWith('{"a":[{"a":')).toBe(true);
    expect(text.length).toBeGreaterThan(60_000);
  });
});

describe("jsonBlobInSlices", () => {
  const textOf = async (v: unknown, indent = 2, slices?: Parameters<typeof jsonBlobInSlices>[3]) =>
    (await jsonBlobInSlices(v, "application/json", indent, slices)).text();

  it("writes the same text as stringifyDeep, a slice at a time", async () => {
    // A block of 3,000 transactions' shape, each part small enough for JSON.stringify itself.
    const tx = mainnetFixtures()[0]?.response;
    const block = { jsonrpc: "2.0", id: 1, result: { number: "0x1", transactions: Array(3_000).fill(tx) } };
    let clock = 0;
    let yields = 0;
    const slices = {
      // Each read of the clock moves it a millisecond: a slice of 8 ms is 8 reads.
      now: () => clock++,
      yieldTo: async () => {
        yields += 1;
      },
    };
    expect(await textOf(block, 2, slices)).toBe(JSON.stringify(block, null, 2));
    expect(yields).toBeGreaterThan(5);
  });

  it("indents parts written by JSON.stringify where they sit, up to the writer's own limit of 64 levels", async () => {
    for (const depth of [10, 63, 64, 65, 100]) {
      const v = nested(depth);
      const text = await textOf({ deep: v, s: "line\nbreak" });
      expect(JSON.parse(text)).toEqual({ deep: v, s: "line\nbreak" });
      expect(text).toBe(stringifyDeep({ deep: v, s: "line\nbreak" }));
      const widest = Math.max(...text.split("\n").map((l) => l.length - l.trimStart().length));
      expect(widest).toBeLessThanOrEqual(2 * 64);
      if (depth < 60) expect(text).toBe(JSON.stringify({ deep: v, s: "line\nbreak" }, null, 2));
    }
  });

  it("encodes to UTF-8, with its type", async () => {
    const v = { s: "é€😀\u2028", n: [1, "ü"] };
    const blob = await jsonBlobInSlices(v, "text/plain");
    expect(blob.type).toBe("text/plain");
    expect(blob.size).toBe(new TextEncoder().encode(JSON.stringify(v, null, 2)).length);
    expect(await blob.text()).toBe(JSON.stringify(v, null, 2));
  });

  it("writes an answer nested 20,000 levels deep", async () => {
    expect(await textOf(nested(20_000), 0)).toBe(stringifyDeep(nested(20_000), 0));
  });
});
