import type { HistoryEntry } from "./history-entry.ts";

export type HistoryLimits = {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this many bytes, counted as the UTF-8 length of each entry's JSON. */
  maxTotalBytes: number;
};

export const DEFAULT_LIMITS: HistoryLimits = { maxEntries: 200, maxTotalBytes: 8 * 1024 * 1024 };

const sizes = new WeakMap<HistoryEntry, number>();
const encoder = new TextEncoder();

/** How much room an entry takes (entries are never changed once made, so this is cached). */
export function entrySize(entry: HistoryEntry): number {
  let size = sizes.get(entry);
  if (size === undefined) {
    size = encoder.encode(JSON.stringify(entry)).length;
    sizes.set(entry, size);
  }
  return size;
}

/**
 * Newest first; entries sent at the same moment keep their order. Entries already in that order (a
 * new send before the history's own, as every send keeps them) are only copied, not sorted again on
 * each of a send's two writes (decisions.md, "A small send's time, by task": small, 20 -> 3 us).
 */
export function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  let ordered = true;
  for (let i = 1; i < entries.length && ordered; i++) ordered = entries[i - 1]!.at >= entries[i]!.at;
  if (ordered) return entries.slice();
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => b.at - a.at || i - j)
    .map(([e]) => e);
}

/**
 * Which entries stay within the limits: walking from the newest, entries are kept until one would
 * break a limit; that one and every older one are dropped, so the oldest always go first. The
 * newest entry is always kept, whatever its size, so the request just sent is never lost.
 */
export function applyBounds(
  entries: readonly HistoryEntry[],
  limits: HistoryLimits = DEFAULT_LIMITS,
): { keep: HistoryEntry[]; dropped: HistoryEntry[] } {
  const sorted = newestFirst(entries);
  const cut = keptWithin(sorted, entrySize, limits);
  return { keep: sorted.slice(0, cut), dropped: sorted.slice(cut) };
}

/**
 * How many of `sorted` (newest first) the limits keep: walking from the newest, up to the first
 * that would break one (the newest always). `applyBounds` on entries, the stored history's sizes
 * (history-db.ts) on what it knows of them.
 */
export function keptWithin<T>(
  sorted: readonly T[],
  sizeOf: (item: T) => number,
  limits: HistoryLimits,
): number {
  let total = 0;
  for (let i = 0; i < sorted.length; i++) {
    const size = sizeOf(sorted[i]!);
    if (i > 0 && (i >= limits.maxEntries || total + size > limits.maxTotalBytes)) return i;
    total += size;
  }
  return sorted.length;
}

/** Total size of the entries, in bytes. */
export function totalSize(entries: readonly HistoryEntry[]): number {
  return entries.reduce((sum, e) => sum + entrySize(e), 0);
}

/** What the limits leave for more entries beside `entries`. */
export function roomLeft(
  entries: readonly HistoryEntry[],
  limits: HistoryLimits = DEFAULT_LIMITS,
): { entries: number; bytes: number } {
  return {
    entries: Math.max(0, limits.maxEntries - entries.length),
    bytes: Math.max(0, limits.maxTotalBytes - totalSize(entries)),
  };
}

/**
 * Which of `candidates` (newest first) fit in `room`: taken newest first while both limits hold;
 * one too big for the bytes left is passed over and a smaller, older one may still fit. What is
 * already there is never touched: this is how an import is bounded on its own.
 */
export function fillRoom(
  room: { entries: number; bytes: number },
  candidates: readonly HistoryEntry[],
): { kept: HistoryEntry[]; left: number } {
  const kept: HistoryEntry[] = [];
  let bytes = room.bytes;
  for (const e of candidates) {
    if (kept.length >= room.entries) break;
    const size = entrySize(e);
    if (size > bytes) continue;
    kept.push(e);
    bytes -= size;
  }
  return { kept, left: candidates.length - kept.length };
}

/** `entries` in runs of at most `maxBytes` each (an entry bigger than that is a run of its own). */
export function sliceByBytes(entries: readonly HistoryEntry[], maxBytes: number): HistoryEntry[][] {
  const out: HistoryEntry[][] = [];
  let run: HistoryEntry[] = [];
  let bytes = 0;
  for (const e of entries) {
    const size = entrySize(e);
    if (run.length > 0 && bytes + size > maxBytes) {
      out.push(run);
      run = [];
      bytes = 0;
    }
    run.push(e);
    bytes += size;
  }
  if (run.length > 0) out.push(run);
  return out;
}
