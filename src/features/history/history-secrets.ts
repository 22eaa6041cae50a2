import { REDACTED_KEY } from "../../rpc/redact.ts";

/**
 * The API key never enters the history. Three rules, applied to every string and property name of
 * an entry (its params, its network, its stored answer):
 * - the key itself, in any spelling an address may carry, is replaced by `<API_KEY>`;
 * - an address segment `/v3/<something>` (where the service takes the key) is redacted to
 *   `/v3/<API_KEY>`;
 * - a property whose name says it holds a secret (`apiKey`, `api_key`, `secret`, `password`,
 *   `authorization`, `accessToken`, …) is left out.
 * `sanitize` applies them when an entry is recorded and exported; `findSecret` checks an imported
 * entry against them, and an entry that breaks one is refused, never repaired.
 */

/** Names of properties that hold credentials. Matched against the whole name, case-insensitively. */
const SECRET_NAME =
  /^(x-)?(api[-_]?key|apikey|secret|client[-_]?secret|password|passwd|private[-_]?key|access[-_]?token|auth[-_]?token|authorization|bearer|token)$/i;

/** `/v3/<segment>` that is not the placeholder: where an address carries the key. */
const KEY_SEGMENT = /\/v3\/(?!<API_KEY>)[^/?#\s"'<>]+/;
const KEY_SEGMENT_ALL = new RegExp(KEY_SEGMENT.source, "g");

/** Keys shorter than this would turn ordinary words into the placeholder (as redact.ts's scrubSecrets). */
const MIN_KEY_LENGTH = 4;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function spellings(keys: readonly string[]): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    if (key.length < MIN_KEY_LENGTH) continue;
    out.add(key);
    out.add(encodeURIComponent(key));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

function scrubString(text: string, keys: readonly string[]): string {
  let out = text;
  for (const k of keys) if (out.includes(k)) out = out.split(k).join(REDACTED_KEY);
  return out.replace(KEY_SEGMENT_ALL, `/v3/${REDACTED_KEY}`);
}

/** A deep copy of JSON-like `value` that follows the three rules above. */
export function sanitize<T>(value: T, keys: readonly string[] = []): T {
  const ks = spellings(keys);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return scrubString(v, ks);
    if (typeof v !== "object" || v === null || depth > 200) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [name, x] of Object.entries(v)) {
      if (isSecretName(name)) continue;
      out[scrubString(name, ks)] = walk(x, depth + 1);
    }
    return out;
  };
  return walk(value, 0) as T;
}

/** Where `value` breaks a rule (a path and why), or `null` when it carries no secret. */
export function findSecret(value: unknown): string | null {
  const walk = (v: unknown, path: string, depth: number): string | null => {
    if (typeof v === "string") {
      return KEY_SEGMENT.test(v) ? `${path || "a value"} holds an address with a key after /v3/` : null;
    }
    if (typeof v !== "object" || v === null || depth > 200) return null;
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [String(i), x])
      : Object.entries(v);
    for (const [name, x] of entries) {
      const here = Array.isArray(v) ? `${path}[${name}]` : path ? `${path}.${name}` : name;
      if (!Array.isArray(v) && isSecretName(name)) return `it has a field named "${name}"`;
      if (!Array.isArray(v) && KEY_SEGMENT.test(name)) return `${here} is an address with a key after /v3/`;
      const found = walk(x, here, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, "", 0);
}
