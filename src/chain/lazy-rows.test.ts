import { describe, expect, it } from "vitest";
import { budget, eagerRows, lazyRows, memoByIdentity, runToEnd, tally } from "./lazy-rows.ts";

describe("lazyRows", () => {
  it("decodes a row the first time it is read, once", () => {
    const seen: number[] = [];
    const rows = lazyRows([10, 20, 30], (n) => {
      seen.push(n);
      return n * 2;
    });
    expect(rows.length).toBe(3);
    expect(seen).toEqual([]);
    expect(rows.at(1)).toBe(40);
    expect(rows.at(1)).toBe(40);
    expect(seen).toEqual([20]);
    expect(rows.toArray()).toEqual([20, 40, 60]);
    expect([...rows]).toEqual([20, 40, 60]);
    expect(seen).toEqual([20, 10, 30]);
  });

  it("gives undefined outside the list, without decoding", () => {
    let calls = 0;
    const rows = lazyRows([{ a: 1 }], (x) => {
      calls += 1;
      return x.a;
    });
    for (const i of [-1, 1, 0.5, Number.NaN]) expect(rows.at(i)).toBeUndefined();
    expect(calls).toBe(0);
  });

  it("keeps a row that decodes to undefined without decoding it again", () => {
    let calls = 0;
    const rows = lazyRows([1], () => {
      calls += 1;
      return undefined;
    });
    rows.at(0);
    rows.at(0);
    expect(calls).toBe(1);
  });

  it("eagerRows wraps rows already made", () => {
    expect(eagerRows(["a", "b"]).toArray()).toEqual(["a", "b"]);
  });
});

describe("memoByIdentity", () => {
  it("decodes an object once, however many lists it is in (a longer answer shares its elements)", () => {
    let calls = 0;
    const decode = memoByIdentity((o: { n: number } | number) => {
      calls += 1;
      return typeof o === "number" ? o : o.n;
    });
    const a = { n: 1 };
    const b = { n: 2 };
    const first = lazyRows([a], decode);
    const longer = lazyRows([a, b], decode);
    expect(first.at(0)).toBe(1);
    expect(longer.toArray()).toEqual([1, 2]);
    expect(calls).toBe(2);
    // A different object with the same content is another element: decoded on its own.
    expect(decode({ n: 1 })).toBe(1);
    expect(calls).toBe(3);
    // Values that are not objects cannot be keys: decoded each time.
    decode(5);
    decode(5);
    expect(calls).toBe(5);
  });
});

describe("tally", () => {
  it("counts in steps while `more` allows, at least one item a step", () => {
    const t = tally([1, 2, 3, 4, 5], (n) => n);
    expect(t.value).toBeNull();
    expect(t.run(() => false)).toBeNull();
    expect(t.counted).toBe(1);
    let allowed = 2;
    expect(t.run(() => --allowed > 0)).toBeNull();
    expect(t.counted).toBe(3);
    expect(t.run(() => true)).toBe(15);
    expect(t.value).toBe(15);
    expect(t.run(() => false)).toBe(15);
  });

  it("goes on from an earlier count of the items it begins with", () => {
    const t = tally([1, 2, 3, 4, 5], (n) => n, { counted: 2, partial: 3 });
    expect(t.counted).toBe(2);
    expect(t.partial).toBe(3);
    expect(runToEnd(t)).toBe(15);
    // All of it counted already: done at once.
    expect(tally([1, 2], (n) => n, { counted: 2, partial: 3 }).value).toBe(3);
  });

  it("an empty list is counted at once", () => {
    expect(tally([], () => 1).value).toBe(0);
    expect(runToEnd(tally([], () => 1))).toBe(0);
  });

  it("budget says stop once the time is spent", () => {
    let now = 100;
    const more = budget(5, () => now);
    expect(more()).toBe(true);
    now = 104.9;
    expect(more()).toBe(true);
    now = 105;
    expect(more()).toBe(false);
  });
});
