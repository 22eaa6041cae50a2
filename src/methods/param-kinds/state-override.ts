import {
  ACCOUNT_OVERRIDE_FIELDS,
  type AccountOverrideField,
  type AccountOverrideValue,
  type FieldValue,
  type SlotValue,
} from "../types.ts";
import { checkAddress, checkData, checkQuantity, checkUint64, checkWord32 } from "./checks.ts";
import {
  describeParam,
  type FromWire,
  hexPattern,
  isBlank,
  isStateOverride,
  type JsonSchema,
  type ParamKindDef,
  type Problems,
  QUANTITY_SCHEMA,
  refuse,
  snippets,
} from "./kind.ts";

type TextField = Exclude<AccountOverrideField, "state" | "stateDiff">;
type SlotsField = Extract<AccountOverrideField, "state" | "stateDiff">;

/** What each field of an account override is, as geth's docs ("State override set") describe it. */
export const ACCOUNT_OVERRIDE_INFO: Record<
  AccountOverrideField,
  { description: string; kind: "quantity" | "uint64" | "data" | "address" | "slots" }
> = {
  balance: { description: "Balance to give the account, in wei, for this call.", kind: "quantity" },
  nonce: { description: "Nonce to give the account for this call.", kind: "uint64" },
  code: { description: "EVM bytecode to put at the account for this call.", kind: "data" },
  state: {
    description: "Storage to give the account: every other slot reads as zero (replaces all its storage).",
    kind: "slots",
  },
  stateDiff: {
    description: "Storage slots to change; the account's other slots keep their values.",
    kind: "slots",
  },
  movePrecompileToAddress: {
    description:
      "For a precompile's address: moves the precompile to this address, so its code can be overridden here (geth documents it; not every node has it).",
    kind: "address",
  },
};

const SLOT_FIELDS: readonly SlotsField[] = ["state", "stateDiff"];
export const isSlotsField = (f: AccountOverrideField): f is SlotsField =>
  (SLOT_FIELDS as readonly string[]).includes(f);

function checkText(f: TextField, v: string): string | undefined {
  const kind = ACCOUNT_OVERRIDE_INFO[f].kind;
  if (kind === "quantity") return checkQuantity(v);
  if (kind === "uint64") return checkUint64(v);
  if (kind === "address") return checkAddress(v);
  return checkData(v, "Code");
}

function checkSlots(rows: readonly SlotValue[], where: string, key: string, out: Problems): void {
  const seen = new Map<string, number>();
  rows.forEach((row, j) => {
    const at = `${where} slot ${j + 1}`;
    const slot = checkWord32(row.slot, "a storage slot");
    if (slot) out[`${key}.${j}.slot`] = `${at}: ${slot}`;
    const value = checkWord32(row.value, "a storage value");
    if (value) out[`${key}.${j}.value`] = `${at} value: ${value}`;
    const id = row.slot.toLowerCase();
    const first = seen.get(id);
    if (!slot && first !== undefined)
      out[`${key}.${j}.slot`] =
        `${at}: the same slot as slot ${first + 1}; the body keeps only the last value.`;
    else if (!slot) seen.set(id, j);
  });
}

/** Problems of each account, keyed `name.i.field` (and `name.i.state.j.slot` / `.value` for slot rows). */
function checkAccounts(accounts: readonly AccountOverrideValue[], name: string, out: Problems): void {
  const seen = new Map<string, number>();
  accounts.forEach((a, i) => {
    const where = `Account ${i + 1}`;
    const address = checkAddress(a.address);
    if (address) out[`${name}.${i}.address`] = `${where} address: ${address}`;
    const id = a.address.toLowerCase();
    const first = seen.get(id);
    if (!address && first !== undefined)
      out[`${name}.${i}.address`] =
        `${where} address: account ${first + 1} overrides the same address; the body keeps only the last.`;
    else if (!address) seen.set(id, i);
    for (const f of ACCOUNT_OVERRIDE_FIELDS) {
      if (isSlotsField(f)) {
        const rows = a[f];
        if (rows) checkSlots(rows, `${where} ${f}`, `${name}.${i}.${f}`, out);
        continue;
      }
      const v = a[f];
      if (v === undefined) continue;
      const problem = checkText(f, v);
      if (problem) out[`${name}.${i}.${f}`] = `${where} ${f}: ${problem}`;
    }
    if (a.state && a.stateDiff)
      out[`${name}.${i}.stateDiff`] =
        `${where}: state and stateDiff do not go together (state replaces all storage, stateDiff changes some slots); keep one.`;
  });
}

const slotsToWire = (rows: readonly SlotValue[]) => Object.fromEntries(rows.map((r) => [r.slot, r.value]));

const isAccountField = (k: string): k is AccountOverrideField =>
  (ACCOUNT_OVERRIDE_FIELDS as readonly string[]).includes(k);

/**
 * Accounts keyed by address, each with only its set fields, in the order they were written (a
 * body's order, or the order the form added them), so a body read into the form comes out the same.
 */
function toWire(v: FieldValue): unknown {
  if (!isStateOverride(v)) return v;
  const out: Record<string, Record<string, unknown>> = {};
  for (const a of v.accounts) {
    const fields: Record<string, unknown> = {};
    for (const f of Object.keys(a)) {
      if (!isAccountField(f)) continue;
      const x = a[f];
      if (x === undefined) continue;
      fields[f] = typeof x === "string" ? x : slotsToWire(x);
    }
    out[a.address] = fields;
  }
  return out;
}

const isObject = (w: unknown): w is Record<string, unknown> =>
  typeof w === "object" && w !== null && !Array.isArray(w);

function accountFromWire(label: string, address: string, w: unknown): AccountOverrideValue | string {
  const at = `${label}, ${address || "the empty address"}`;
  if (!isObject(w)) return `${at}: each account's override must be an object, such as {"balance": "0x1"}.`;
  const out: AccountOverrideValue = { address };
  for (const [k, x] of Object.entries(w)) {
    if (!isAccountField(k))
      return `${at} has no field "${k}"; an account's fields are ${ACCOUNT_OVERRIDE_FIELDS.join(", ")}.`;
    const f = k;
    if (isSlotsField(f)) {
      if (!isObject(x) || !Object.values(x).every((s) => typeof s === "string"))
        return `${at}: ${f} must be an object of slot to value, both hex strings.`;
      out[f] = Object.entries(x as Record<string, string>).map(([slot, value]) => ({ slot, value }));
    } else {
      if (typeof x !== "string") return `${at}: ${f} must be a hex string.`;
      out[f] = x;
    }
  }
  return out;
}

function fromWire(p: Parameters<ParamKindDef["fromWire"]>[0], w: unknown): FromWire {
  // null is "no overrides" to every node; it comes back as none (and goes out as {} before a block override).
  if (w === null && !p.required) return { ok: true, value: { accounts: [] } };
  if (!isObject(w)) return refuse(p, 'an object keyed by address, such as {"0x…": {"balance": "0x1"}}');
  const accounts: AccountOverrideValue[] = [];
  for (const [address, x] of Object.entries(w)) {
    const a = accountFromWire(p.label, address, x);
    if (typeof a === "string") return { ok: false, message: a };
    accounts.push(a);
  }
  return { ok: true, value: { accounts } };
}

const WORD_SCHEMA = { type: "string", pattern: hexPattern(64) };
const SLOTS_SCHEMA = (f: SlotsField): JsonSchema => ({
  type: "object",
  propertyNames: { pattern: hexPattern(64) },
  additionalProperties: { ...WORD_SCHEMA, description: "The slot's value: 32 bytes." },
  description: ACCOUNT_OVERRIDE_INFO[f].description,
  markdownDescription: `**${f}**: ${ACCOUNT_OVERRIDE_INFO[f].description} Keys and values are 32-byte words.`,
});

function fieldSchema(f: AccountOverrideField): JsonSchema {
  if (isSlotsField(f)) return SLOTS_SCHEMA(f);
  const info = ACCOUNT_OVERRIDE_INFO[f];
  const base =
    info.kind === "address"
      ? { type: "string", pattern: hexPattern(40) }
      : info.kind === "data"
        ? { type: "string", pattern: "^0x([0-9a-fA-F]{2})*$" }
        : QUANTITY_SCHEMA;
  return { ...base, description: info.description, markdownDescription: `**${f}**: ${info.description}` };
}

/**
 * The state override set of `eth_call` / `eth_estimateGas` (beyond the service spec): accounts
 * by address, each with a balance, nonce, code, its storage (`state`) or some slots
 * (`stateDiff`). Problems are keyed per account row and field (`name.i.field`).
 */
export const stateOverrideKind: ParamKindDef = {
  empty: () => ({ accounts: [] }),
  isEmpty: isBlank,
  check: (p, v, out) => {
    if (!isStateOverride(v)) return "must be a state override set.";
    checkAccounts(v.accounts, p.name, out);
    return undefined;
  },
  toWire,
  fromWire,
  schema: (p) => ({
    type: p.required ? "object" : ["object", "null"],
    propertyNames: { pattern: hexPattern(40) },
    additionalProperties: {
      type: "object",
      properties: Object.fromEntries(ACCOUNT_OVERRIDE_FIELDS.map((f) => [f, fieldSchema(f)])),
      additionalProperties: false,
      not: { required: ["state", "stateDiff"] },
      description: "What to override for this account; state and stateDiff do not go together.",
    },
    ...describeParam(
      p,
      `\n\nAn object keyed by address; each account may set ${ACCOUNT_OVERRIDE_FIELDS.map((f) => `\`${f}\``).join(", ")}. \`state\` and \`stateDiff\` do not go together.`,
    ),
    ...snippets(p, toWire),
  }),
};
