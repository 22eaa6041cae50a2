import { z } from "zod/mini";
import { type HistoryEntry, historyEntrySchema } from "./history-entry.ts";
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

type ImportResult =
  | {
      ok: true;
      entries: HistoryEntry[];
      /** Entries left out because they carried a key, with the first reason. */
      refused: number;
      refusedReason?: string;
    }
  | { ok: false; message: string };

const issueText = (issue: z.core.$ZodIssue) => {
  const where = issue.path.length ? issue.path.map(String).join(".") : "the entry";
  return `${where}: ${issue.message}`;
};

/**
 * Reads an export file. A file that is not JSON or not a history export is refused as a whole,
 * with the first problem named. An entry that carries a key (a field named like `apiKey`, or an
 * address with `/v3/<key>`) is refused on its own and counted; the others are imported.
 */
export function parseHistoryFile(text: string): ImportResult {
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
  let refused = 0;
  let refusedReason: string | undefined;
  for (const [i, raw] of file.data.entries.entries()) {
    const secret = findSecret(raw);
    if (secret) {
      refused += 1;
      refusedReason ??= `entry ${i + 1}: ${secret}`;
      continue;
    }
    const parsed = historyEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return {
        ok: false,
        message: `Entry ${i + 1} is not a history entry (${first ? issueText(first) : "unknown shape"}). Nothing was imported.`,
      };
    }
    entries.push(parsed.data);
  }
  return refusedReason === undefined
    ? { ok: true, entries, refused }
    : { ok: true, entries, refused, refusedReason };
}

/** What makes two entries the same request: same id, or same time, method, params, network, transport. */
function signature(e: HistoryEntry): string {
  return JSON.stringify([e.at, e.method, e.params, e.network.id, e.transport]);
}

/** `incoming` added to `existing`, leaving out entries already there (by id or by content). */
export function mergeEntries(
  existing: readonly HistoryEntry[],
  incoming: readonly HistoryEntry[],
): { merged: HistoryEntry[]; added: HistoryEntry[]; duplicates: number } {
  const ids = new Set(existing.map((e) => e.id));
  const sigs = new Set(existing.map(signature));
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
  return { merged: [...existing, ...added], added, duplicates };
}
