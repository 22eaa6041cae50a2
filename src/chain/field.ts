/**
 * The field model shared by the view models: one decoded JSON field is a {@link Field} with a
 * label and a typed {@link FieldValue} whose `text` is ready to show and whose `kind` tells a view
 * how to render it (a hash with a copy button, an address with a checksum, a pending marker…).
 * Fields come in {@link FieldGroup}s; fields the spec does not list are kept, never dropped.
 */
import { getAddress, isAddress } from "viem/utils";
import { type ChainProfile, ETHEREUM_PROFILE, formatNative, nativeAmount } from "./chain-profile.ts";
import type { ChainFieldSpec, ChainFieldUnit } from "./families/types.ts";
import { parseHexData } from "./hexdata.ts";
import {
  describeJsonType,
  formatBytes,
  formatDecimal,
  formatGweiText,
  formatWei,
  parseQuantity,
  shortenHex,
} from "./quantity.ts";
import { isRecord } from "./record.ts";
import { formatUtc, parseTimestamp } from "./time.ts";

/** A decoded field value. Every variant has `raw` (the JSON value as received) and `text`. */
export type FieldValue =
  /** A number (block number, gas, nonce…); `text` is decimal with separators. */
  | { kind: "quantity"; raw: string; value: bigint; text: string }
  /**
   * An amount of wei; `text` is in the native coin or gwei as the field calls for, the others
   * alongside (`ether`: the exact amount in whole native coins, whatever the coin is called).
   */
  | { kind: "wei"; raw: string; value: bigint; text: string; wei: string; gwei: string; ether: string }
  /** Unix seconds; `text` is the UTC date. Relative time is left to the view (`formatRelative`). */
  | { kind: "timestamp"; raw: string | number; seconds: bigint; text: string }
  /** A fixed-size hex value (hash, root, bloom, nonce, signature part); `text` is shortened. */
  | { kind: "hash"; raw: string; bytes: number; text: string }
  /** A 20-byte address; `checksum` is the EIP-55 form, `text` is shortened. */
  | { kind: "address"; raw: string; checksum: string; text: string }
  /** Variable-length hex data; `text` is shortened with the length in bytes. */
  | { kind: "data"; raw: string; bytes: number; text: string }
  /** A string shown as it is (Starknet status, version, DA mode). */
  | { kind: "text"; raw: string; text: string }
  | { kind: "boolean"; raw: boolean; text: string }
  /** An array (uncle hashes, withdrawals, access list); `text` says how many items. */
  | { kind: "list"; raw: unknown[]; count: number; text: string }
  /** Any other JSON (an unknown object); `text` is clipped JSON. */
  | { kind: "json"; raw: unknown; text: string }
  /** Null because the block or transaction is pending, as the spec documents. */
  | { kind: "pending"; raw: null; text: string }
  /** Null with a meaning (`"contract creation"`, `"not given"`). */
  | { kind: "none"; raw: null; text: string }
  /** A value of the wrong type or form; `problem` says what was expected. */
  | { kind: "invalid"; raw: unknown; text: string; problem: string };

/** One labelled field of a view model. */
export interface Field {
  /** The JSON key, as received (`"gasUsed"`). */
  key: string;
  /** A label for people (`"Gas used"`). */
  label: string;
  value: FieldValue;
  /** A second line: gas share of the limit, `extraData` as text, the selector of `input`… */
  detail?: string;
  /** True for fields the interface spec does not list (`withdrawals`, `blobGasUsed`…). */
  beyondSpec?: boolean;
  /** What the field means, for a hover (a chain family's fields say it). */
  hint?: string;
}

/**
 * Whether two fields say the same: their own properties and their values' alike (a raw object only
 * when it is the same object), and neither a timestamp (its relative time moves on). A view skips
 * drawing again a field of a new answer that says what the last one's did.
 */
export function sameField(a: Field, b: Field): boolean {
  return a.value.kind !== "timestamp" && sameProps(a.value, b.value) && sameProps(a, b, "value");
}

/** Whether `a` and `b` have the same own properties, each the same value (`Object.is`), but `except`. */
function sameProps(a: object, b: object, except?: string): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (k) => k === except || Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** A titled group of fields (identity, gas and fees, roots…). */
export interface FieldGroup {
  id: string;
  title: string;
  fields: Field[];
}

/**
 * Turns one raw JSON value into a {@link FieldValue}; never throws. `chain` is the network's
 * profile, for amounts in its native coin; `object` the object the value belongs to (a
 * transaction's type is recognized by its fields too). Most decoders need neither.
 */
type Decoder = (raw: unknown, chain?: ChainProfile, object?: Readonly<Record<string, unknown>>) => FieldValue;

/** How to decode one field of an object. */
export interface FieldSpec {
  key: string;
  label: string;
  decode: Decoder;
  /** Leave the field out when the object does not have it (otherwise: a "missing" problem). */
  optional?: boolean;
  /** The spec documents null for this field while pending: show null as {@link FieldValue} `pending`. */
  pendingNull?: boolean;
  /** Null is a legitimate value shown as this text (`"contract creation"`). */
  nullText?: string;
  /** Other spellings of the key, tried in order when `key` is absent (`chainID` for `chainId`). */
  aliases?: readonly string[];
  /** A second line computed from the decoded value and the whole object. */
  detail?: (value: FieldValue, object: Readonly<Record<string, unknown>>) => string | null;
}

/** A known field beyond the spec: how to label and decode it when it turns up. */
export type ExtraFieldSpec = Omit<FieldSpec, "key" | "optional" | "aliases">;

/** A checksummed (EIP-55) address, or null when `raw` is not an address. */
export function checksumOrNull(raw: unknown): string | null {
  return typeof raw === "string" && isAddress(raw, { strict: false }) ? getAddress(raw) : null;
}

/** True for a plain JSON object (not null, not an array): record.ts, kept here for the decoders' users. */
export { isRecord };

/** Compact JSON of a value for a one-line view, clipped to `max` characters. */
export function jsonText(raw: unknown, max = 120): string {
  let text: string;
  try {
    text = JSON.stringify(raw, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An {@link FieldValue} `invalid` with the expectation spelled out. */
export function invalidValue(raw: unknown, expected: string): FieldValue {
  const got =
    typeof raw === "string" ? `"${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}"` : describeJsonType(raw);
  return { kind: "invalid", raw, text: jsonText(raw), problem: `should be ${expected}, got ${got}` };
}

/** A null that means nothing more than null (a field nobody described, a chain field not set yet). */
const NULL_VALUE: FieldValue = { kind: "none", raw: null, text: "null" };

/** A quantity shown in decimal with thousands separators. Leading zeros are tolerated for display. */
export const quantityValue: Decoder = (raw) => {
  const parsed = parseQuantity(raw, { allowLeadingZeros: true });
  if (!parsed.ok || typeof raw !== "string") return invalidValue(raw, "a hex quantity");
  return { kind: "quantity", raw, value: parsed.value, text: formatDecimal(parsed.value) };
};

/** A quantity of bytes: `"17,534 bytes (17.1 KiB)"`. */
export const byteSizeValue: Decoder = (raw) => {
  const value = quantityValue(raw);
  if (value.kind !== "quantity") return value;
  const plain = `${value.text} bytes`;
  return { ...value, text: value.value >= 1024n ? `${plain} (${formatBytes(value.value)})` : plain };
};

/**
 * An amount of wei shown in the network's native coin (`"1.5 ETH"`, `"1.5 POL"`, for values) or
 * in gwei (`"12.5 gwei"`, for prices).
 */
export function weiValue(unit: "native" | "gwei"): Decoder {
  return (raw, chain = ETHEREUM_PROFILE) => {
    const parsed = parseQuantity(raw, { allowLeadingZeros: true });
    if (!parsed.ok || typeof raw !== "string") return invalidValue(raw, "a hex quantity of wei");
    return weiOf(raw, parsed.value, unit, chain);
  };
}

function weiOf(
  raw: string,
  wei: bigint,
  unit: "native" | "gwei",
  chain: ChainProfile = ETHEREUM_PROFILE,
): FieldValue {
  const text = unit === "native" ? formatNative(wei, chain.currency) : formatGweiText(wei);
  return { kind: "wei", raw, value: wei, text, ...formatWei(wei), ether: nativeAmount(wei, chain.currency) };
}

/** An amount in gwei (withdrawal amounts are in gwei, not wei): shown in the native coin and gwei. */
export const gweiAmountValue: Decoder = (raw, chain = ETHEREUM_PROFILE) => {
  const parsed = parseQuantity(raw, { allowLeadingZeros: true });
  if (!parsed.ok || typeof raw !== "string") return invalidValue(raw, "a hex quantity of gwei");
  return weiOf(raw, parsed.value * 1_000_000_000n, "native", chain);
};

/** Unix seconds (hex quantity or integer) shown as a UTC date. */
export const timestampValue: Decoder = (raw) => {
  const parsed = parseTimestamp(raw);
  if (!parsed.ok || (typeof raw !== "string" && typeof raw !== "number")) {
    return invalidValue(raw, "a Unix timestamp");
  }
  return { kind: "timestamp", raw, seconds: parsed.value, text: formatUtc(parsed.value) };
};

/** Hex data of exactly `bytes` bytes (a hash, a root, the bloom, the 8-byte nonce). */
export function fixedHexValue(bytes: number): Decoder {
  return (raw) => {
    const parsed = parseHexData(raw);
    if (!parsed.ok || typeof raw !== "string" || parsed.value.length !== bytes) {
      return invalidValue(raw, `${bytes} bytes of hex`);
    }
    return { kind: "hash", raw, bytes, text: shortenHex(raw) };
  };
}

/** A 32-byte hash or root. */
export const hashValue: Decoder = fixedHexValue(32);

/**
 * A 32-byte number written as a quantity (signature `r` and `s`: nodes drop leading zeros, so
 * `0x2d5b…` may have 63 digits). Shown like a hash.
 */
export const wordValue: Decoder = (raw) => {
  const parsed = parseQuantity(raw, { allowLeadingZeros: true });
  if (!parsed.ok || typeof raw !== "string" || raw.length > 66) return invalidValue(raw, "a 32-byte number");
  return { kind: "hash", raw, bytes: 32, text: shortenHex(raw) };
};

/** A 20-byte address, checksummed for display. */
export const addressValue: Decoder = (raw) => {
  if (typeof raw !== "string" || !isAddress(raw, { strict: false }))
    return invalidValue(raw, "a 20-byte address");
  return { kind: "address", raw, checksum: getAddress(raw), text: shortenHex(raw) };
};

/** Hex data of any length (`extraData`, `input`). */
export const dataValue: Decoder = (raw) => {
  const parsed = parseHexData(raw);
  if (!parsed.ok || typeof raw !== "string") return invalidValue(raw, "hex data");
  const n = parsed.value.length;
  const text =
    n === 0 ? "0x (empty)" : `${shortenHex(raw, 8)} (${formatDecimal(BigInt(n))} byte${n === 1 ? "" : "s"})`;
  return { kind: "data", raw, bytes: n, text };
};

/** A string shown as it is. */
export const textValue: Decoder = (raw) =>
  typeof raw === "string" ? { kind: "text", raw, text: raw } : invalidValue(raw, "a string");

/** A JSON array; `text` is its length. */
export const listValue: Decoder = (raw) => {
  if (!Array.isArray(raw)) return invalidValue(raw, "an array");
  return { kind: "list", raw, count: raw.length, text: `${raw.length} item${raw.length === 1 ? "" : "s"}` };
};

/**
 * Best guess for a field nobody described: booleans, arrays, 20-byte addresses, 32-byte hashes,
 * quantities, other hex data, strings, else clipped JSON.
 */
export const guessValue: Decoder = (raw) => {
  if (raw === null) return NULL_VALUE;
  if (typeof raw === "boolean") return { kind: "boolean", raw, text: String(raw) };
  if (typeof raw === "number") return { kind: "json", raw, text: String(raw) };
  if (Array.isArray(raw)) return listValue(raw);
  if (typeof raw === "string") {
    if (raw.length === 42 && isAddress(raw, { strict: false })) return addressValue(raw);
    if (raw.length === 66 && parseHexData(raw).ok) return hashValue(raw);
    // A spec quantity (at most 256 bits): longer hex (a `rawTransaction`) is data, not a number.
    if (parseQuantity(raw).ok) return quantityValue(raw);
    if (parseHexData(raw).ok) return dataValue(raw);
    // Odd-length hex that is no quantity (`0x123…` of 65+ digits): shown as it came, not judged.
    return textValue(raw);
  }
  return { kind: "json", raw, text: jsonText(raw) };
};

/** What {@link decodeFields} and {@link otherFields} work on, and collect into. */
interface DecodeContext {
  object: Readonly<Record<string, unknown>>;
  /** The object is pending: nulls of `pendingNull` fields are expected. */
  pending: boolean;
  /** Keys already shown; {@link otherFields} shows the rest. */
  used: Set<string>;
  /** Human-readable problems found while decoding (`"gasUsed": should be a hex quantity…`). */
  problems: string[];
  /** The network's profile: native coin for amounts, family for its fields. */
  chain: ChainProfile;
  /**
   * Fields this object may leave out although the common model lists them: its chain family's or
   * its type's by design (a deposit's signature), or its era's (no `type` before EIP-2718).
   */
  mayOmit: ReadonlySet<string>;
}

/** Starts a {@link DecodeContext} for an object. */
export function decodeContext(
  object: Readonly<Record<string, unknown>>,
  pending: boolean,
  chain: ChainProfile = ETHEREUM_PROFILE,
  mayOmit: Iterable<string> = [],
): DecodeContext {
  return { object, pending, used: new Set(), problems: [], chain, mayOmit: new Set(mayOmit) };
}

/** Decodes the fields `specs` describe, in that order. Missing optional fields are left out. */
export function decodeFields(specs: readonly FieldSpec[], ctx: DecodeContext): Field[] {
  const fields: Field[] = [];
  for (const spec of specs) {
    const key = [spec.key, ...(spec.aliases ?? [])].find((k) => Object.hasOwn(ctx.object, k));
    if (key === undefined) {
      if (!spec.optional && !ctx.mayOmit.has(spec.key)) {
        ctx.problems.push(`missing field "${spec.key}"`);
        fields.push({
          key: spec.key,
          label: spec.label,
          value: { kind: "invalid", raw: undefined, text: "missing", problem: "missing from the answer" },
        });
      }
      continue;
    }
    ctx.used.add(key);
    fields.push(decodeOne(key, spec, ctx));
  }
  return fields;
}

/**
 * Every field not yet shown, in the object's order: decoded with `known` where it names the key,
 * otherwise guessed. All are marked `beyondSpec`.
 */
export function otherFields(
  ctx: DecodeContext,
  known: Readonly<Record<string, ExtraFieldSpec>> = {},
): Field[] {
  const fields: Field[] = [];
  for (const key of Object.keys(ctx.object)) {
    if (ctx.used.has(key)) continue;
    ctx.used.add(key);
    const spec: FieldSpec = Object.hasOwn(known, key)
      ? { key, ...(known[key] as ExtraFieldSpec) }
      : { key, label: key, decode: guessValue };
    fields.push({ ...decodeOne(key, spec, ctx), beyondSpec: true });
  }
  return fields;
}

function decodeOne(key: string, spec: FieldSpec, ctx: DecodeContext): Field {
  const raw = ctx.object[key];
  let value: FieldValue;
  if (raw === null && spec.pendingNull) {
    value = { kind: "pending", raw: null, text: "pending" };
  } else if (raw === null && spec.nullText !== undefined) {
    value = { kind: "none", raw: null, text: spec.nullText };
  } else {
    value = spec.decode(raw, ctx.chain, ctx.object);
  }
  if (value.kind === "invalid") ctx.problems.push(`"${key}" ${value.problem}`);
  const field: Field = { key, label: spec.label, value };
  const detail = spec.detail && value.kind !== "invalid" ? spec.detail(value, ctx.object) : null;
  if (detail) field.detail = detail;
  return field;
}

/** A chain field of this unit; null (a batch not sealed yet) reads "null", never a problem. */
const UNIT_DECODERS: Readonly<Record<ChainFieldUnit, Decoder>> = {
  native: weiValue("native"),
  gwei: weiValue("gwei"),
  quantity: quantityValue,
  hash: hashValue,
  address: addressValue,
  data: dataValue,
  timestamp: timestampValue,
  boolean: (raw) =>
    typeof raw === "boolean" ? { kind: "boolean", raw, text: raw ? "yes" : "no" } : guessValue(raw),
  text: (raw) => (typeof raw === "string" ? { kind: "text", raw, text: raw } : guessValue(raw)),
  list: listValue,
};

/**
 * The fields a chain family adds (`families/<id>.ts`), in the family's order, those the object
 * has. A value not of the expected form is shown as it came (guessed), never called wrong: the
 * family describes real answers, and a newer node may write a field another way.
 */
export function chainFields(ctx: DecodeContext, specs: Readonly<Record<string, ChainFieldSpec>>): Field[] {
  const fields: Field[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    if (!Object.hasOwn(ctx.object, key) || ctx.used.has(key)) continue;
    ctx.used.add(key);
    const raw = ctx.object[key];
    let value = raw === null ? NULL_VALUE : UNIT_DECODERS[spec.unit](raw, ctx.chain);
    if (value.kind === "invalid") value = guessValue(raw);
    fields.push({
      key,
      label: spec.label,
      value,
      beyondSpec: true,
      ...(spec.hint ? { hint: spec.hint } : {}),
    });
  }
  return fields;
}

/** The first field with this key in a list of groups, for views and tests. */
export function findField(groups: readonly FieldGroup[], key: string): Field | undefined {
  for (const group of groups) {
    const field = group.fields.find((f) => f.key === key);
    if (field) return field;
  }
  return undefined;
}
