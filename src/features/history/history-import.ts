/**
 * The rules of a history import, as one synchronous pure function (`planImport`) that the import
 * worker runs (history-import-worker.ts) and Node's tests call: what the user has is never touched;
 * the file's entries are checked one by one (history-io.ts's `parseHistoryFile`: a key, a wrong
 * shape or a date far ahead refuses an entry, an answer over the per-entry cap is left out), those
 * already there are skipped, and the rest fill the room the limits leave beside the user's
 * entries, newest first. `importSummary` says in words what was kept and what was not, and why.
 */
import { formatBytes } from "../../components/ui/format.ts";
import { fillRoom, type HistoryLimits, newestFirst, roomLeft } from "./history-bounds.ts";
import { type HistoryEntry, MAX_ANSWER_BYTES } from "./history-entry.ts";
import { newEntries, parseHistoryFile, type Refusals, signature } from "./history-io.ts";

/** What an import is checked against, small enough to hand to a worker. */
export type ImportBasis = {
  /** The entries there, by id and by content (`signature`), so that none is imported twice. */
  ids: string[];
  signatures: string[];
  /** What the limits leave beside them. */
  room: { entries: number; bytes: number };
  /** The clock at the import: entries dated more than a day after it are refused. */
  now: number;
};

export function importBasis(
  entries: readonly HistoryEntry[],
  limits: HistoryLimits,
  now: number,
): ImportBasis {
  return {
    ids: entries.map((e) => e.id),
    signatures: entries.map(signature),
    room: roomLeft(entries, limits),
    now,
  };
}

export type ReadPlan = {
  ok: true;
  /** The entries to keep, newest first: within the room. */
  entries: HistoryEntry[];
  refused: Refusals;
  /** Which of `entries` had their answer left out. */
  trimmedIds: string[];
  /** Entries already in the history (or twice in the file). */
  duplicates: number;
  /** Entries that passed but did not fit the room. */
  noRoom: number;
};
export type ImportPlan = ReadPlan | { ok: false; message: string };

/** An export file's text read against `basis`: what to keep, and what was not and why. */
export function planImport(text: string, basis: ImportBasis): ImportPlan {
  const read = parseHistoryFile(text, { now: basis.now });
  if (!read.ok) return read;
  const { added, duplicates } = newEntries(basis, newestFirst(read.entries));
  const { kept, left } = fillRoom(basis.room, added);
  const keptIds = new Set(kept.map((e) => e.id));
  return {
    ok: true,
    entries: kept,
    refused: read.refused,
    trimmedIds: read.trimmedIds.filter((id) => keptIds.has(id)),
    duplicates,
    noRoom: left,
  };
}

/** The page asks the import worker to read a file against a basis. */
export type ImportJob = { file: Blob; basis: ImportBasis };
/** The import worker answers with the plan without its entries, then the entries in slices. */
export type FromImportWorker = { plan: ImportPlan; slices: number } | { slice: HistoryEntry[] };
/** A slice of entries the worker posts: small enough that the page takes each in within a few ms. */
export const SLICE_BYTES = 256 * 1024;

/** What the store did with a plan's entries (it checks them again against what is there by then). */
export type ImportOutcome = {
  kept: readonly HistoryEntry[];
  duplicates: number;
  noRoom: number;
  /** How many entries the history held before: all of them are still there. */
  had: number;
  limits: HistoryLimits;
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The import's result for people: imported N, already there M, refused K (and why, the first of
 * each reason named), answers left out L, not kept for room R, and the user's entries untouched.
 * `ok` is false when something was refused (the message is then an alert).
 */
export function importSummary(
  name: string,
  plan: ReadPlan,
  outcome: ImportOutcome,
): { ok: boolean; text: string } {
  const { key, future, shape } = plan.refused;
  const already = plan.duplicates + outcome.duplicates;
  const trimmedIds = new Set(plan.trimmedIds);
  const trimmed = outcome.kept.filter((e) => trimmedIds.has(e.id)).length;
  const noRoom = plan.noRoom + outcome.noRoom;
  const refused = key.count + future.count + shape.count;

  const sentences = [
    `Imported ${count(outcome.kept.length, "entry", "entries")} from ${name}${already ? `; ${already} already in the history` : ""}.`,
  ];
  if (refused) {
    const why = [
      key.count && `${key.count} ${key.count === 1 ? "carries" : "carry"} an API key (${key.first})`,
      future.count &&
        `${future.count} ${future.count === 1 ? "is" : "are"} dated more than a day ahead (${future.first})`,
      shape.count &&
        `${shape.count} ${shape.count === 1 ? "is not a history entry" : "are not history entries"} (${shape.first})`,
    ].filter(Boolean);
    sentences.push(`${count(refused, "entry was", "entries were")} refused: ${why.join("; ")}.`);
  }
  if (trimmed) {
    sentences.push(
      `${count(trimmed, "answer was", "answers were")} over the ${formatBytes(MAX_ANSWER_BYTES)} an entry keeps: ${trimmed === 1 ? "its entry is" : "their entries are"} kept without ${trimmed === 1 ? "it" : "them"}.`,
    );
  }
  if (noRoom) {
    const { maxEntries, maxTotalBytes } = outcome.limits;
    sentences.push(
      `${count(noRoom, "entry was", "entries were")} not kept: no room left (the history keeps ${maxEntries} entries and ${formatBytes(maxTotalBytes)}${outcome.had ? ", yours first" : ""}).`,
    );
  }
  if (outcome.had) sentences.push(`Your ${count(outcome.had, "entry is", "entries are")} untouched.`);
  return { ok: refused === 0, text: sentences.join(" ") };
}
