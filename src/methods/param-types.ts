import { isAddress } from "viem";
import {
  BLOCK_TAGS,
  CALL_FIELDS,
  type CallField,
  type CallObjectValue,
  type FieldValue,
  type ParamDef,
  type ParamKind,
  STARKNET_TAGS,
  type StarknetBlockIdForm,
  type StarknetBlockIdValue,
} from "./types.ts";

/**
 * Every param kind in one place: its empty value, its validation (a message that says what is
 * wrong and how to fix it), its wire form, how a body's value comes back into the form, and its
 * JSON Schema for the editor.
 */

const HEX = /^0x[0-9a-fA-F]*$/;
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const TAG_LIST = BLOCK_TAGS.join(", ");

export type Problems = Record<string, string>;
export type FromWire = { ok: true; value: FieldValue } | { ok: false; message: string };

const digitsOf = (v: string) => v.length - 2;

function hexBytes(v: string, bytes: number, what: string, example: string): string | undefined {
  if (v === "") return `Enter ${what}: 0x and ${bytes * 2} hex digits, such as ${example}.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x.`;
  if (!HEX.test(v)) return `${cap(what)} holds only hex digits (0-9, a-f) after 0x.`;
  if (digitsOf(v) !== bytes * 2)
    return `${cap(what)} is ${bytes} bytes: 0x and ${bytes * 2} hex digits; this has ${digitsOf(v)}.`;
  return undefined;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function checkAddress(v: string): string | undefined {
  const shape = hexBytes(v, 20, "an address", "0x5FbDB2315678afecb367f032d93F642f64180aa3");
  if (shape) return shape;
  const body = v.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && !isAddress(v, { strict: true }))
    return "The mixed-case checksum (EIP-55) does not match: check for a typo, or write the address all in lower case.";
  return undefined;
}

export function checkHash32(v: string): string | undefined {
  return hexBytes(v, 32, "a 32-byte hash", "0x88260b51…");
}

export function checkQuantity(v: string, what = "a hex quantity"): string | undefined {
  if (v === "") return `Enter ${what}, such as 0x0 or 0x1b4.`;
  if (DECIMAL.test(v)) return `Quantities are hex: ${v} is 0x${BigInt(v).toString(16)}.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x, such as 0x1b4.`;
  if (!HEX.test(v) || v === "0x") return `${cap(what)} is 0x followed by hex digits (0-9, a-f).`;
  if (!QUANTITY.test(v))
    return `Leave out the leading zeros: write ${normalizeQuantity(v)} (nodes refuse ${v}).`;
  return undefined;
}

function normalizeQuantity(v: string): string {
  return `0x${BigInt(v).toString(16)}`;
}

export function checkBlockParam(v: string, allowDecimal: boolean): string | undefined {
  if ((BLOCK_TAGS as readonly string[]).includes(v)) return undefined;
  if (allowDecimal && DECIMAL.test(v)) return undefined;
  if (v === "") return `Enter a block: a hex number such as 0x1b4, or one of ${TAG_LIST}.`;
  if (!allowDecimal && DECIMAL.test(v))
    return `A block number is hex here: ${v} is 0x${BigInt(v).toString(16)}. Or use one of ${TAG_LIST}.`;
  if (QUANTITY.test(v)) return undefined;
  if (HEX.test(v) && v !== "0x") return `Leave out the leading zeros: write ${normalizeQuantity(v)}.`;
  return `"${v}" is not a block: use a ${allowDecimal ? "hex or decimal" : "hex"} number such as 0x1b4, or one of ${TAG_LIST}.`;
}

/** A storage key as typed: a full 32-byte word, or a shorter hex number the form pads (0x0 -> 32 zero bytes). */
export function checkStorageKey(v: string): string | undefined {
  if (v === "") return "Enter a storage key: a 32-byte hex word, or a slot number such as 0x0.";
  if (!v.startsWith("0x")) return "A storage key starts with 0x.";
  if (!HEX.test(v) || v === "0x") return "A storage key holds only hex digits after 0x.";
  if (digitsOf(v) > 64) return `A storage key is at most 32 bytes (64 hex digits); this has ${digitsOf(v)}.`;
  return undefined;
}

export function padStorageKey(v: string): string {
  if (!HEX.test(v) || v === "0x" || digitsOf(v) > 64) return v;
  return `0x${v.slice(2).toLowerCase().padStart(64, "0")}`;
}

/** A Starknet felt written in hex: 0x and 1 to 64 hex digits. */
export function checkFelt(v: string, what: string): string | undefined {
  if (v === "") return `Enter ${what}: 0x followed by up to 64 hex digits.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x.`;
  if (!HEX.test(v) || v === "0x") return `${cap(what)} holds only hex digits after 0x.`;
  if (digitsOf(v) > 64) return `${cap(what)} is at most 64 hex digits; this has ${digitsOf(v)}.`;
  return undefined;
}

export const CALL_FIELD_INFO: Record<
  CallField,
  { label: string; description: string; kind: "address" | "quantity" | "data" }
> = {
  from: { label: "from", description: "Sender address.", kind: "address" },
  to: {
    label: "to",
    description:
      "Recipient address. Leave it empty to estimate a contract creation (then put the init code in data).",
    kind: "address",
  },
  gas: {
    label: "gas",
    description:
      "Gas provided for execution. The estimation itself consumes zero gas, but some executions need this value. Capped at 10 times the block gas limit.",
    kind: "quantity",
  },
  gasPrice: {
    label: "gasPrice",
    description: "Price per gas unit, in wei. Not together with the EIP-1559 fee fields.",
    kind: "quantity",
  },
  maxPriorityFeePerGas: {
    label: "maxPriorityFeePerGas",
    description: "Maximum fee per gas above the base fee that the sender accepts (EIP-1559), in wei.",
    kind: "quantity",
  },
  maxFeePerGas: {
    label: "maxFeePerGas",
    description:
      "Maximum total fee per gas (base fee plus priority fee) that the sender accepts (EIP-1559), in wei.",
    kind: "quantity",
  },
  value: { label: "value", description: "Value sent with the transaction, in wei.", kind: "quantity" },
  data: {
    label: "data",
    description: "Hash of the method signature and the encoded parameters (contract ABI encoding).",
    kind: "data",
  },
};

function checkData(v: string): string | undefined {
  if (!v.startsWith("0x")) return "Data starts with 0x.";
  if (!HEX.test(v)) return "Data holds only hex digits after 0x.";
  if (digitsOf(v) % 2 !== 0) return "Data is whole bytes: an even number of hex digits after 0x.";
  return undefined;
}

function checkCallObject(v: CallObjectValue, name: string, out: Problems): void {
  for (const field of CALL_FIELDS) {
    const raw = v[field];
    if (raw === undefined || raw === "") continue;
    const kind = CALL_FIELD_INFO[field].kind;
    const problem =
      kind === "address" ? checkAddress(raw) : kind === "quantity" ? checkQuantity(raw) : checkData(raw);
    if (problem) out[`${name}.${field}`] = `${field}: ${problem}`;
  }
  const has = (f: CallField) => (v[f] ?? "") !== "";
  if (has("gasPrice") && (has("maxFeePerGas") || has("maxPriorityFeePerGas")))
    out[`${name}.gasPrice`] =
      "gasPrice and the EIP-1559 fee fields (maxFeePerGas, maxPriorityFeePerGas) do not go together: keep one kind.";
  const max = v.maxFeePerGas;
  const tip = v.maxPriorityFeePerGas;
  if (max && tip && !checkQuantity(max) && !checkQuantity(tip) && BigInt(tip) > BigInt(max))
    out[`${name}.maxPriorityFeePerGas`] = "maxPriorityFeePerGas cannot be higher than maxFeePerGas.";
}

const isCall = (v: FieldValue): v is CallObjectValue =>
  typeof v === "object" && !Array.isArray(v) && !("form" in v);
const isBlockId = (v: FieldValue): v is StarknetBlockIdValue =>
  typeof v === "object" && !Array.isArray(v) && "form" in v;

/** The value of a fresh, empty field of this kind. */
export function emptyValue(kind: ParamKind): FieldValue {
  switch (kind) {
    case "bool":
      return false;
    case "storageKeys":
      return [];
    case "callObject":
      return { to: "" };
    case "starknetBlockId":
      return { form: "latest", value: "" };
    default:
      return "";
  }
}

export function isEmptyValue(kind: ParamKind, v: FieldValue): boolean {
  if (kind === "bool") return false;
  if (typeof v === "string") return v === "";
  if (Array.isArray(v)) return false;
  if (isCall(v)) return Object.values(v).every((x) => x === undefined || x === "");
  return false;
}

/** Checks one param's value; problems are keyed by the param name (or `name.field`, `name.row`). */
export function checkParam(p: ParamDef, v: FieldValue, out: Problems): void {
  if (!p.required && isEmptyValue(p.kind, v)) return;
  const message = paramProblem(p, v, out);
  if (message) out[p.name] = `${p.label}: ${message}`;
}

/** The problem of the param as a whole; rows and fields put their own problems into `out`. */
function paramProblem(p: ParamDef, v: FieldValue, out: Problems): string | undefined {
  const text = (check: (s: string) => string | undefined) =>
    typeof v === "string" ? check(v) : "must be text.";
  switch (p.kind) {
    case "address":
      return text(checkAddress);
    case "hash32":
      return text(checkHash32);
    case "quantity":
      return text((s) => checkQuantity(s));
    case "blockParam":
    case "blockParamOrDecimal":
      return text((s) => checkBlockParam(s, p.kind === "blockParamOrDecimal"));
    case "bool":
      return typeof v === "boolean" ? undefined : "must be true or false.";
    case "storageKeys":
      if (!Array.isArray(v)) return "must be a list of storage keys.";
      v.forEach((k, i) => {
        const m = checkStorageKey(k);
        if (m) out[`${p.name}.${i}`] = `Storage key ${i + 1}: ${m}`;
      });
      return undefined;
    case "callObject":
      if (!isCall(v)) return "must be an object.";
      checkCallObject(v, p.name, out);
      return undefined;
    case "starknetBlockId":
      if (!isBlockId(v)) return "must be a block id.";
      if (v.form === "hash") return checkFelt(v.value, "a block hash");
      if (v.form === "number") {
        if (DECIMAL.test(v.value)) return undefined;
        return v.value === ""
          ? "Enter a block number: a decimal integer such as 42."
          : `A Starknet block number is a decimal integer, such as 42; "${v.value}" is not.`;
      }
      return undefined;
  }
}

/** The param as it goes into the body. Values that do not validate go as typed, so the body shows them. */
export function toWire(p: ParamDef, v: FieldValue): unknown {
  switch (p.kind) {
    case "storageKeys":
      return Array.isArray(v) ? v.map(padStorageKey) : v;
    case "callObject": {
      if (!isCall(v)) return v;
      const out: Record<string, string> = {};
      for (const f of CALL_FIELDS) {
        const x = v[f];
        if (x !== undefined && x !== "") out[f] = x;
      }
      return out;
    }
    case "starknetBlockId": {
      if (!isBlockId(v)) return v;
      if (v.form === "latest" || v.form === "pending") return v.form;
      if (v.form === "hash") return { block_hash: v.value };
      return {
        block_number:
          DECIMAL.test(v.value) && Number.isSafeInteger(Number(v.value)) ? Number(v.value) : v.value,
      };
    }
    default:
      return v;
  }
}

/**
 * A body's value back into the form. Lenient on purpose: a value of the right JSON type comes in
 * even when it does not validate, so the form can show it with its message. Only a value the
 * field cannot hold (an object for an address) is refused.
 */
export function fromWire(p: ParamDef, w: unknown): FromWire {
  const no = (what: string): FromWire => ({ ok: false, message: `${p.label} must be ${what}.` });
  switch (p.kind) {
    case "address":
    case "hash32":
    case "quantity":
    case "blockParam":
      return typeof w === "string" ? { ok: true, value: w } : no("a string");
    case "blockParamOrDecimal":
      if (typeof w === "number" && Number.isSafeInteger(w) && w >= 0) return { ok: true, value: String(w) };
      return typeof w === "string" ? { ok: true, value: w } : no("a string or a decimal integer");
    case "bool":
      return typeof w === "boolean" ? { ok: true, value: w } : no("true or false");
    case "storageKeys":
      return Array.isArray(w) && w.every((k) => typeof k === "string")
        ? { ok: true, value: [...(w as string[])] }
        : no("an array of 32-byte hex strings");
    case "callObject": {
      if (typeof w !== "object" || w === null || Array.isArray(w)) return no("an object");
      const out: CallObjectValue = {};
      for (const [k, x] of Object.entries(w)) {
        if (!(CALL_FIELDS as readonly string[]).includes(k))
          return {
            ok: false,
            message: `${p.label} has no field "${k}"; its fields are ${CALL_FIELDS.join(", ")}.`,
          };
        if (x === null && k === "to") continue;
        if (typeof x !== "string") return { ok: false, message: `${p.label}: ${k} must be a hex string.` };
        out[k as CallField] = x;
      }
      if (out.to === undefined) out.to = "";
      return { ok: true, value: out };
    }
    case "starknetBlockId": {
      if (w === "latest" || w === "pending") return { ok: true, value: { form: w, value: "" } };
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
        message: `block_id must be "latest", "pending", {"block_hash": "0x…"} or {"block_number": 42}.`,
      };
    }
  }
}

export type JsonSchema = Record<string, unknown>;

const hexPattern = (digits: number) => `^0x[0-9a-fA-F]{${digits}}$`;
const QUANTITY_SCHEMA = { type: "string", pattern: "^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$" };

function describeParam(
  p: ParamDef,
  extra = "",
): { title: string; markdownDescription: string; description: string } {
  const text = `**${p.label}**${p.required ? "" : " (optional)"}: ${p.description}${extra}`;
  return { title: p.label, markdownDescription: text, description: text.replace(/\*\*/g, "") };
}

function snippets(p: ParamDef): JsonSchema {
  const values = [p.example, ...(p.examples ?? [])].map((v) => toWire(p, v));
  const unique = [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
  return { defaultSnippets: unique.map((body) => ({ label: JSON.stringify(body), body })) };
}

/** The JSON Schema of one param (draft-07, with Monaco's markdownDescription and defaultSnippets). */
export function paramSchema(p: ParamDef): JsonSchema {
  switch (p.kind) {
    case "address":
      return {
        type: "string",
        pattern: hexPattern(40),
        ...describeParam(p, "\n\n20 bytes: 0x and 40 hex digits."),
        ...snippets(p),
      };
    case "hash32":
      return {
        type: "string",
        pattern: hexPattern(64),
        ...describeParam(p, "\n\n32 bytes: 0x and 64 hex digits."),
        ...snippets(p),
      };
    case "quantity":
      return {
        ...QUANTITY_SCHEMA,
        ...describeParam(p, "\n\nA hex quantity, such as `0x0`."),
        ...snippets(p),
      };
    case "blockParam":
    case "blockParamOrDecimal": {
      const decimal = p.kind === "blockParamOrDecimal";
      return {
        anyOf: [
          { type: "string", enum: [...BLOCK_TAGS] },
          QUANTITY_SCHEMA,
          ...(decimal
            ? [
                { type: "string", pattern: "^(0|[1-9][0-9]*)$" },
                { type: "integer", minimum: 0 },
              ]
            : []),
        ],
        ...describeParam(
          p,
          `\n\nA ${decimal ? "hex or decimal" : "hex"} block number, or one of ${BLOCK_TAGS.map((t) => `\`${t}\``).join(", ")}.`,
        ),
        ...snippets(p),
      };
    }
    case "bool":
      return { type: "boolean", ...describeParam(p) };
    case "storageKeys":
      return {
        type: "array",
        items: { type: "string", pattern: "^0x[0-9a-fA-F]{1,64}$", description: "A 32-byte storage key." },
        ...describeParam(p),
        ...snippets(p),
      };
    case "callObject":
      return {
        type: "object",
        properties: Object.fromEntries(
          CALL_FIELDS.map((f) => {
            const info = CALL_FIELD_INFO[f];
            const base =
              info.kind === "address"
                ? { type: "string", pattern: hexPattern(40) }
                : info.kind === "quantity"
                  ? QUANTITY_SCHEMA
                  : { type: "string", pattern: "^0x([0-9a-fA-F]{2})*$" };
            return [
              f,
              {
                ...base,
                description: info.description,
                markdownDescription: `**${f}**: ${info.description}`,
              },
            ];
          }),
        ),
        additionalProperties: false,
        not: {
          anyOf: [
            { required: ["gasPrice", "maxFeePerGas"] },
            { required: ["gasPrice", "maxPriorityFeePerGas"] },
          ],
        },
        ...describeParam(p, "\n\n`gasPrice` and the EIP-1559 fee fields do not go together."),
        ...snippets(p),
      };
    case "starknetBlockId":
      return {
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
        ...snippets(p),
      };
  }
}

export const STARKNET_BLOCK_ID_FORMS: readonly { form: StarknetBlockIdForm; label: string }[] = [
  { form: "latest", label: "latest" },
  { form: "pending", label: "pending" },
  { form: "hash", label: "Block hash" },
  { form: "number", label: "Block number" },
];

export { isBlockId, isCall };
