/**
 * A structural diff of two JSON values: objects are compared key by key, arrays index by index,
 * and every difference is reported at the deepest path where it shows. Pure; used to compare two
 * stored answers side by side.
 */

import { isRecord } from "../../chain/field.ts";
import { paramsPreview } from "./history-format.ts";

type PathPart = string | number;
type DiffKind = "added" | "removed" | "changed";

export type DiffChange =
  | { kind: "added"; path: PathPart[]; after: unknown }
  | { kind: "removed"; path: PathPart[]; before: unknown }
  | { kind: "changed"; path: PathPart[]; before: unknown; after: unknown };

export type JsonDiff = {
  changes: DiffChange[];
  /** True when there were more differences than the limit; `changes` holds the first ones. */
  truncated: boolean;
  counts: Record<DiffKind, number>;
};

const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);

/** Deep equality of JSON values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => has(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The differences from `before` to `after`, at most `limit` of them (counts are always complete). */
export function diffJson(before: unknown, after: unknown, limit = 1_000): JsonDiff {
  const changes: DiffChange[] = [];
  const counts: Record<DiffKind, number> = { added: 0, removed: 0, changed: 0 };
  const push = (c: DiffChange) => {
    counts[c.kind] += 1;
    if (changes.length < limit) changes.push(c);
  };
  const walk = (a: unknown, b: unknown, path: PathPart[]) => {
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const p = [...path, i];
        if (i >= b.length) push({ kind: "removed", path: p, before: a[i] });
        else if (i >= a.length) push({ kind: "added", path: p, after: b[i] });
        else walk(a[i], b[i], p);
      }
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      for (const k of Object.keys(a)) {
        const p = [...path, k];
        if (!has(b, k)) push({ kind: "removed", path: p, before: a[k] });
        else walk(a[k], b[k], p);
      }
      for (const k of Object.keys(b)) {
        if (!has(a, k)) push({ kind: "added", path: [...path, k], after: b[k] });
      }
      return;
    }
    if (!jsonEqual(a, b)) push({ kind: "changed", path, before: a, after: b });
  };
  walk(before, after, []);
  const total = counts.added + counts.removed + counts.changed;
  return { changes, truncated: total > changes.length, counts };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `result.transactions[0].hash`; the whole value is "(whole answer)". */
export function formatPath(path: readonly PathPart[]): string {
  if (path.length === 0) return "(whole answer)";
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

/** A value as one line of JSON, cut at `max` characters. */
export function previewValue(value: unknown, max = 200): string {
  return value === undefined ? "(none)" : paramsPreview(value, max);
}
