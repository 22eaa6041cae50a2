/**
 * Hex quantities and the numbers shown for them: strict parsing to bigint, decimal with thousands
 * separators, wei as ether and gwei, byte sizes, shortened hashes and gas shares.
 *
 * Pure functions; big integers are always bigint, never float.
 */
import { formatEther, formatGwei } from "viem/utils";

/** The outcome of parsing untrusted input: a value, or a short reason why there is none. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Builds the success side of {@link Parsed}. */
export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** Builds the failure side of {@link Parsed}. */
export function fail<T = never>(error: string): Parsed<T> {
  return { ok: false, error };
}

/** A JSON-RPC quantity: `0x` then hex digits with no leading zero (`0x0` for zero). */
const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;
/** Hex digits after `0x`, leading zeros allowed (for words that are data rather than quantities). */
const HEX_NUMBER = /^0x[0-9a-fA-F]+$/;

/** True when `value` is a spec-shaped hex quantity (`0x0`, `0x1a`; not `0x`, `0x01`, `12`). */
export function isQuantity(value: unknown): value is `0x${string}` {
  return typeof value === "string" && QUANTITY.test(value);
}

/** 256 bits: the widest number a JSON-RPC quantity or storage word holds. */
const MAX_QUANTITY_DIGITS = 64;

/** Options of {@link parseQuantity}. */
interface ParseQuantityOptions {
  /** Accept leading zeros (`0x00ff`), as in padded data words. Default false (spec quantities). */
  allowLeadingZeros?: boolean;
}

/**
 * Parses a JSON-RPC hex quantity into a bigint. Never throws: anything that is not a hex string
 * of the right form comes back as `{ ok: false, error }` naming what is wrong.
 */
export function parseQuantity(value: unknown, options: ParseQuantityOptions = {}): Parsed<bigint> {
  if (typeof value !== "string") {
    return fail(`expected a hex string, got ${describeJsonType(value)}`);
  }
  if (!value.startsWith("0x")) return fail(`"${clip(value)}" has no 0x prefix`);
  if (value.length === 2) return fail(`"0x" is empty, a quantity needs at least one digit`);
  if (!HEX_NUMBER.test(value)) return fail(`"${clip(value)}" is not hexadecimal`);
  if (!options.allowLeadingZeros && !QUANTITY.test(value)) {
    return fail(`"${clip(value)}" has leading zeros`);
  }
  // No quantity of the spec has more than 256 bits; a longer one (a hostile node's million digits)
  // would cost seconds of decimal conversion on the main thread.
  const significant = value.length - 2 - (/^0x(0*)/.exec(value)?.[1]?.length ?? 0);
  if (significant > MAX_QUANTITY_DIGITS)
    return fail(
      `"${clip(value)}" has ${formatDecimal(BigInt(value.length - 2))} hex digits: more than 256 bits`,
    );
  return ok(BigInt(value));
}

/** Lenient variant for display: a bigint when `value` is any hex number, otherwise null. */
export function quantityOrNull(value: unknown): bigint | null {
  const parsed = parseQuantity(value, { allowLeadingZeros: true });
  return parsed.ok ? parsed.value : null;
}

/** `1234567n` (or a count, `1234567`) → `"1,234,567"`; negative numbers keep their sign. */
export function formatDecimal(amount: bigint | number, separator = ","): string {
  const value = typeof amount === "number" ? BigInt(Math.trunc(amount)) : amount;
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return (negative ? "-" : "") + groups.join(separator);
}

/** An amount in wei in the three units a view shows, each an exact decimal string. */
interface WeiAmount {
  /** Whole wei with thousands separators: `"1,500,000,000,000,000,000"`. */
  wei: string;
  /** Exact gwei (viem `formatGwei`): `"1500000000"`. */
  gwei: string;
  /** Exact ether (viem `formatEther`): `"1.5"`. */
  ether: string;
}

/** Formats wei as exact wei, gwei and ether strings (no rounding, no float). */
export function formatWei(wei: bigint): WeiAmount {
  return { wei: formatDecimal(wei), gwei: formatGwei(wei), ether: formatEther(wei) };
}

/** `12500000000n` → `"12.5 gwei"`. */
export function formatGweiText(wei: bigint): string {
  return `${formatGwei(wei)} gwei`;
}

const BYTE_UNITS = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"] as const;

/**
 * A byte count for people: `540 B`, `17.1 KiB`, `1.2 MiB` (binary units, one decimal, rounded
 * half up with bigint arithmetic).
 */
export function formatBytes(bytes: bigint | number): string {
  const n = typeof bytes === "number" ? BigInt(Math.trunc(bytes)) : bytes;
  if (n < 0n) return `${n} B`;
  if (n < 1024n) return `${n} B`;
  let unit = 0;
  let divisor = 1024n;
  while (unit < BYTE_UNITS.length - 1 && n >= divisor * 1024n) {
    unit += 1;
    divisor *= 1024n;
  }
  let tenths = (n * 10n + divisor / 2n) / divisor;
  if (tenths >= 10240n && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    divisor *= 1024n;
    tenths = (n * 10n + divisor / 2n) / divisor;
  }
  return `${tenths / 10n}.${tenths % 10n} ${BYTE_UNITS[unit]}`;
}

/**
 * Shortens a long hex string for a compact view: `0x1234…abcd`. Strings that are already short
 * (at most `2 + 2 * chars + 1` characters) come back unchanged.
 */
export function shortenHex(hex: string, chars = 4): string {
  if (hex.length <= 2 + chars * 2 + 1) return hex;
  const prefix = hex.startsWith("0x") ? 2 : 0;
  return `${hex.slice(0, prefix + chars)}…${hex.slice(-chars)}`;
}

/**
 * The share of `used` in `limit` as a percentage string, rounded half up with bigint arithmetic:
 * `gasShare(15_000_000n, 30_000_000n)` → `"50.00%"`. Null when the limit is zero or negative.
 */
export function gasShare(used: bigint, limit: bigint, decimals = 2): string | null {
  if (limit <= 0n || decimals < 0) return null;
  const scale = 10n ** BigInt(decimals);
  const negative = used < 0n;
  const magnitude = negative ? -used : used;
  const scaled = (magnitude * 100n * scale * 2n + limit) / (2n * limit);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, "0");
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}%`;
}

/** `"string"`, `"number"`, `"null"`, `"array"`, `"object"`… for messages about wrong JSON types. */
export function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function clip(text: string, max = 24): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
