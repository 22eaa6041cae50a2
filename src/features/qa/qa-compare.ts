/**
 * Comparing providers: the facts each target gave about the same block (qa-checks.ts), side by
 * side. A field disagrees when the targets that answered do not all give the same value, or when
 * some gave one and others none. Pure.
 */
import type { Fact } from "./qa-checks.ts";

export type FactRow = { field: string; values: (string | null)[]; agree: boolean };

export type Comparison = {
  /** The compared targets' ids, in the order of `values`. */
  targets: string[];
  /** How many fields were compared, and how many of them every target agrees on. */
  compared: number;
  agreed: number;
  /** The block-level fields (hash, roots, counts, storage, the proof's account), whether or not they agree. */
  headline: FactRow[];
  /** Every field on which the targets differ, headline or per receipt. */
  disagreements: FactRow[];
};

/** Per-item fields (one per receipt or transaction) are left out of the headline table. */
const PER_ITEM = /^(receipt|transaction) \d+ /;
export const isPerItem = (field: string) => PER_ITEM.test(field);

export function compareFacts(targets: readonly { id: string; facts: readonly Fact[] }[]): Comparison {
  const fields: string[] = [];
  const seen = new Set<string>();
  const maps = targets.map((t) => {
    const m = new Map<string, string | null>();
    for (const f of t.facts) {
      if (!seen.has(f.field)) {
        seen.add(f.field);
        fields.push(f.field);
      }
      m.set(f.field, f.value);
    }
    return m;
  });
  const rows: FactRow[] = fields.map((field) => {
    const values = maps.map((m) => m.get(field) ?? null);
    const agree = values.every((v) => v === values[0]);
    return { field, values, agree };
  });
  return {
    targets: targets.map((t) => t.id),
    compared: rows.length,
    agreed: rows.filter((r) => r.agree).length,
    headline: rows.filter((r) => !PER_ITEM.test(r.field)),
    disagreements: rows.filter((r) => !r.agree),
  };
}
