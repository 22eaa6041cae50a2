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

/** Newest first; entries sent at the same moment keep their order. */
export function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
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
  let total = 0;
  let cut = sorted.length;
  for (let i = 0; i < sorted.length; i++) {
    const size = entrySize(sorted[i]!);
    if (i > 0 && (i >= limits.maxEntries || total + size > limits.maxTotalBytes)) {
      cut = i;
      break;
    }
    total += size;
  }
  return { keep: sorted.slice(0, cut), dropped: sorted.slice(cut) };
}

/** Total size of the entries, in bytes. */
export function totalSize(entries: readonly HistoryEntry[]): number {
  return entries.reduce((sum, e) => sum + entrySize(e), 0);
}
