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

/** The runs of one order: app-first (the even runs) or bare-first (the odd ones). */
export const byOrder = (xs: readonly number[], appFirst: boolean): number[] =>
  xs.filter((_, i) => i % 2 === (appFirst ? 0 : 1));

/** The medians of each order's runs (run 2k went app-first, run 2k+1 bare-first): app-first, bare-first. */
export function orderMedians(xs: readonly number[]): [number, number] {
  return [stats(byOrder(xs, true)).median, stats(byOrder(xs, false)).median];
}

/**
 * The runs' ratios with each order counted once: the geometric mean of the two orders' medians
 * (`orderMedians`), so what the first of two sends pays for the page's last answer (its garbage
 * collected, the node's caches filled) weighs the same on each side, and the figure always lies
 * between the two orders' medians.
 */
export function orderBalanced([appFirst, bareFirst]: readonly [number, number]): number {
  return Math.sqrt(appFirst * bareFirst);
}

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
