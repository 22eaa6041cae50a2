/**
 * How a big answer, parsed in the answer worker (answer-worker.ts), comes back to the page in
 * pieces: structured-cloning a 16 MB object at once is one long task on the main thread, so the
 * answer's big array goes in slices, each a short task. Pure, shared by the worker and the page.
 *
 * The big array is the result if it is an array (receipts), else the result's longest array
 * field (a block's transactions); the top level itself for an array (a batch's answers).
 */
import { isRecord } from "../chain/record.ts";

export type Path = readonly (string | number)[];

/** Where the answer's big array is, or null when it has none worth slicing. */
export function bigArrayPath(value: unknown): Path | null {
  if (Array.isArray(value)) return [];
  if (!isRecord(value) || !("result" in value)) return null;
  const result = value.result;
  if (Array.isArray(result)) return ["result"];
  if (!isRecord(result)) return null;
  let best: string | null = null;
  let length = 0;
  for (const [k, v] of Object.entries(result))
    if (Array.isArray(v) && v.length > length) {
      best = k;
      length = v.length;
    }
  return best === null ? null : ["result", best];
}

export function getPath(value: unknown, path: Path): unknown {
  let at = value;
  for (const k of path) at = (at as Record<string | number, unknown>)[k];
  return at;
}

/** `value` with `replacement` at `path`, copying only the objects on the way (the rest is shared). */
export function setPath(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [k, ...rest] = path;
  const here = value as Record<string | number, unknown>;
  const copy = Array.isArray(here) ? [...here] : { ...here };
  (copy as Record<string | number, unknown>)[k as string] = setPath(here[k as string], rest, replacement);
  return copy;
}

export type Delivery = {
  /** The answer with its big array cut to the first rows (or whole, when it is small). */
  first: unknown;
  /** Where the rest goes; null when `first` is the whole answer. */
  path: Path | null;
  /** The big array's full length. */
  total: number;
  /** The rest of the big array, in order (sent in slices: `takeSlice`). */
  rest: readonly unknown[];
  /** Rows in a slice of about `chunkBytes` of source: the most a slice holds. */
  rowsPerSlice: number;
};

type SplitOptions = {
  /** Rows in the first piece: a screen of them and more. */
  firstRows?: number;
  /** About this much source JSON per later piece, at most. */
  chunkBytes?: number;
};

/** `value` (parsed from `textLength` characters) as the pieces it is delivered in. */
export function splitForDelivery(value: unknown, textLength: number, opts: SplitOptions = {}): Delivery {
  const firstRows = opts.firstRows ?? 200;
  const chunkBytes = opts.chunkBytes ?? 512 * 1024;
  const path = bigArrayPath(value);
  const array = path ? getPath(value, path) : undefined;
  if (!path || !Array.isArray(array) || array.length <= firstRows)
    return { first: value, path: null, total: 0, rest: [], rowsPerSlice: 0 };
  const perRow = Math.max(1, textLength / array.length);
  const rowsPerSlice = Math.max(MIN_SLICE_ROWS, Math.floor(chunkBytes / perRow));
  return {
    first: setPath(value, path, array.slice(0, firstRows)),
    path,
    total: array.length,
    rest: array.slice(firstRows),
    rowsPerSlice,
  };
}

/** The fewest rows a slice holds (a slice costs a message, whatever its size). */
const MIN_SLICE_ROWS = 16;

/** Where the worker is in a delivery's rest: the next slice starts at `at`. */
export type Cursor = { readonly rest: readonly unknown[]; at: number };

/** The next `rows` rows of the rest (at least one), or null when every row was sent. */
export function takeSlice(cursor: Cursor, rows: number): unknown[] | null {
  if (cursor.at >= cursor.rest.length) return null;
  const slice = cursor.rest.slice(cursor.at, cursor.at + Math.max(1, rows));
  cursor.at += slice.length;
  return slice;
}

/**
 * The page's size for the next slices, from what the last one cost it to take in (`costMs`, its
 * text read and parsed on the main thread): about `budgetMs` of work a slice, by time, not by
 * size, so a slower or busier machine asks for smaller slices. It moves by at most 2x a step, up
 * or down (a garbage collection inside one read costs tens of ms whatever the slice's size: it
 * halves the next, not more), never past `maxRows` (the worker's slice of about 512 KB) nor below
 * MIN_SLICE_ROWS.
 */
export function nextSliceRows(rows: number, costMs: number, maxRows: number, budgetMs: number): number {
  const byTime = costMs > 0 ? Math.floor((rows * budgetMs) / costMs) : rows * 2;
  const stepped = Math.max(Math.floor(rows / 2), Math.min(rows * 2, byTime));
  return Math.max(MIN_SLICE_ROWS, Math.min(maxRows, stepped));
}

/** Appends a delivered slice to the big array of `assembled` (the page's copy of `first`). */
export function appendRows(assembled: unknown, path: Path, rows: readonly unknown[]): number {
  const array = getPath(assembled, path) as unknown[];
  for (const row of rows) array.push(row);
  return array.length;
}
