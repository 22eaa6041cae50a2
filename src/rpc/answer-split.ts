/**
 * How a big answer, read in the answer worker (answer-worker.ts), is put together on the page from
 * its pieces: the answer's first piece with a screen of rows, then its big array's other rows in
 * slices (where the big array is: row-splitter.ts), each a short task. Pure.
 */

export type Path = readonly (string | number)[];

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

/** The fewest rows a slice holds (a slice costs a message, whatever its size). */
const MIN_SLICE_ROWS = 16;

/**
 * The page's size for the next slices, from what the last one cost it to take in (`costMs`, its
 * text read and parsed on the main thread): about `budgetMs` of work a slice, by time, not by
 * size, so a slower or busier machine asks for smaller slices. It moves by at most 2x a step, up
 * or down (a garbage collection inside one read costs tens of ms whatever the slice's size: it
 * halves the next, not more), never below MIN_SLICE_ROWS. The worker caps what it is asked for
 * (the rows of about 6 MB of text, answer-worker.ts).
 */
export function nextSliceRows(rows: number, costMs: number, budgetMs: number): number {
  const byTime = costMs > 0 ? Math.floor((rows * budgetMs) / costMs) : rows * 2;
  const stepped = Math.max(Math.floor(rows / 2), Math.min(rows * 2, byTime));
  return Math.max(MIN_SLICE_ROWS, stepped);
}

/** Appends a delivered slice to the big array of `assembled` (the page's copy of `first`). */
export function appendRows(assembled: unknown, path: Path, rows: readonly unknown[]): number {
  const array = getPath(assembled, path) as unknown[];
  for (const row of rows) array.push(row);
  return array.length;
}
