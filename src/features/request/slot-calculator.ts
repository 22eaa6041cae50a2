/**
 * The slot calculator's logic: from what the user typed (a slot, and for a mapping its keys with
 * their types) to the storage position, or an error per field. The hashing is
 * src/chain/storage.ts's; this only reads the form and explains the formula.
 */
import type { Hex } from "viem";
import { type MappingKeyType, mappingSlot, nestedMappingSlot, slotToHex } from "../../chain/storage.ts";

/** The key types the calculator offers, in the order of the select. */
export const KEY_TYPES: readonly MappingKeyType[] = [
  "address",
  "uint256",
  "int256",
  "bytes32",
  "bool",
  "string",
];

/** A hint per key type, shown as the input's placeholder. */
export const KEY_PLACEHOLDERS: Record<MappingKeyType, string> = {
  address: "0xf39F…2266",
  uint256: "42 or 0x2a",
  int256: "-1 or 0x2a",
  bytes32: "0x…",
  bool: "true or false",
  string: "any text",
};

export interface SlotKeyRow {
  /** Stable id of the row, for React keys and input ids. */
  id: number;
  type: MappingKeyType;
  value: string;
}

export interface SlotForm {
  kind: "simple" | "mapping";
  /** The variable's (or the mapping's) slot number, decimal or 0x-hex. */
  slot: string;
  /** Outer key first; used only for a mapping. */
  keys: SlotKeyRow[];
}

export type SlotResult =
  /** Something is still empty; nothing wrong yet. */
  | { status: "incomplete" }
  | { status: "invalid"; slotError?: string; keyErrors: Record<number, string> }
  | {
      status: "ok";
      /** The position as a 32-byte word. */
      word: Hex;
      /** The same as a quantity (no leading zeros), as the position field takes it. */
      quantity: string;
      /** How it was computed, in words. */
      formula: string;
    };

const encoding = (type: MappingKeyType, n: number) =>
  type === "string" ? `bytes(key ${n})` : type === "bytes32" ? `key ${n} right-padded` : `pad32(key ${n})`;

/** The formula in words: `keccak256(pad32(key 2) ++ keccak256(pad32(key 1) ++ pad32(1)))`. */
export function slotFormula(form: SlotForm, slotText: string): string {
  if (form.kind === "simple") return `slot ${slotText} as a 32-byte word`;
  let inner = `pad32(${slotText})`;
  form.keys.forEach((k, i) => {
    inner = `keccak256(${encoding(k.type, i + 1)} ++ ${inner})`;
  });
  return inner;
}

const strip = (error: string) => error.replace(/^(slot|key( \d+)?): /, "");

/** Computes the position, or says which fields are wrong. */
export function computeSlot(form: SlotForm): SlotResult {
  const slotText = form.slot.trim();
  const keys = form.kind === "mapping" ? form.keys : [];
  const keyErrors: Record<number, string> = {};
  let slotError: string | undefined;
  let incomplete = slotText === "";
  if (!incomplete) {
    const base = slotToHex(slotText);
    if (!base.ok) slotError = strip(base.error);
  }
  for (const k of keys) {
    // A string key may be empty (""); other types need a value.
    if (k.value.trim() === "" && k.type !== "string") {
      incomplete = true;
      continue;
    }
    const one = mappingSlot(k.type === "string" ? k.value : k.value.trim(), k.type, 0);
    if (!one.ok) keyErrors[k.id] = strip(one.error);
  }
  if (slotError !== undefined || Object.keys(keyErrors).length > 0) {
    return { status: "invalid", ...(slotError !== undefined ? { slotError } : {}), keyErrors };
  }
  if (incomplete) return { status: "incomplete" };
  if (form.kind === "mapping" && keys.length === 0) return { status: "incomplete" };
  const word =
    form.kind === "simple"
      ? slotToHex(slotText)
      : nestedMappingSlot(
          keys.map((k) => ({ type: k.type, value: k.type === "string" ? k.value : k.value.trim() })),
          slotText,
        );
  if (!word.ok) return { status: "invalid", slotError: strip(word.error), keyErrors: {} };
  return {
    status: "ok",
    word: word.value,
    quantity: `0x${BigInt(word.value).toString(16)}`,
    formula: slotFormula(form, slotText),
  };
}
