import type { FieldValue, StarknetBlockIdForm } from "../types.ts";
import { STARKNET_TAGS } from "../types.ts";
import { checkFelt, DECIMAL } from "./checks.ts";
import { describeParam, isBlank, isBlockId, type ParamKindDef, snippets } from "./kind.ts";

/** The forms of a block id the field offers, in its order, with their labels. */
export const STARKNET_BLOCK_ID_FORMS: readonly { form: StarknetBlockIdForm; label: string }[] = [
  { form: "latest", label: "latest" },
  { form: "pending", label: "pending (spec ≤ 0.8)" },
  { form: "pre_confirmed", label: "pre_confirmed (0.9+)" },
  { form: "l1_accepted", label: "l1_accepted (0.9+)" },
  { form: "hash", label: "Block hash" },
  { form: "number", label: "Block number" },
];

function isTag(form: string): form is (typeof STARKNET_TAGS)[number] {
  return (STARKNET_TAGS as readonly string[]).includes(form);
}

/** A tag as a string, a hash as `{"block_hash"}`, a number as `{"block_number"}` (a JSON number when it is one). */
function toWire(v: FieldValue): unknown {
  if (!isBlockId(v)) return v;
  if (isTag(v.form)) return v.form;
  if (v.form === "hash") return { block_hash: v.value };
  return {
    block_number: DECIMAL.test(v.value) && Number.isSafeInteger(Number(v.value)) ? Number(v.value) : v.value,
  };
}

/** Starknet's `block_id`: a tag, a block hash (a felt) or a decimal block number. */
export const starknetBlockIdKind: ParamKindDef = {
  empty: () => ({ form: "latest", value: "" }),
  isEmpty: isBlank,
  check: (_p, v) => {
    if (!isBlockId(v)) return "must be a block id.";
    if (v.form === "hash") return checkFelt(v.value, "a block hash");
    if (v.form === "number") {
      if (DECIMAL.test(v.value)) return undefined;
      return v.value === ""
        ? "Enter a block number: a decimal integer such as 42."
        : `A Starknet block number is a decimal integer, such as 42; "${v.value}" is not.`;
    }
    return undefined;
  },
  toWire,
  fromWire: (_p, w) => {
    if (typeof w === "string" && isTag(w)) return { ok: true, value: { form: w, value: "" } };
    if (typeof w === "object" && w !== null && !Array.isArray(w)) {
      const keys = Object.keys(w);
      const o = w as Record<string, unknown>;
      if (keys.length === 1 && typeof o.block_hash === "string")
        return { ok: true, value: { form: "hash", value: o.block_hash } };
      if (keys.length === 1 && typeof o.block_number === "number")
        return { ok: true, value: { form: "number", value: String(o.block_number) } };
      if (keys.length === 1 && typeof o.block_number === "string")
        return { ok: true, value: { form: "number", value: o.block_number } };
    }
    return {
      ok: false,
      message: `block_id must be "latest", "pending", "pre_confirmed", "l1_accepted", {"block_hash": "0x…"} or {"block_number": 42}.`,
    };
  },
  schema: (p) => ({
    anyOf: [
      { type: "string", enum: [...STARKNET_TAGS] },
      {
        type: "object",
        properties: {
          block_hash: {
            type: "string",
            pattern: "^0x[0-9a-fA-F]{1,64}$",
            description: "Block hash (a felt).",
          },
        },
        required: ["block_hash"],
        additionalProperties: false,
      },
      {
        type: "object",
        properties: {
          block_number: { type: "integer", minimum: 0, description: "Decimal block number." },
        },
        required: ["block_number"],
        additionalProperties: false,
      },
    ],
    ...describeParam(p),
    ...snippets(p, toWire),
  }),
};
