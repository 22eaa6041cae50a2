import type { FieldValue } from "../types.ts";
import { checkStorageKey, digitsOf, HEX } from "./checks.ts";
import { describeParam, isBlank, type ParamKindDef, refuse, snippets } from "./kind.ts";

/** A storage key as sent: a short hex number (0x0) padded to a 32-byte word; other text as typed. */
export function padStorageKey(v: string): string {
  if (!HEX.test(v) || v === "0x" || digitsOf(v) > 64) return v;
  return `0x${v.slice(2).toLowerCase().padStart(64, "0")}`;
}

const toWire = (v: FieldValue): unknown => (Array.isArray(v) ? v.map(padStorageKey) : v);

/** Rows of storage keys (`eth_getProof`); each row has its own message, keyed `name.row`. */
export const storageKeysKind: ParamKindDef = {
  empty: () => [],
  isEmpty: isBlank,
  check: (p, v, out) => {
    if (!Array.isArray(v)) return "must be a list of storage keys.";
    v.forEach((k, i) => {
      const m = checkStorageKey(k);
      if (m) out[`${p.name}.${i}`] = `Storage key ${i + 1}: ${m}`;
    });
    return undefined;
  },
  toWire,
  fromWire: (p, w) =>
    Array.isArray(w) && w.every((k) => typeof k === "string")
      ? { ok: true, value: [...(w as string[])] }
      : refuse(p, "an array of 32-byte hex strings"),
  schema: (p) => ({
    type: "array",
    items: { type: "string", pattern: "^0x[0-9a-fA-F]{1,64}$", description: "A 32-byte storage key." },
    ...describeParam(p),
    ...snippets(p, toWire),
  }),
};
