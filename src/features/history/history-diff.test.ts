import { describe, expect, it } from "vitest";
import { diffJson, formatPath, jsonEqual, previewValue } from "./history-diff.ts";

describe("diffJson", () => {
  it("finds nothing between equal values, whatever the key order", () => {
    const d = diffJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 });
    expect(d).toEqual({ changes: [], truncated: false, counts: { added: 0, removed: 0, changed: 0 } });
  });

  it("reports changed, added and removed paths in nested objects", () => {
    const before = { result: { number: "0x1", hash: "0xa", extra: { x: 1 } } };
    const after = { result: { number: "0x2", hash: "0xa", more: true } };
    expect(diffJson(before, after).changes).toEqual([
      { kind: "changed", path: ["result", "number"], before: "0x1", after: "0x2" },
      { kind: "removed", path: ["result", "extra"], before: { x: 1 } },
      { kind: "added", path: ["result", "more"], after: true },
    ]);
  });

  it("compares arrays index by index, with added and removed tails", () => {
    const d = diffJson({ t: ["a", "b", { h: 1 }] }, { t: ["a", "c", { h: 2 }, "d"] });
    expect(d.changes).toEqual([
      { kind: "changed", path: ["t", 1], before: "b", after: "c" },
      { kind: "changed", path: ["t", 2, "h"], before: 1, after: 2 },
      { kind: "added", path: ["t", 3], after: "d" },
    ]);
    expect(diffJson([1, 2, 3], [1]).changes).toEqual([
      { kind: "removed", path: [1], before: 2 },
      { kind: "removed", path: [2], before: 3 },
    ]);
  });

  it("reports a change of type (object, array, scalar, null) at its path", () => {
    expect(diffJson({ r: { a: 1 } }, { r: [1] }).changes).toEqual([
      { kind: "changed", path: ["r"], before: { a: 1 }, after: [1] },
    ]);
    expect(diffJson({ r: null }, { r: { a: 1 } }).changes).toEqual([
      { kind: "changed", path: ["r"], before: null, after: { a: 1 } },
    ]);
    expect(diffJson("0x1", 1).changes).toEqual([{ kind: "changed", path: [], before: "0x1", after: 1 }]);
  });

  it("lists at most `limit` changes but counts them all", () => {
    const a = Array.from({ length: 50 }, (_, i) => i);
    const b = a.map((x) => x + 1);
    const d = diffJson(a, b, 10);
    expect(d.changes).toHaveLength(10);
    expect(d.truncated).toBe(true);
    expect(d.counts.changed).toBe(50);
  });
});

describe("helpers", () => {
  it("formats paths", () => {
    expect(formatPath([])).toBe("(whole answer)");
    expect(formatPath(["result", "transactions", 0, "hash"])).toBe("result.transactions[0].hash");
    expect(formatPath([0, "odd key"])).toBe('[0]["odd key"]');
  });

  it("previews values on one line, cut", () => {
    expect(previewValue("0x1")).toBe('"0x1"');
    expect(previewValue(undefined)).toBe("(none)");
    expect(previewValue("x".repeat(300), 10)).toBe('"xxxxxxxx…');
  });

  it("compares JSON deeply", () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});
