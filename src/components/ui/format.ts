/**
 * Numbers and times as people read them, in one place for every panel. Pure.
 *
 * The exact amounts (bytes, ether, gwei) are computed in `chain/quantity.ts`, because the
 * decoders put them into field texts too; they are named here so that the UI has one module to
 * import, and no panel grows its own copy.
 */
import { formatNative } from "../../chain/chain-profile.ts";
import { formatSeconds } from "../../chain/duration.ts";
import { formatBytes, formatGweiText } from "../../chain/quantity.ts";

/** `540 B`, `17.1 KiB`, `3.0 MiB`: binary units, one decimal. */
/** `1500000000000000000n, POL` → `"1.5 POL"` (exact); `"1.5 (native coin)"` when the coin is unknown. */
/** `12500000000n` → `"12.5 gwei"` (exact). */
/** A duration: `chain/duration.ts`, the one writer (`formatSeconds(1234, true)` → `"1.2 s"`). */
export { formatBytes, formatGweiText, formatNative, formatSeconds };

/**
 * How long an answer took: whole milliseconds (`"12 ms"`), or seconds from 10 s on (`"12.3 s"`);
 * `missing` when it was not measured.
 */
export function formatLatency(ms: number | null | undefined, missing = "—"): string {
  if (ms === undefined || ms === null) return missing;
  return ms < 10_000 ? `${Math.round(ms)} ms` : formatSeconds(ms, true);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** When something happened, local time: `"14:03:07"` today, `"2024-05-01 14:03:07"` another day. */
export function formatWhen(at: number, now: number): string {
  const d = new Date(at);
  const n = new Date(now);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const sameDay =
    d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate();
  return sameDay ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}
