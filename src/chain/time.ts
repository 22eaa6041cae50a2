/**
 * Unix timestamps: parsed from a hex quantity (Ethereum) or an integer (Starknet), shown as a UTC
 * date and as a time relative to a `now` that the caller passes in (so views and tests agree).
 */
import { describeJsonType, fail, ok, type Parsed, parseQuantity } from "./quantity.ts";

/** Largest distance from the epoch that `Date` can represent, in seconds. */
const MAX_DATE_SECONDS = 8_640_000_000_000n;

/**
 * Parses a Unix timestamp in seconds: a hex quantity (`"0x59c71bba"`) or a non-negative safe
 * integer (`1756771188`).
 */
export function parseTimestamp(value: unknown): Parsed<bigint> {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) return fail(`${value} is not a whole number of seconds`);
    return ok(BigInt(value));
  }
  if (typeof value === "string") return parseQuantity(value);
  return fail(`expected a hex quantity or an integer, got ${describeJsonType(value)}`);
}

/**
 * Seconds since the epoch as an ISO-like UTC string: `"2017-09-24 02:47:54 UTC"`. Values beyond
 * the calendar range of `Date` are written out in seconds instead.
 */
export function formatUtc(seconds: bigint): string {
  if (seconds > MAX_DATE_SECONDS || seconds < -MAX_DATE_SECONDS) {
    return `${seconds} s after 1970-01-01 (beyond the calendar range)`;
  }
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const STEPS: ReadonlyArray<readonly [unit: string, seconds: bigint]> = [
  ["year", 365n * 86_400n],
  ["month", 30n * 86_400n],
  ["day", 86_400n],
  ["hour", 3_600n],
  ["minute", 60n],
  ["second", 1n],
];

/**
 * How long ago (or ahead) `seconds` is from `now`, in English, rounded down to the largest whole
 * unit: `"3 minutes ago"`, `"1 day ago"`, `"in 5 seconds"`, `"just now"`. Months are 30 days and
 * years 365 days.
 *
 * @param now the present as a `Date` or as milliseconds since the epoch
 */
export function formatRelative(seconds: bigint, now: Date | number): string {
  const nowMs = typeof now === "number" ? now : now.getTime();
  const nowSeconds = BigInt(Math.floor(nowMs / 1000));
  const diff = nowSeconds - seconds;
  if (diff === 0n) return "just now";
  const distance = diff < 0n ? -diff : diff;
  for (const [unit, size] of STEPS) {
    if (distance >= size) {
      const count = distance / size;
      const text = `${count} ${unit}${count === 1n ? "" : "s"}`;
      return diff > 0n ? `${text} ago` : `in ${text}`;
    }
  }
  return "just now";
}

/** A timestamp decoded for display; the relative part is left to the view (it changes with now). */
interface TimestampView {
  seconds: bigint;
  /** `"2017-09-24 02:47:54 UTC"`. */
  utc: string;
}

/** Parses and formats a timestamp in one step. */
export function decodeTimestamp(value: unknown): Parsed<TimestampView> {
  const parsed = parseTimestamp(value);
  if (!parsed.ok) return parsed;
  return ok({ seconds: parsed.value, utc: formatUtc(parsed.value) });
}
