import { describe, expect, it } from "vitest";
import { decodeTimestamp, formatRelative, formatUtc, parseTimestamp } from "./time.ts";

describe("parseTimestamp", () => {
  it.each<[unknown, bigint]>([
    ["0x0", 0n],
    ["0x59c71bba", 1_506_220_986n],
    [1_756_771_188, 1_756_771_188n],
    [0, 0n],
  ])("%j → %s", (input, expected) => {
    expect(parseTimestamp(input)).toEqual({ ok: true, value: expected });
  });

  it.each([[-1], [1.5], ["0x"], ["1756771188"], [null], [Number.MAX_SAFE_INTEGER + 2]])(
    "rejects %j",
    (input) => {
      expect(parseTimestamp(input).ok).toBe(false);
    },
  );
});

describe("formatUtc", () => {
  it.each([
    [0n, "1970-01-01 00:00:00 UTC"],
    [1_506_220_986n, "2017-09-24 02:43:06 UTC"],
    [0x6649346fn, "2024-05-18 23:06:23 UTC"],
    [1_756_771_188n, "2025-09-01 23:59:48 UTC"],
    [2n ** 64n, "18446744073709551616 s after 1970-01-01 (beyond the calendar range)"],
  ])("%s → %s", (seconds, expected) => {
    expect(formatUtc(seconds)).toBe(expected);
  });
});

describe("formatRelative", () => {
  const now = Date.UTC(2025, 8, 2, 0, 0, 0); // 2025-09-02 00:00:00 UTC
  const nowS = BigInt(now / 1000);
  it.each([
    [nowS, "just now"],
    [nowS - 1n, "1 second ago"],
    [nowS - 59n, "59 seconds ago"],
    [nowS - 180n, "3 minutes ago"],
    [nowS - 239n, "3 minutes ago"],
    [nowS - 3600n, "1 hour ago"],
    [nowS - 86_400n * 2n - 5n, "2 days ago"],
    [nowS - 86_400n * 45n, "1 month ago"],
    [nowS - 86_400n * 800n, "2 years ago"],
    [nowS + 5n, "in 5 seconds"],
    [nowS + 7200n, "in 2 hours"],
    [1_756_771_188n, "12 seconds ago"],
  ])("%s → %s", (seconds, expected) => {
    expect(formatRelative(seconds, now)).toBe(expected);
    expect(formatRelative(seconds, new Date(now))).toBe(expected);
  });
});

describe("decodeTimestamp", () => {
  it("parses and formats", () => {
    expect(decodeTimestamp("0x63780c83")).toEqual({
      ok: true,
      value: { seconds: 1_668_811_907n, utc: "2022-11-18 22:51:47 UTC" },
    });
    expect(decodeTimestamp({}).ok).toBe(false);
  });
});
