import { describe, expect, it } from "vitest";
import { FAMILIES } from "./families/index.ts";
import { describeTxType, txTypeName } from "./tx-type.ts";

describe("txTypeName (Ethereum)", () => {
  it.each<[unknown, string, bigint | null, string | null]>([
    ["0x0", "legacy", 0n, null],
    ["0x1", "access list (EIP-2930)", 1n, "EIP-2930"],
    ["0x2", "EIP-1559", 2n, "EIP-1559"],
    ["0x3", "blob (EIP-4844)", 3n, "EIP-4844"],
    ["0x4", "set code (EIP-7702)", 4n, "EIP-7702"],
    // Ethereum defines no 0x7e: its hex and number, never a borrowed name (OP's "deposit").
    ["0x7e", "type 0x7e (126)", 126n, null],
    ["0x05", "type 0x5 (5)", 5n, null],
    [undefined, "legacy", null, null],
    ["two", 'invalid type "two"', null, null],
    [2, "invalid type 2", null, null],
  ])("%j → %s", (input, name, code, eip) => {
    expect(txTypeName(input)).toBe(name);
    expect(describeTxType(input)).toMatchObject({ code, name, eip });
  });
});

describe("a family's own types", () => {
  it.each([
    ["op-stack", "0x7e", "deposit (OP Stack, 0x7e)"],
    ["arbitrum", "0x6a", "Arbitrum internal (0x6a)"],
    ["arbitrum", "0x69", "retryable submit (Arbitrum, 0x69)"],
    ["arbitrum", "0x78", "Arbitrum legacy (0x78)"],
    ["zksync", "0x71", "EIP-712 (ZKsync, 0x71)"],
    ["zksync", "0xff", "priority (L1 → L2) (ZKsync, 0xff)"],
    ["scroll", "0x7e", "L1 message (Scroll, 0x7e)"],
    ["celo", "0x7b", "fee currency (CIP-64) (Celo, 0x7b)"],
    // A type the family does not define falls back to Ethereum's, or to its hex and number.
    ["arbitrum", "0x2", "EIP-1559"],
    ["op-stack", "0x6a", "type 0x6a (106)"],
  ] as const)("%s %s → %s", (family, type, label) => {
    const t = describeTxType(type, FAMILIES[family]);
    expect(t.label).toBe(label);
    expect(t.description).toBeTruthy();
  });

  it("recognizes Polygon's state sync and BSC's system transactions by their fields", () => {
    const zero = "0x0000000000000000000000000000000000000000";
    expect(describeTxType("0x0", FAMILIES["polygon-pos"], { from: zero, to: zero }).name).toBe(
      "state sync (Bor)",
    );
    expect(
      describeTxType("0x0", FAMILIES["polygon-pos"], { from: `0x1${"0".repeat(39)}`, to: zero }).name,
    ).toBe("legacy");
    const system = { to: "0x0000000000000000000000000000000000001000", gasPrice: "0x0" };
    expect(describeTxType("0x0", FAMILIES.bsc, system).name).toBe("system (Parlia)");
    expect(describeTxType("0x0", FAMILIES.bsc, { ...system, gasPrice: "0x1" }).name).toBe("legacy");
  });

  it("says which signature fields a deposit leaves out by design", () => {
    expect(describeTxType("0x7e", FAMILIES["op-stack"]).spec?.absent).toEqual(
      expect.arrayContaining(["v", "r", "s"]),
    );
    expect(describeTxType("0xff", FAMILIES.zksync).spec?.absent).toEqual(
      expect.arrayContaining(["v", "r", "s"]),
    );
  });
});
