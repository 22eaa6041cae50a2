/**
 * Rows decoded when they are asked for, and totals counted in slices. A view model built on these
 * costs O(1) (or a cheap pass) however big the answer is; a virtualized table then decodes only
 * the rows it draws.
 *
 * Decoding is cached twice: per list (index → row), and per raw element by object identity
 * (`memoByIdentity`), so a model rebuilt for a longer array that shares its elements (an answer
 * delivered in pieces) reuses every row already decoded.
 */

/** A read-only list whose rows are decoded on first access and then kept. */
export interface LazyRows<T> extends Iterable<T> {
  readonly length: number;
  /** Row `index` (decoded now if it was not yet), or undefined outside `0 … length - 1`. */
  at(index: number): T | undefined;
  /** Every row, decoded: O(n). For tests and small lists, never for a table's render. */
  toArray(): T[];
}

/**
 * `decode`, remembered per object argument (a WeakMap: the entry goes with the raw object).
 * Non-object arguments are decoded each time. `decode` must be pure.
 */
export function memoByIdentity<S, T>(decode: (item: S) => T): (item: S) => T {
  const cache = new WeakMap<object, T>();
  return (item) => {
    if (typeof item !== "object" || item === null) return decode(item);
    const hit = cache.get(item);
    if (hit !== undefined || cache.has(item)) return hit as T;
    const value = decode(item);
    cache.set(item, value);
    return value;
  };
}

/**
 * `items` seen as rows, `decode` run on row `i` the first time it is read. Building one is O(1);
 * `items` is not copied (it must not change afterwards; a longer answer is a new array).
 */
export function lazyRows<S, T>(items: readonly S[], decode: (item: S) => T): LazyRows<T> {
  const rows: (T | undefined)[] = [];
  const done: boolean[] = [];
  const at = (index: number): T | undefined => {
    if (!Number.isInteger(index) || index < 0 || index >= items.length) return undefined;
    if (done[index]) return rows[index];
    const row = decode(items[index] as S);
    rows[index] = row;
    done[index] = true;
    return row;
  };
  const toArray = (): T[] => Array.from({ length: items.length }, (_, i) => at(i) as T);
  return {
    length: items.length,
    at,
    toArray,
    *[Symbol.iterator]() {
      for (let i = 0; i < items.length; i++) yield at(i) as T;
    },
  };
}

/** Already-decoded rows as a `LazyRows` (for lists that are cheap, or built by hand in tests). */
export function eagerRows<T>(rows: readonly T[]): LazyRows<T> {
  return lazyRows(rows, (row) => row);
}

/**
 * A sum over every item that needs an expensive per-item count (decoding every log of every
 * receipt). Nothing is counted until `run` is called; `run` counts until `more()` says stop, and
 * can be called again to go on. A view runs it in idle time, a few ms a slice.
 */
/** Work that goes on where it stopped: `run` works while `more()` says so, and gives the value once done. */
export interface Resumable<T> {
  run(more: () => boolean): T | null;
}

export interface Tally extends Resumable<number> {
  /** The sum once every item is counted, else null. */
  readonly value: number | null;
  /** How many items are counted so far. */
  readonly counted: number;
  /** The sum of the items counted so far. */
  readonly partial: number;
  /** Counts while `more()` is true (at least one item a call); returns the sum when done, else null. */
  run(more: () => boolean): number | null;
}

/**
 * A tally of `count(item)` over `items`; `from`, the first `counted` items already counted to
 * `partial` (a longer array that begins with the items an earlier tally counted).
 */
export function tally<S>(
  items: readonly S[],
  count: (item: S) => number,
  from?: { counted: number; partial: number },
): Tally {
  let next = Math.min(from?.counted ?? 0, items.length);
  let sum = from?.partial ?? 0;
  const t = {
    value: next >= items.length ? sum : (null as number | null),
    get counted() {
      return next;
    },
    get partial() {
      return sum;
    },
    run(more: () => boolean): number | null {
      while (next < items.length) {
        sum += count(items[next] as S);
        next += 1;
        if (next < items.length && !more()) return null;
      }
      t.value = sum;
      return sum;
    },
  };
  return t;
}

/** A `more` for `Tally.run`: true until `ms` milliseconds have passed since this call. */
export function budget(ms: number, now: () => number = () => performance.now()): () => boolean {
  const end = now() + ms;
  return () => now() < end;
}

/** Runs a job to its end now, with no budget (tests: the figure at once). */
export function runToEnd<T>(job: Resumable<T>): T {
  const value = job.run(() => true);
  if (value === null) throw new Error("A job run with no budget did not end");
  return value;
}
