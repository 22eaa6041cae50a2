import { describe, expect, it } from "vitest";
import { describeTxType, txTypeName } from "./tx-type.ts";

describe("txTypeName", () => {
  it.each<[unknown, string, bigint | null, string | null]>([
    ["0x0", "legacy", 0n, null],
    ["0x1", "access list (EIP-2930)", 1n, "EIP-2930"],
    ["0x2", "EIP-1559", 2n, "EIP-1559"],
    ["0x3", "blob (EIP-4844)", 3n, "EIP-4844"],
    ["0x4", "set code (EIP-7702)", 4n, "EIP-7702"],
    ["0x7e", "type 126", 126n, null],
    ["0x05", "type 5", 5n, null],
    [undefined, "legacy", null, null],
    ["two", 'invalid type "two"', null, null],
    [2, "invalid type 2", null, null],
  ])("%j → %s", (input, name, code, eip) => {
    expect(txTypeName(input)).toBe(name);
    expect(describeTxType(input)).toEqual({ code, name, eip });
  });
});
