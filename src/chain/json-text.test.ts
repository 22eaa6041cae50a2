import { describe, expect, it } from "vitest";
import { stringifyDeep } from "./json-text.ts";
import { mainnetFixtures } from "./test-fixtures.ts";

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

  it("writes an answer nested 20,000 levels deep, where JSON.stringify overflows the stack", () => {
    const deep = nested(20_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyDeep(deep, 0);
    expect(text.startsWith('[{"a":[{"a":') || text.startsWith('{"a":[{"a":')).toBe(true);
    expect(text.length).toBeGreaterThan(60_000);
  });
});
