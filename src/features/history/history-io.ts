import { z } from "zod/mini";
import { formatWhen } from "../../components/ui/format.ts";
import { type HistoryEntry, historyEntrySchema, MAX_ANSWER_BYTES } from "./history-entry.ts";
import { findSecret, sanitize } from "./history-secrets.ts";

/** What an export file says it is; an import checks it. */
export const EXPORT_FORMAT = "rpc-playground-history";
const EXPORT_VERSION = 1;
/** Files larger than this are refused before they are read. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

const fileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.optional(z.string()),
  entries: z.array(z.unknown()),
});

/**
 * The export file: every entry, newest first, with no key. Entries never hold one, but the export
 * is cleaned again with the keys the app knows, so that nothing slips out through an old entry.
 */
export function exportHistory(
  entries: readonly HistoryEntry[],
  opts: { now: number; secrets?: readonly string[] },
): string {
  const file = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(opts.now).toISOString(),
    entries: entries.map((e) => sanitize(e, opts.secrets ?? [])),
  };
  return JSON.stringify(file, null, 2);
}

export function exportFileName(now: number): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `rpc-playground-history-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.json`;
}

/** Why an entry of a file is refused; the file's other entries are still read. */
type RefusalKind = "key" | "future" | "shape";

/** How many entries were refused for each reason, and the first of them named ("entry 3: …"). */
export type Refusals = Record<RefusalKind, { count: number; first?: string }>;

type ImportResult =
  | {
      ok: true;
      /** The entries that passed, as the file orders them. */
      entries: HistoryEntry[];
      refused: Refusals;
      /** Ids of the entries whose answer was over MAX_ANSWER_BYTES and left out. */
      trimmedIds: string[];
    }
  | { ok: false; message: string };

/** An entry dated more than this ahead of the clock is refused: it would stay the newest for ever. */
export const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

const issueText = (issue: z.core.$ZodIssue) => {
  const where = issue.path.length ? issue.path.map(String).join(".") : "the entry";
  return `${where}: ${issue.message}`;
};

const encoder = new TextEncoder();

/**
 * The entry without its answer when the answer is over MAX_ANSWER_BYTES, as a recorded entry
 * whose answer was too large (`answerOmitted`, with the answer's size, which the note shows).
 */
function trimmed(entry: HistoryEntry): HistoryEntry | null {
  if (entry.answer === undefined) return null;
  const json = JSON.stringify(entry.answer);
  // Each character is one to three bytes: most answers are decided without encoding them.
  if (json === undefined || json.length * 3 <= MAX_ANSWER_BYTES) return null;
  const bytes = encoder.encode(json).length;
  if (bytes <= MAX_ANSWER_BYTES) return null;
  const { answer: _left, ...rest } = entry;
  return { ...rest, sizeBytes: Math.max(entry.sizeBytes ?? 0, bytes), answerOmitted: "too-large" };
}

/**
 * Reads an export file. A file that is not JSON or not a history export is refused as a whole,
 * with the problem named. Each entry is then checked on its own, and refused and counted (the
 * first of each kind named) when it carries a key (a field named like `apiKey`, or an address with
 * `/v3/<key>`), is not a history entry, or is dated more than MAX_AHEAD_MS after `now`. An
 * answer over MAX_ANSWER_BYTES is left out of its entry, which is kept (`answerOmitted`).
 */
export function parseHistoryFile(text: string, opts: { now: number }): ImportResult {
  if (text.trim() === "") return { ok: false, message: "The file is empty." };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, message: `The file is not JSON (${why}).` };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) {
    return {
      ok: false,
      message: `This is not a history export of RPC Playground: expected {"format": "${EXPORT_FORMAT}", "version": ${EXPORT_VERSION}, "entries": [...]}.`,
    };
  }
  const entries: HistoryEntry[] = [];
  const trimmedIds: string[] = [];
  const refused: Refusals = { key: { count: 0 }, future: { count: 0 }, shape: { count: 0 } };
  const refuse = (kind: RefusalKind, why: string) => {
    refused[kind].count += 1;
    refused[kind].first ??= why;
  };
  for (const [i, raw] of file.data.entries.entries()) {
    const secret = findSecret(raw);
    if (secret) {
      refuse("key", `entry ${i + 1}: ${secret}`);
      continue;
    }
    const parsed = historyEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      refuse("shape", `entry ${i + 1}: ${first ? issueText(first) : "unknown shape"}`);
      continue;
    }
    const entry = parsed.data;
    if (entry.at > opts.now + MAX_AHEAD_MS) {
      refuse("future", `entry ${i + 1}: ${formatWhen(entry.at, opts.now)}`);
      continue;
    }
    const small = trimmed(entry);
    if (small) trimmedIds.push(small.id);
    entries.push(small ?? entry);
  }
  return { ok: true, entries, refused, trimmedIds };
}

/** What makes two entries the same request: same id, or same time, method, params, network, transport. */
export function signature(e: HistoryEntry): string {
  return JSON.stringify([e.at, e.method, e.params, e.network.id, e.transport]);
}

/** The entries of `incoming` not already `known` (by id or by content), nor twice in `incoming`. */
export function newEntries(
  known: { ids: Iterable<string>; signatures: Iterable<string> },
  incoming: readonly HistoryEntry[],
): { added: HistoryEntry[]; duplicates: number } {
  const ids = new Set(known.ids);
  const sigs = new Set(known.signatures);
  const added: HistoryEntry[] = [];
  let duplicates = 0;
  for (const e of incoming) {
    const sig = signature(e);
    if (ids.has(e.id) || sigs.has(sig)) {
      duplicates += 1;
      continue;
    }
    ids.add(e.id);
    sigs.add(sig);
    added.push(e);
  }
  return { added, duplicates };
}

/** `incoming` added to `existing`, leaving out entries already there (by id or by content). */
export function mergeEntries(
  existing: readonly HistoryEntry[],
  incoming: readonly HistoryEntry[],
): { merged: HistoryEntry[]; added: HistoryEntry[]; duplicates: number } {
  const known = { ids: existing.map((e) => e.id), signatures: existing.map(signature) };
  const { added, duplicates } = newEntries(known, incoming);
  return { merged: [...existing, ...added], added, duplicates };
}
