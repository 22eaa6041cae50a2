import { encodeAbiParameters, keccak256 } from "viem/utils";
import { describe, expect, it } from "vitest";
import manifest from "../../../devnet/seed-manifest.json" with { type: "json" };
import { MAPPING_KEY_TYPES } from "../../networks/known-contracts.ts";
import { computeSlot, KEY_TYPES, type SlotForm, slotFormula } from "./slot-calculator.ts";

const mapping = (slot: string, ...keys: [SlotForm["keys"][number]["type"], string][]): SlotForm => ({
  kind: "mapping",
  slot,
  keys: keys.map(([type, value], id) => ({ id, type, value })),
});

describe("computeSlot", () => {
  it.each(manifest.storage.mapping.entries.map((e) => [e.key, e.position]))(
    "the devnet's mapping at slot 1, key %s → %s",
    (key, position) => {
      for (const slot of ["1", "0x1", " 1 "]) {
        const r = computeSlot(mapping(slot, ["address", key]));
        expect(r).toMatchObject({ status: "ok", word: position });
      }
      expect(computeSlot(mapping("1", ["address", key]))).toMatchObject({
        formula: "keccak256(pad32(key 1) ++ pad32(1))",
      });
    },
  );

  it("the quantity form drops leading zeros (bob's position starts with 0x0b)", () => {
    const bob = manifest.storage.mapping.entries[2]!;
    const r = computeSlot(mapping("1", ["address", bob.key]));
    expect(r.status === "ok" && r.quantity).toBe(bob.position.replace(/^0x0+/, "0x"));
  });

  it("a simple slot is the slot as a 32-byte word", () => {
    expect(computeSlot({ kind: "simple", slot: "0", keys: [] })).toMatchObject({
      status: "ok",
      word: `0x${"0".repeat(64)}`,
      quantity: "0x0",
      formula: "slot 0 as a 32-byte word",
    });
    expect(
      computeSlot({ kind: "simple", slot: "0x1f", keys: [{ id: 0, type: "address", value: "x" }] }),
    ).toMatchObject({ status: "ok", quantity: "0x1f" });
  });

  it("a nested mapping: allowance[owner][spender] at slot 2", () => {
    const owner = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    const spender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const inner = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 2n]));
    const expected = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [spender, inner]),
    );
    const r = computeSlot(mapping("2", ["address", owner], ["address", spender]));
    expect(r).toMatchObject({
      status: "ok",
      word: expected,
      formula: "keccak256(pad32(key 2) ++ keccak256(pad32(key 1) ++ pad32(2)))",
    });
  });

  it("other key types: uint256, bytes32, string", () => {
    const uintKey = keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [42n, 3n]));
    expect(computeSlot(mapping("3", ["uint256", "42"]))).toMatchObject({ word: uintKey });
    expect(computeSlot(mapping("3", ["uint256", "0x2a"]))).toMatchObject({ word: uintKey });
    expect(slotFormula(mapping("3", ["bytes32", "0x1"], ["string", ""]), "3")).toBe(
      "keccak256(bytes(key 2) ++ keccak256(key 1 right-padded ++ pad32(3)))",
    );
    expect(computeSlot(mapping("3", ["string", ""])).status).toBe("ok");
  });

  it("empty fields: incomplete, no error", () => {
    expect(computeSlot(mapping("", ["address", ""]))).toEqual({ status: "incomplete" });
    expect(computeSlot(mapping("1", ["address", ""]))).toEqual({ status: "incomplete" });
    expect(computeSlot(mapping("1"))).toEqual({ status: "incomplete" });
    expect(computeSlot({ kind: "simple", slot: " ", keys: [] })).toEqual({ status: "incomplete" });
  });

  it("errors are given per field, by row id", () => {
    expect(computeSlot(mapping("x", ["address", "0x12"], ["uint256", "7"], ["bool", "yes"]))).toEqual({
      status: "invalid",
      slotError: '"x" is not a decimal or 0x-hex number',
      keyErrors: { 0: "not a 20-byte address", 2: "not true or false" },
    });
    expect(computeSlot(mapping("-1", ["int256", "-1"]))).toEqual({
      status: "invalid",
      slotError: "out of the uint256 range",
      keyErrors: {},
    });
  });
});

describe("known contracts' mappings", () => {
  it("use only key types the calculator offers", () => {
    expect([...MAPPING_KEY_TYPES].sort()).toEqual([...KEY_TYPES].sort());
  });
});
