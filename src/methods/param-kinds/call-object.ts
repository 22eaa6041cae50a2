import { CALL_FIELDS, type CallField, type CallObjectValue, type FieldValue } from "../types.ts";
import { checkAddress, checkData, checkQuantity } from "./checks.ts";
import {
  describeParam,
  hexPattern,
  isBlank,
  isCall,
  type ParamKindDef,
  type Problems,
  QUANTITY_SCHEMA,
  refuse,
  snippets,
} from "./kind.ts";

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

/** Only the fields that are set, in the spec's order. */
function toWire(v: FieldValue): unknown {
  if (!isCall(v)) return v;
  const out: Record<string, string> = {};
  for (const f of CALL_FIELDS) {
    const x = v[f];
    if (x !== undefined && x !== "") out[f] = x;
  }
  return out;
}

/** The spec's transaction call object (`eth_estimateGas`); each field has its own message, keyed `name.field`. */
export const callObjectKind: ParamKindDef = {
  empty: () => ({ to: "" }),
  isEmpty: isBlank,
  check: (p, v, out) => {
    if (!isCall(v)) return "must be an object.";
    checkCallObject(v, p.name, out);
    return undefined;
  },
  toWire,
  fromWire: (p, w) => {
    if (typeof w !== "object" || w === null || Array.isArray(w)) return refuse(p, "an object");
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
  },
  schema: (p) => ({
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
      anyOf: [{ required: ["gasPrice", "maxFeePerGas"] }, { required: ["gasPrice", "maxPriorityFeePerGas"] }],
    },
    ...describeParam(p, "\n\n`gasPrice` and the EIP-1559 fee fields do not go together."),
    ...snippets(p, toWire),
  }),
};
