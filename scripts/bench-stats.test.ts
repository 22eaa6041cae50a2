import { describe, expect, it } from "vitest";
import { frame, splitFrames } from "./bench-cdp.ts";
import { byOrder, markdownTable, orderBalanced, orderMedians, range, ratios, stats } from "./bench-stats.ts";

describe("the bench's arithmetic", () => {
  it("gives the median, min and max, leaving NaN out", () => {
    expect(stats([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(stats([4, 1, 3, 2, Number.NaN])).toEqual({ median: 3, min: 1, max: 4 });
    expect(stats([]).median).toBeNaN();
  });

  it("divides each run by the bare run beside it", () => {
    expect(ratios([10, 30], [5, 10])).toEqual([2, 3]);
    expect(ratios([10], [])[0]).toBeNaN();
    expect(range(stats(ratios([12, 15, 30], [10, 10, 10])), 2)).toBe("1.50 (1.20-3.00)");
  });

  it("counts each order once: the geometric mean of the app-first and the bare-first runs' medians", () => {
    expect(byOrder([1, 2, 3, 4, 5], true)).toEqual([1, 3, 5]);
    expect(byOrder([1, 2, 3, 4, 5], false)).toEqual([2, 4]);
    // The first of two sends slower by the same factor whichever it is: 1.
    expect(orderMedians([2, 0.5, 2, 0.5])).toEqual([2, 0.5]);
    expect(orderBalanced(orderMedians([2, 0.5, 2, 0.5]))).toBe(1);
    // Between the two orders' medians (1.2 and 1.1), however the runs pair up.
    expect(orderBalanced(orderMedians([1.22, 0.89, 1.2, 1.1, 0.95, 1.15]))).toBeCloseTo(
      Math.sqrt(1.2 * 1.1),
      10,
    );
  });

  it("pads a Markdown table", () => {
    expect(markdownTable(["case", "ms"], [["a", "12"]])).toBe("| case | ms |\n|------|----|\n| a    | 12 |");
  });
});

describe("the DevTools pipe's framing", () => {
  it("splits NUL-terminated messages, keeping an unfinished one for the next chunk", () => {
    const a = frame({ id: 1, method: "Page.enable" });
    const b = frame({ id: 2, result: { s: "x\u00e9" } });
    const whole = a + b;
    const first = splitFrames("", whole.slice(0, a.length + 5));
    expect(first.messages.map((m) => JSON.parse(m))).toEqual([{ id: 1, method: "Page.enable" }]);
    const second = splitFrames(first.rest, whole.slice(a.length + 5));
    expect(second.messages.map((m) => JSON.parse(m))).toEqual([{ id: 2, result: { s: "x\u00e9" } }]);
    expect(second.rest).toBe("");
  });
});
