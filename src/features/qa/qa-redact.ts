import { REDACTED_KEY } from "../../rpc/redact.ts";

/** Keys this short would turn ordinary words into the placeholder (as rpc/redact.ts). */
const MIN_KEY_LENGTH = 4;

/**
 * A deep copy of JSON-like `value` with every spelling of every key (as typed, and as an address
 * carries it, percent-encoded) replaced by `<API_KEY>`, in strings and property names alike. The
 * QA run never puts a key in its result; this is the second line, applied to everything a node or
 * a failure said before it is shown or exported.
 */
export function redactKeys<T>(value: T, keys: readonly string[]): T {
  const spellings = [
    ...new Set(keys.filter((k) => k.length >= MIN_KEY_LENGTH).flatMap((k) => [k, encodeURIComponent(k)])),
  ].sort((a, b) => b.length - a.length);
  if (spellings.length === 0) return value;
  const scrub = (s: string) => {
    let out = s;
    for (const k of spellings) if (out.includes(k)) out = out.split(k).join(REDACTED_KEY);
    return out;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return scrub(v);
    if (depth > 200 || v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [scrub(k), walk(x, depth + 1)]));
  };
  return walk(value, 0) as T;
}
