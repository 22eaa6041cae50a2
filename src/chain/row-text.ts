/**
 * A big answer's row kept as its JSON text, read when something reads it. The answer worker checks
 * each slice of rows it sends (`objectRowsIn`: they parse, and are objects, each between its
 * ends; a slice it could not vouch for the page parses, `holdRows`), and the page keeps, of every
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

/**
 * How many rows read lately stay parsed, and how much of their text at the most. A table reads a
 * row once to decode it (its model keeps the decoding), and a pass reads each row once, so few are
 * read again soon; rows kept parsed live on through the page's scavenges, which copy them.
 */
const KEPT = 64;
const KEPT_CHARS = 64 * 1024;

class HeldRow {
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  /** Its slice's outlines (`Outlines`) and its place among them; none when the worker sent none. */
  readonly #outlines: Outlines | undefined;
  readonly #index: number;
  /** The row parsed, while it is one of the rows kept parsed. */
  #row: object | undefined = undefined;
  constructor(text: string, start: number, end: number, outlines: Outlines | undefined, index: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
    this.#outlines = outlines;
    this.#index = index;
  }

  /** Its outline, when its slice came with them and they are still there (`Outlines.read`). */
  static outline(held: HeldRow): unknown {
    return held.#outlines === undefined ? undefined : Outlines.read(held.#outlines, held.#index);
  }

  /**
   * The rows kept parsed, oldest first, in a ring of KEPT places. A Map of them (the last read
   * moved to its end) let rows it no longer held live on through scavenges: a pass over 10,000
   * receipts kept one row in it and 4 MB survived each scavenge (64: 13 MB; Node's GC trace), none
   * without it.
   */
  static readonly #ring: (HeldRow | undefined)[] = new Array<HeldRow | undefined>(KEPT).fill(undefined);
  static #oldest = 0;
  static #count = 0;
  static #chars = 0;

  static read(held: HeldRow): object {
    const kept = held.#row;
    if (kept !== undefined) return kept;
    const row = JSON.parse(held.#text.slice(held.#start, held.#end)) as object;
    const chars = held.#end - held.#start;
    // The newest is always kept (a pass reads one row's fields one after another).
    while (HeldRow.#count > 0 && (HeldRow.#count >= KEPT || HeldRow.#chars + chars > KEPT_CHARS))
      HeldRow.#drop();
    HeldRow.#ring[(HeldRow.#oldest + HeldRow.#count) % KEPT] = held;
    HeldRow.#count += 1;
    HeldRow.#chars += chars;
    held.#row = row;
    return row;
  }

  /** Lets the oldest row kept parsed go. */
  static #drop(): void {
    const held = HeldRow.#ring[HeldRow.#oldest];
    HeldRow.#ring[HeldRow.#oldest] = undefined;
    HeldRow.#oldest = (HeldRow.#oldest + 1) % KEPT;
    HeldRow.#count -= 1;
    if (held) {
      HeldRow.#chars -= held.#end - held.#start;
      held.#row = undefined;
    }
  }

  /** Forgets the rows read: a row read again is parsed again. */
  static forget(): void {
    while (HeldRow.#count > 0) HeldRow.#drop();
    Outlines.forget();
  }
}

/**
 * The outlines of a slice's rows (`outlineOf`), as the JSON text the worker sent. A pass reads a
 * row's outline once, in order: the text is parsed when its first outline is read, and let go; the
 * outlines parsed stay for the rows after it (one slice's, the last read), then go too. A row whose
 * outlines went (read by an earlier pass) is read whole (`rowOutline`).
 */
class Outlines {
  #text: string | undefined;
  constructor(text: string) {
    this.#text = text;
  }

  static #last: { of: Outlines; rows: readonly unknown[] } | undefined;

  static read(outlines: Outlines, index: number): unknown {
    if (Outlines.#last?.of !== outlines) {
      const text = outlines.#text;
      if (text === undefined) return undefined;
      outlines.#text = undefined;
      let rows: unknown;
      try {
        rows = JSON.parse(text);
      } catch {
        rows = [];
      }
      Outlines.#last = { of: outlines, rows: Array.isArray(rows) ? rows : [] };
    }
    return Outlines.#last.rows[index];
  }

  static forget(): void {
    Outlines.#last = undefined;
  }
}

const read = (t: object) => HeldRow.read(t as HeldRow);

/**
 * A row's key to its text, answered by its proxy alone (no JSON has a symbol key, and no other
 * object holds this one): how the page tells a held row from another value. A WeakMap from each
 * row to its text did it before; its 10,000-13,000 entries of a big answer were ephemerons that
 * every major collection walked in its pause (traces of the 40 MB receipts at CPU 2x:
 * `V8.GC_MC_MARK_WEAK_CLOSURE_EPHEMERON_LINEAR`, 9-16 ms of pauses of 59-83 ms).
 */
const HELD = Symbol("held row");

const handler: ProxyHandler<HeldRow> = {
  get: (t, key) => (key === HELD ? t : Reflect.get(read(t), key)),
  has: (t, key) => key in read(t),
  ownKeys: (t) => Reflect.ownKeys(read(t)),
  getOwnPropertyDescriptor: (t, key) => Reflect.getOwnPropertyDescriptor(read(t), key),
  getPrototypeOf: () => Object.prototype,
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
};

/**
 * The row whose JSON text is `text` from `start` to `end` (an object's), read as its value when
 * read; its outline is `outlines`' `index`th, when given.
 */
function heldRow(text: string, start: number, end: number, outlines?: Outlines, index = 0): object {
  return new Proxy(new HeldRow(text, start, end, outlines, index), handler);
}

/** The text behind `value`, a row kept as its text; else undefined. */
const heldOf = (value: unknown): HeldRow | undefined =>
  typeof value === "object" && value !== null ? (value as { [HELD]?: HeldRow })[HELD] : undefined;

/** Whether `value` is a row kept as its text. */
export const isHeldRow = (value: unknown): boolean => heldOf(value) !== undefined;

/**
 * `value` itself, or for a row kept as its text the row parsed (a plain object, kept with the last
 * rows read): for a walk over every value of it (the JSON writer), which through the row's proxy
 * costs a lookup per key.
 */
export function rowValue(value: unknown): unknown {
  const held = heldOf(value);
  return held ? HeldRow.read(held) : value;
}

/**
 * What a pass over a big answer's rows reads of `row` (`outlineOf`): for a row kept as its text whose
 * slice came with its rows' outlines, its outline, without parsing the row; else `row` itself (a row
 * has all its outline holds).
 */
export function rowOutline(row: unknown): unknown {
  const held = heldOf(row);
  return (held && HeldRow.outline(held)) ?? row;
}

/**
 * The rows of `json`, a slice's JSON text (an array; `ends[i]`, where row i ends in it), when it is
 * JSON whose every row is an object sitting between its ends; else null. The answer worker's check
 * of a piece it cut, so that the page can keep its rows as their text without parsing them
 * (`heldRows`); the rows are short-lived garbage of the worker's (their outlines aside).
 */
export function objectRowsIn(json: string, ends: ArrayLike<number>): object[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== ends.length || !parsed.every(isObjectRow)) return null;
  return endsFitObjects(parsed, json, ends) ? parsed : null;
}

/**
 * A row's outline: its own fields, each list among them with its items null (its length kept) and
 * each object empty. What a pass over every row of a big answer reads (a receipt's status, gas and
 * fee parts, how many logs it has) is in it, in a small part of the row's text when lists make up
 * most of the row (a receipt's logs): the answer worker sends the outlines of a slice's rows with it
 * where they are (answer-worker.ts), made from its own parse, and the pass reads them instead of
 * parsing each row on the page (`rowOutline`).
 */
export function outlineOf(row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const v = Array.isArray(value)
      ? new Array<null>(value.length).fill(null)
      : typeof value === "object" && value !== null
        ? {}
        : value;
    // A field named "__proto__" (JSON.parse makes it an own field) is a field here too, not the prototype.
    if (key === "__proto__")
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/**
 * The rows of the slice `json`, each kept as its text between its ends, unparsed: for a slice the
 * answer worker checked (`objectRowsIn`), so the page makes no garbage of parsed rows while a big
 * answer comes in, and spends no time parsing it (a 16 MB block's complete went from 1.38-1.77 x
 * bare to 1.02-1.29 x, CPU 2x). `outlines`: the JSON text of the rows' outlines, in their order,
 * when the worker sent them (`rowOutline`).
 */
export function heldRows(json: string, ends: ArrayLike<number>, outlines?: string): object[] {
  const out = new Array<object>(ends.length);
  const of = outlines === undefined ? undefined : new Outlines(outlines);
  let start = 1;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i] as number;
    out[i] = heldRow(json, start, end, of, i);
    start = end + 1;
  }
  return out;
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
    if (isObjectRow(row)) parsed[i] = heldRow(json, start, end);
    start = end + 1;
  }
  return parsed;
}

/** A row kept as its text: an object (not an array, not null). */
const isObjectRow = (row: unknown): row is object =>
  typeof row === "object" && row !== null && !Array.isArray(row);

/** A JSON whitespace character's code (space, tab, line feed, carriage return). */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * Whether each object row of `parsed` sits between its ends in `json` (its braces, whitespace
 * aside): ends that missed a row would make it read as something else, or as no JSON at all, in a
 * view long after (its parse's raw message where the row shows), so such a slice keeps its rows
 * as parsed.
 */
function endsFitObjects(parsed: unknown[], json: string, ends: ArrayLike<number>): boolean {
  let start = 1;
  for (let i = 0; i < parsed.length; i++) {
    const end = ends[i] as number;
    const row = parsed[i];
    if (isObjectRow(row)) {
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
