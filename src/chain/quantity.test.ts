import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatDecimal,
  formatGweiText,
  formatWei,
  gasShare,
  isQuantity,
  parseQuantity,
  quantityOrNull,
  shortenHex,
} from "./quantity.ts";
import { mainnetFixture } from "./test-fixtures.ts";

describe("parseQuantity", () => {
  it.each([
    ["0x0", 0n],
    ["0x1a", 26n],
    ["0xF42400", 16_000_000n],
    ["0x1c9c380", 30_000_000n],
    ["0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 2n ** 256n - 1n],
  ])("%s → %s", (input, expected) => {
    expect(parseQuantity(input)).toEqual({ ok: true, value: expected });
    expect(isQuantity(input)).toBe(true);
  });

  it.each([
    ["0x", /empty/],
    ["0x01", /leading zeros/],
    ["0x00", /leading zeros/],
    ["12", /no 0x prefix/],
    ["0xasdf", /not hexadecimal/],
    ["0x 1", /not hexadecimal/],
    [12, /got number/],
    [null, /got null/],
    [undefined, /got undefined/],
    [["0x1"], /got array/],
  ])("rejects %j", (input, error) => {
    const parsed = parseQuantity(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
    expect(isQuantity(input)).toBe(false);
  });

  it("accepts leading zeros when asked (data words)", () => {
    expect(parseQuantity("0x00ff", { allowLeadingZeros: true })).toEqual({ ok: true, value: 255n });
    expect(quantityOrNull("0x0000000000000042")).toBe(66n);
    expect(quantityOrNull("nope")).toBeNull();
  });
});

describe("formatDecimal", () => {
  it.each([
    [0n, "0"],
    [999n, "999"],
    [1000n, "1,000"],
    [1_234_567n, "1,234,567"],
    [-1_234_567n, "-1,234,567"],
    [10n ** 18n, "1,000,000,000,000,000,000"],
  ])("%s → %s", (input, expected) => {
    expect(formatDecimal(input)).toBe(expected);
  });

  it("takes another separator", () => {
    expect(formatDecimal(1_234_567n, "\u202f")).toBe("1\u202f234\u202f567");
  });
});

describe("formatWei", () => {
  it.each([
    [0n, { wei: "0", gwei: "0", ether: "0" }],
    [1n, { wei: "1", gwei: "0.000000001", ether: "0.000000000000000001" }],
    [12_500_000_000n, { wei: "12,500,000,000", gwei: "12.5", ether: "0.0000000125" }],
    [1_500_000_000_000_000_000n, { wei: "1,500,000,000,000,000,000", gwei: "1500000000", ether: "1.5" }],
    // The value of eth_getTransactionByBlockHashAndIndex.04: exact, no float rounding.
    [
      0xb263a94504c2e58n,
      { wei: "803,393,992,208,952,920", gwei: "803393992.20895292", ether: "0.80339399220895292" },
    ],
  ])("%s wei", (wei, expected) => {
    expect(formatWei(wei)).toEqual(expected);
  });

  it("has unit texts", () => {
    expect(formatGweiText(0x98bca5a00n)).toBe("41 gwei");
  });
});

describe("formatBytes", () => {
  it.each<[bigint | number, string]>([
    [0n, "0 B"],
    [540n, "540 B"],
    [1023n, "1023 B"],
    [1024n, "1.0 KiB"],
    [17_534n, "17.1 KiB"],
    [177_953n, "173.8 KiB"],
    [1_048_575n, "1.0 MiB"],
    [1_258_291n, "1.2 MiB"],
    [5 * 1024 ** 3, "5.0 GiB"],
  ])("%s → %s", (input, expected) => {
    expect(formatBytes(input)).toBe(expected);
  });
});

describe("shortenHex", () => {
  it.each([
    ["0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", 4, "0xa0b8…eb48"],
    ["0x3dc4ef568ae2635db1419c5fec55c4a9322c05302ae527cd40bff380c1d465dd", 4, "0x3dc4…65dd"],
    ["0x3dc4ef568ae2635db1419c5fec55c4a9322c05302ae527cd40bff380c1d465dd", 6, "0x3dc4ef…d465dd"],
    ["0x12345678", 4, "0x12345678"],
    ["0x", 4, "0x"],
  ])("%s (%i) → %s", (hex, chars, expected) => {
    expect(shortenHex(hex, chars)).toBe(expected);
  });
});

describe("gasShare", () => {
  it.each<[bigint, bigint, number, string | null]>([
    [15_000_000n, 30_000_000n, 2, "50.00%"],
    [0xca2340n, 0x1c9c380n, 2, "44.16%"], // block 0x12fa660
    [0x31a405n, 0x666205n, 2, "48.49%"], // block 0x41b57c
    [0n, 5000n, 2, "0.00%"],
    [1n, 3n, 2, "33.33%"],
    [2n, 3n, 2, "66.67%"],
    [1n, 3n, 0, "33%"],
    [30_000_000n, 30_000_000n, 1, "100.0%"],
    [1n, 0n, 2, null],
  ])("%s of %s → %s", (used, limit, decimals, expected) => {
    expect(gasShare(used, limit, decimals)).toBe(expected);
  });
});

describe("the eth_estimateGas result", () => {
  it("eth_estimateGas.13: 0x5309 is 21,257 gas", () => {
    const parsed = parseQuantity(mainnetFixture("eth_estimateGas.13.json").result);
    expect(parsed).toEqual({ ok: true, value: 21_257n });
    if (parsed.ok) expect(formatDecimal(parsed.value)).toBe("21,257");
  });
});

describe("parseQuantity on absurd sizes", () => {
  it("refuses more than 256 bits at once, naming the length, without converting it", () => {
    const huge = `0x${"f".repeat(1_000_000)}`;
    const r = parseQuantity(huge);
    expect(r).toEqual({
      ok: false,
      error: expect.stringContaining("1,000,000 hex digits: more than 256 bits"),
    });
    expect(r.ok ? "" : r.error.length).toBeLessThan(200);
    expect(parseQuantity(`0x${"f".repeat(64)}`).ok).toBe(true);
    expect(parseQuantity(`0x${"0".repeat(100)}1`, { allowLeadingZeros: true })).toEqual({
      ok: true,
      value: 1n,
    });
  });
});
