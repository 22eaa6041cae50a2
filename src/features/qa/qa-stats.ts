/**
 * Latency statistics of a QA run: the median and the 95th percentile of N timings.
 *
 * - The median is the middle timing, or the mean of the two middle ones when N is even.
 * - The 95th percentile is the nearest-rank percentile: the smallest timing that at least 95% of
 *   the timings are at or below (sorted ascending, the one at rank ⌈0.95 × N⌉). It is always a
 *   timing that was measured, never an interpolation: with fewer than 20 repeats it is the slowest.
 */

export type Latency = {
  /** How many timings (answers that came back, errors included; failures have none). */
  n: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
};

/** The nearest-rank percentile `p` (0 < p ≤ 100) of `values`; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export function median(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The statistics of some timings; null when there are none. */
export function summarize(values: readonly number[]): Latency | null {
  const finite = values.filter((v) => Number.isFinite(v));
  const med = median(finite);
  const p95 = percentile(finite, 95);
  if (med === null || p95 === null) return null;
  return {
    n: finite.length,
    medianMs: med,
    p95Ms: p95,
    minMs: Math.min(...finite),
    maxMs: Math.max(...finite),
  };
}
