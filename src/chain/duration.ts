/**
 * Durations for people, in one place for every layer (the error texts of rpc/ and the panels).
 * Its own module: the send path needs it, and chain/time.ts (dates) stays off the first screen.
 */
/**
 * A duration in seconds, the one writer of durations for people: `30000` → `"30 s"`, `1500` →
 * `"1.5 s"`, `333` → `"0.333 s"` (no float noise); `tenths` keeps one decimal (`"1.0 s"`, for a
 * counter that ticks, and latencies of 10 s and more).
 */
export function formatSeconds(ms: number, tenths = false): string {
  const s = ms / 1000;
  return `${tenths ? s.toFixed(1) : String(Number(s.toFixed(3)))} s`;
}
