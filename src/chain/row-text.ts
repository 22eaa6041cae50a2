/**
 * A big answer's row kept as its JSON text, read when something reads it. The page parses each
 * slice of rows the answer worker sends (its one check of their content) and then keeps, of every
 * object row, only where it sits in the slice's text: a proxy that answers as the parsed row does
 * (its keys, values, `in`, JSON.stringify, its prototype). Parsed rows kept as objects were
 * thousands of objects a slice that each survived the young generation: the page's scavenges of
 * 50-100 ms while a 12-16 MB answer came in (issue 22). A slice's text is one string, and a row
 * read is parsed again, alone, from it (a few microseconds), the last few kept.
 *
 * A row is read-only (a write throws in strict code), and it cannot be structured-cloned
 * (postMessage, IndexedDB): what posts an answer copies it first (the embed's `withoutKey`; the
 * history keeps answers of 256 KB at most, and rows are held only in answers of 3 MB or more).
 */

/** How many rows read lately stay parsed: a table draws a screen of rows, a pass reads one at a time. */
const KEPT = 256;

class HeldRow {
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }

  /** The last rows read, oldest first (a Map keeps its order of insertion). */
  static readonly #kept = new Map<HeldRow, object>();

  /** The row read last: its keys and values are read one after another (a key, a trap, a read). */
  static #last: { held: HeldRow; row: object } | null = null;

  static read(held: HeldRow): object {
    const last = HeldRow.#last;
    if (last?.held === held) return last.row;
    const kept = HeldRow.#kept;
    let row = kept.get(held);
    if (row) kept.delete(held);
    else row = JSON.parse(held.#text.slice(held.#start, held.#end)) as object;
    kept.set(held, row);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as HeldRow);
    HeldRow.#last = { held, row };
    return row;
  }

  /** Forgets the rows read: a row read again is parsed again. */
  static forget(): void {
    HeldRow.#kept.clear();
    HeldRow.#last = null;
  }
}

const read = (t: object) => HeldRow.read(t as HeldRow);

const handler: ProxyHandler<HeldRow> = {
  get: (t, key) => Reflect.get(read(t), key),
  has: (t, key) => key in read(t),
  ownKeys: (t) => Reflect.ownKeys(read(t)),
  getOwnPropertyDescriptor: (t, key) => Reflect.getOwnPropertyDescriptor(read(t), key),
  getPrototypeOf: () => Object.prototype,
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
};

/** Each row handed out, to its text. */
const rows = new WeakMap<object, HeldRow>();

/** The row whose JSON text is `text` from `start` to `end` (an object's), read as its value when read. */
function heldRow(text: string, start: number, end: number): object {
  const held = new HeldRow(text, start, end);
  const row = new Proxy(held, handler);
  rows.set(row, held);
  return row;
}

/** Whether `value` is a row kept as its text. */
export const isHeldRow = (value: unknown): boolean =>
  typeof value === "object" && value !== null && rows.has(value);

/**
 * `value` itself, or for a row kept as its text the row parsed (a plain object, kept with the last
 * rows read): for a walk over every value of it (the JSON writer), which through the row's proxy
 * costs a lookup per key.
 */
export function rowValue(value: unknown): unknown {
  const held = typeof value === "object" && value !== null ? rows.get(value) : undefined;
  return held ? HeldRow.read(held) : value;
}

/**
 * `parsed`, the rows of the slice `json` (its parse), with each object row replaced by one kept as
 * its text; `ends[i]`, where row i ends in `json` (the comma or bracket after it). Other rows
 * (strings, numbers, arrays) stay as parsed: they are one object or none.
 */
export function holdRows(parsed: unknown[], json: string, ends: Int32Array): unknown[] {
  if (ends.length !== parsed.length || !endsFitObjects(parsed, json, ends)) return parsed;
  let start = 1;
  for (let i = 0; i < parsed.length; i++) {
    const end = ends[i] as number;
    const row = parsed[i];
    if (typeof row === "object" && row !== null && !Array.isArray(row)) parsed[i] = heldRow(json, start, end);
    start = end + 1;
  }
  return parsed;
}

/** A JSON whitespace character's code (space, tab, line feed, carriage return). */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * Whether each object row of `parsed` sits between its ends in `json` (its braces, whitespace
 * aside): ends that missed a row would make it read as something else, or as no JSON at all, in a
 * view long after (its parse's raw message where the row shows), so such a slice keeps its rows
 * as parsed.
 */
function endsFitObjects(parsed: unknown[], json: string, ends: Int32Array): boolean {
  let start = 1;
  for (let i = 0; i < parsed.length; i++) {
    const end = ends[i] as number;
    const row = parsed[i];
    if (typeof row === "object" && row !== null && !Array.isArray(row)) {
      let from = start;
      let to = end - 1;
      while (from < to && isSpace(json.charCodeAt(from))) from++;
      while (to > from && isSpace(json.charCodeAt(to))) to--;
      if (json.charCodeAt(from) !== 123 || json.charCodeAt(to) !== 125) return false; // { and }
    }
    start = end + 1;
  }
  return true;
}

/**
 * Lets go of the rows read lately (and the slices' texts they hold, which an answer no longer shown
 * would otherwise keep until other rows are read): the page calls it when a new big answer comes.
 */
export const forgetReadRows = (): void => HeldRow.forget();
