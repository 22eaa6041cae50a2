import {
  BLOCK_OVERRIDE_FIELDS,
  type BlockOverrideField,
  type BlockOverrideValue,
  type FieldValue,
} from "../types.ts";
import { checkAddress, checkHash32, checkQuantity, checkUint64 } from "./checks.ts";
import {
  describeParam,
  hexPattern,
  isBlank,
  isBlockOverride,
  type JsonSchema,
  type ParamKindDef,
  QUANTITY_SCHEMA,
  refuse,
  snippets,
} from "./kind.ts";

/** What each field of a block override is, as geth's docs ("Block overrides") describe it. */
export const BLOCK_OVERRIDE_INFO: Record<
  BlockOverrideField,
  { description: string; kind: "quantity" | "uint64" | "address" | "hash32" }
> = {
  number: { description: "Block number the call sees (NUMBER).", kind: "quantity" },
  time: { description: "Block timestamp, in seconds (TIMESTAMP).", kind: "uint64" },
  gasLimit: { description: "Block gas limit (GASLIMIT).", kind: "uint64" },
  feeRecipient: { description: "Fee recipient, also known as coinbase (COINBASE).", kind: "address" },
  prevRandao: {
    description: "The previous value of the randomness beacon (PREVRANDAO): a 32-byte word.",
    kind: "hash32",
  },
  baseFeePerGas: { description: "Base fee per gas, in wei (BASEFEE; EIP-1559).", kind: "quantity" },
  blobBaseFee: { description: "Base fee per blob gas, in wei (BLOBBASEFEE; EIP-4844).", kind: "quantity" },
};

function checkField(f: BlockOverrideField, v: string): string | undefined {
  const kind = BLOCK_OVERRIDE_INFO[f].kind;
  if (kind === "quantity") return checkQuantity(v);
  if (kind === "uint64") return checkUint64(v);
  if (kind === "address") return checkAddress(v);
  return checkHash32(v);
}

const isBlockField = (k: string): k is BlockOverrideField =>
  (BLOCK_OVERRIDE_FIELDS as readonly string[]).includes(k);

/** Only the fields that are set, in the order they were written (a body's, or the form's). */
function toWire(v: FieldValue): unknown {
  if (!isBlockOverride(v)) return v;
  const out: Record<string, string> = {};
  for (const f of Object.keys(v)) {
    const x = isBlockField(f) ? v[f] : undefined;
    if (x !== undefined && x !== "") out[f] = x;
  }
  return out;
}

function fieldSchema(f: BlockOverrideField): JsonSchema {
  const info = BLOCK_OVERRIDE_INFO[f];
  const base =
    info.kind === "address"
      ? { type: "string", pattern: hexPattern(40) }
      : info.kind === "hash32"
        ? { type: "string", pattern: hexPattern(64) }
        : QUANTITY_SCHEMA;
  return { ...base, description: info.description, markdownDescription: `**${f}**: ${info.description}` };
}

/**
 * The block override set of `eth_call` / `eth_estimateGas` (beyond the service spec): fields of
 * the block the call runs in. Each field has its own message, keyed `name.field`.
 */
export const blockOverrideKind: ParamKindDef = {
  empty: () => ({}),
  isEmpty: isBlank,
  check: (p, v, out) => {
    if (!isBlockOverride(v)) return "must be an object.";
    for (const f of BLOCK_OVERRIDE_FIELDS) {
      const raw = v[f];
      if (raw === undefined) continue;
      const problem = checkField(f, raw);
      if (problem) out[`${p.name}.${f}`] = `${f}: ${problem}`;
    }
    return undefined;
  },
  toWire,
  fromWire: (p, w) => {
    if (w === null && !p.required) return { ok: true, value: {} };
    if (typeof w !== "object" || w === null || Array.isArray(w)) return refuse(p, "an object");
    const out: BlockOverrideValue = {};
    for (const [k, x] of Object.entries(w)) {
      if (!isBlockField(k))
        return {
          ok: false,
          message: `${p.label} has no field "${k}" the form can hold; its fields are ${BLOCK_OVERRIDE_FIELDS.join(", ")}.`,
        };
      if (typeof x !== "string") return { ok: false, message: `${p.label}: ${k} must be a hex string.` };
      out[k] = x;
    }
    return { ok: true, value: out };
  },
  schema: (p) => ({
    type: p.required ? "object" : ["object", "null"],
    properties: Object.fromEntries(BLOCK_OVERRIDE_FIELDS.map((f) => [f, fieldSchema(f)])),
    additionalProperties: false,
    ...describeParam(p, `\n\nFields: ${BLOCK_OVERRIDE_FIELDS.map((f) => `\`${f}\``).join(", ")}.`),
    ...snippets(p, toWire),
  }),
};
