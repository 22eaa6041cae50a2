/** Display text for history rows. Pure. */

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(2)} MiB`;
}

export function formatLatency(ms: number | undefined): string {
  if (ms === undefined) return "—";
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "14:03:07" for today, "2024-05-01 14:03:07" for another day (local time). */
export function formatWhen(at: number, now: number): string {
  const d = new Date(at);
  const n = new Date(now);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const sameDay =
    d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate();
  return sameDay ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

/** The params as one line of JSON, cut at `max` characters. */
export function paramsPreview(params: unknown, max = 80): string {
  const text = JSON.stringify(params) ?? "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
