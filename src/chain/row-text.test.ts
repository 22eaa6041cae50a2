import { describe, expect, it } from "vitest";
import { forgetReadRows, holdRows, isHeldRow } from "./row-text.ts";
import { heldSlice } from "./test-fixtures.ts";

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
});
