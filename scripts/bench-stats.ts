/** The bench's arithmetic and its printed table (scripts/bench.ts), apart so a unit test reads them. */

export type Stats = { median: number; min: number; max: number };

/** Median (the upper one of an even count), min and max; NaN for none. NaN values are left out. */
export function stats(xs: readonly number[]): Stats {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)] ?? Number.NaN,
    min: s[0] ?? Number.NaN,
    max: s.at(-1) ?? Number.NaN,
  };
}

/** Each run's figure over the bare run beside it (the same index). */
export function ratios(app: readonly number[], bare: readonly number[]): number[] {
  return app.map((a, i) => a / (bare[i] ?? Number.NaN));
}

/**
 * The runs taken in pairs, one of each order (run 2k went app-first, run 2k+1 bare-first): each
 * pair's figure is the geometric mean of its two runs' ratios, so what the first of two sends pays
 * for the page's last answer (its garbage collected, the node's caches filled) counts once for
 * each side. An unpaired last run is left out.
 */
export function pairRatios(ratiosByRun: readonly number[]): number[] {
  const pairs: number[] = [];
  for (let i = 0; i + 1 < ratiosByRun.length; i += 2)
    pairs.push(Math.sqrt((ratiosByRun[i] as number) * (ratiosByRun[i + 1] as number)));
  return pairs;
}

/** The runs of one order: app-first (the even runs) or bare-first (the odd ones). */
export const byOrder = (xs: readonly number[], appFirst: boolean): number[] =>
  xs.filter((_, i) => i % 2 === (appFirst ? 0 : 1));

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** "median (min-max)". */
export const range = (s: Stats, digits = 0) =>
  `${fmt(s.median, digits)} (${fmt(s.min, digits)}-${fmt(s.max, digits)})`;

/** A Markdown table, columns padded to their widest cell. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
