import { describe, expect, it } from "vitest";
import { median, percentile, summarize } from "./qa-stats.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("latency statistics", () => {
  it("the median is the middle timing, or the mean of the two middle ones", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("p95 is the nearest-rank percentile: a measured timing, the slowest below 20 repeats", () => {
    expect(percentile(range(100), 95)).toBe(95);
    expect(percentile(range(20), 95)).toBe(19);
    expect(percentile(range(19), 95)).toBe(19);
    expect(percentile(range(10), 95)).toBe(10);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([], 95)).toBeNull();
  });

  it("summarize ignores what is not a finite number, and says how many it counted", () => {
    expect(summarize([12, Number.NaN, 8, 10, 50])).toEqual({
      n: 4,
      medianMs: 11,
      p95Ms: 50,
      minMs: 8,
      maxMs: 50,
    });
    expect(summarize([])).toBeNull();
  });
});
