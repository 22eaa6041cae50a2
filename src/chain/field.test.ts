import { describe, expect, it } from "vitest";
import {
  addressValue,
  byteSizeValue,
  checksumOrNull,
  dataValue,
  decodeContext,
  decodeFields,
  type FieldValue,
  fixedHexValue,
  guessValue,
  gweiAmountValue,
  hashValue,
  jsonText,
  listValue,
  otherFields,
  quantityValue,
  textValue,
  timestampValue,
  weiValue,
  wordValue,
} from "./field.ts";
import { eip55 } from "./test-fixtures.ts";

const HASH = "0x3dc4ef568ae2635db1419c5fec55c4a9322c05302ae527cd40bff380c1d465dd";
const ADDRESS = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";

describe("decoders", () => {
  it.each<[string, (raw: unknown) => FieldValue, unknown, FieldValue["kind"], string]>([
    ["quantity", quantityValue, "0x1c9c380", "quantity", "30,000,000"],
    ["quantity, bad", quantityValue, "0x", "invalid", '"0x"'],
    ["bytes", byteSizeValue, "0x21c", "quantity", "540 bytes"],
    ["bytes, large", byteSizeValue, "0x447e", "quantity", "17,534 bytes (17.1 KiB)"],
    ["ether", weiValue("native"), "0x14d1120d7b160000", "wei", "1.5 ETH"],
    ["gwei", weiValue("gwei"), "0x2976ca599", "wei", "11.130414489 gwei"],
    ["gwei amount", gweiAmountValue, "0x1188275", "wei", "0.018383477 ETH"],
    ["timestamp hex", timestampValue, "0x0", "timestamp", "1970-01-01 00:00:00 UTC"],
    ["timestamp int", timestampValue, 1_756_771_188, "timestamp", "2025-09-01 23:59:48 UTC"],
    ["hash", hashValue, HASH, "hash", "0x3dc4…65dd"],
    ["hash, short", hashValue, "0x1234", "invalid", '"0x1234"'],
    ["nonce", fixedHexValue(8), "0x0000000000000042", "hash", "0x0000…0042"],
    [
      "word (63 digits)",
      wordValue,
      "0x2d5bbe7feaee3266b229e3513265ed77a475bd4d6e376896812589d946e9406",
      "hash",
      "0x2d5b…9406",
    ],
    ["address", addressValue, ADDRESS, "address", "0xa0b8…eb48"],
    ["address, bad", addressValue, "0x1234", "invalid", '"0x1234"'],
    ["data", dataValue, "0x", "data", "0x (empty)"],
    ["data, bytes", dataValue, "0xa9059cbb", "data", "0xa9059cbb (4 bytes)"],
    ["text", textValue, "BLOB", "text", "BLOB"],
    ["list", listValue, [1, 2], "list", "2 items"],
    ["list, bad", listValue, "x", "invalid", '"x"'],
  ])("%s", (_name, decode, raw, kind, text) => {
    const value = decode(raw);
    expect(value.kind).toBe(kind);
    expect(value.text).toBe(text);
  });

  it("keeps the units of wei values", () => {
    expect(weiValue("native")("0x14d1120d7b160000")).toMatchObject({
      value: 1_500_000_000_000_000_000n,
      ether: "1.5",
      gwei: "1500000000",
      wei: "1,500,000,000,000,000,000",
    });
  });

  it("checksums addresses", () => {
    expect(addressValue(ADDRESS)).toMatchObject({
      checksum: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" /* USDC */,
    });
    expect(checksumOrNull(ADDRESS)).toBe(eip55(ADDRESS));
    expect(checksumOrNull("0x12")).toBeNull();
  });

  it("says what was expected", () => {
    expect(quantityValue(12)).toMatchObject({
      kind: "invalid",
      problem: "should be a hex quantity, got number",
    });
    expect(hashValue(null)).toMatchObject({ problem: "should be 32 bytes of hex, got null" });
  });
});

describe("guessValue", () => {
  it.each<[unknown, FieldValue["kind"]]>([
    [null, "none"],
    [true, "boolean"],
    [3, "json"],
    [[], "list"],
    [ADDRESS, "address"],
    [HASH, "hash"],
    ["0xc0000", "quantity"],
    ["0x00ff", "data"],
    ["hello", "text"],
    [{ a: 1 }, "json"],
  ])("%j → %s", (raw, kind) => {
    expect(guessValue(raw).kind).toBe(kind);
  });
});

describe("decodeFields and otherFields", () => {
  const specs = [
    { key: "number", label: "Number", decode: quantityValue, pendingNull: true },
    { key: "to", label: "To", decode: addressValue, nullText: "contract creation" },
    { key: "chainId", label: "Chain", decode: quantityValue, optional: true, aliases: ["chainID"] },
    { key: "size", label: "Size", decode: quantityValue },
    { key: "gasUsed", label: "Gas", decode: quantityValue, detail: () => "half" },
  ];

  it("marks pending nulls, meaningful nulls, aliases, missing fields and problems", () => {
    const ctx = decodeContext(
      { number: null, to: null, chainID: "0x1", gasUsed: "0x01", extra: "0xc0000", z: 1 },
      true,
    );
    const fields = decodeFields(specs, ctx);
    expect(fields.map((f) => [f.key, f.value.kind, f.value.text])).toEqual([
      ["number", "pending", "pending"],
      ["to", "none", "contract creation"],
      ["chainID", "quantity", "1"],
      ["size", "invalid", "missing"],
      ["gasUsed", "quantity", "1"],
    ]);
    expect(fields[4]?.detail).toBe("half");
    expect(ctx.problems).toEqual(['missing field "size"']);
    const other = otherFields(ctx, { extra: { label: "Extra", decode: quantityValue } });
    expect(other.map((f) => [f.key, f.label, f.value.text, f.beyondSpec])).toEqual([
      ["extra", "Extra", "786,432", true],
      ["z", "z", "1", true],
    ]);
  });

  it("lists malformed values as problems", () => {
    const ctx = decodeContext({ number: "12", to: "0x12", size: "0x1", gasUsed: "0x1" }, false);
    decodeFields(specs, ctx);
    expect(ctx.problems).toEqual([
      '"number" should be a hex quantity, got "12"',
      '"to" should be a 20-byte address, got "0x12"',
    ]);
  });
});

describe("jsonText", () => {
  it("clips and handles bigint", () => {
    expect(jsonText({ a: 1n })).toBe('{"a":"1"}');
    expect(jsonText("x".repeat(200), 10)).toBe('"xxxxxxxx…');
  });
});
