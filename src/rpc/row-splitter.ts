/**
 * Cuts a big answer's JSON text into its rows as the text streams in, without parsing it: the
 * answer worker (answer-worker.ts) hands the rows on while the rest still downloads, so the page
 * parses them during the download instead of after it, and nothing parses the answer twice.
 *
 * The answer's big array (its rows) is the first array of more than `firstRows` elements among:
 * the top level (a batch's answers), the result (receipts, logs), the result's fields (a block's
 * transactions). Its first `firstRows` elements stay with the rest of the answer (`first`: every
 * field before and after the array, so a block's `withdrawals`, written after its transactions,
 * is there too); the elements after them come out as pieces (`onPiece`), each the text of whole
 * rows, separated by commas, of about `pieceChars` characters. Pure: no DOM, no worker.
 *
 * It checks the structure it walks (brackets that match, strings that end, one value); a row's
 * own content (a number's spelling, an escape) is checked by whoever parses its piece.
 */
import type { Path } from "./answer-split.ts";

/** `ends`: where each row ends in `text` (the comma or the text's end after it), in order. */
export type Piece = { readonly text: string; readonly rows: number; readonly ends: readonly number[] };

export type SplitEnd =
  | {
      ok: true;
      /** The whole answer's text without the rows handed out as pieces. */
      first: string;
      /** Where the rows go in `first`'s value; null when none were handed out. */
      path: Path | null;
      /** The big array's length; 0 when `path` is null. */
      total: number;
    }
  | { ok: false };

type Options = { firstRows?: number; pieceChars?: number };

/** The rows that stay with the answer's first piece, unless told otherwise. */
const FIRST_ROWS = 200;

const Q = 34; // "
const BS = 92; // \
const COMMA = 44;
const COLON = 58;
const LBRACE = 123;
const RBRACE = 125;
const LBRACK = 91;
const RBRACK = 93;

/** What the next value is, when it matters: the top level, the result, one of the result's fields. */
enum Next {
  Other,
  Top,
  Result,
  Field,
}

enum Mode {
  /** Everything before the big array's elements (and all of an answer that has none). */
  Head,
  /** The big array's first elements, while it may still turn out short (then they join the head). */
  First,
  /** The elements after the first ones: the pieces. */
  Rows,
  /** Everything from the big array's closing bracket on. */
  Tail,
}

export class RowSplitter {
  private readonly firstRows: number;
  private readonly pieceChars: number;
  private readonly onPiece: (piece: Piece) => void;

  /** Open containers, innermost last: true for an object. */
  private readonly objects: boolean[] = [];
  private inString = false;
  /** Backslashes that ended the last chunk inside a string (their count's parity matters). */
  private carriedBackslashes = 0;
  private expectKey = false;
  private next: Next = Next.Top;
  private sawValue = false;
  private broken = false;

  /** The key being read (at the top object, or the result object's), and the last one read. */
  private keyParts: string[] | null = null;
  private lastKey = "";
  /** Depth of the result's object, when the result is one. */
  private resultDepth = -1;

  private mode = Mode.Head;
  private arrayDepth = -1;
  private arrayPath: Path | null = null;
  private elements = 0;
  private pieceRows = 0;
  private pieceLength = 0;
  private pieceEnds: number[] = [];

  private head: string[] = [];
  private firstPart: string[] = [];
  private piece: string[] = [];
  private tail: string[] = [];

  constructor(onPiece: (piece: Piece) => void, opts: Options = {}) {
    this.onPiece = onPiece;
    this.firstRows = opts.firstRows ?? FIRST_ROWS;
    this.pieceChars = opts.pieceChars ?? 64 * 1024;
  }

  /** The average characters a row of the first ones took (0 before the rows began). */
  get firstRowChars(): number {
    if (this.mode !== Mode.Rows && this.mode !== Mode.Tail) return 0;
    let length = 0;
    for (const p of this.firstPart) length += p.length;
    return length / this.firstRows;
  }

  push(chunk: string): void {
    if (this.broken) return;
    let i = 0;
    let seg = 0;
    const n = chunk.length;
    if (this.inString) i = this.skipString(chunk, 0, true);
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        i++;
        continue;
      }
      if (this.next !== Next.Other) seg = this.valueStarts(chunk, i, c, seg);
      if (c === Q) {
        this.sawValue = true;
        if (this.expectKey && (this.objects.length === 1 || this.objects.length === this.resultDepth)) {
          this.keyParts = [];
        }
        this.inString = true;
        i = this.skipString(chunk, i + 1, false);
        continue;
      }
      if (c === LBRACE || c === LBRACK) {
        this.sawValue = true;
        this.objects.push(c === LBRACE);
        this.expectKey = c === LBRACE;
      } else if (c === RBRACE || c === RBRACK) {
        const depth = this.objects.length;
        if (depth === 0 || this.objects.pop() !== (c === RBRACE)) {
          this.fail();
          return;
        }
        this.expectKey = false;
        if (depth === this.arrayDepth) seg = this.arrayEnds(chunk, i, seg);
        if (depth === this.resultDepth) this.resultDepth = -1;
      } else if (c === COMMA) {
        const depth = this.objects.length;
        if (depth === 0) {
          this.fail();
          return;
        }
        this.expectKey = this.objects[depth - 1] === true;
        if (depth === this.arrayDepth) seg = this.elementEnds(chunk, i, seg);
      } else if (c === COLON) {
        this.expectKey = false;
        const depth = this.objects.length;
        if (depth === 1 && this.lastKey === "result") this.next = Next.Result;
        else if (depth === this.resultDepth && this.arrayPath === null) this.next = Next.Field;
      } else {
        this.sawValue = true;
      }
      i++;
    }
    if (seg < n) this.take(chunk.slice(seg));
  }

  /** The split, once the text is all in; `ok: false` when its structure is broken. */
  end(): SplitEnd {
    if (this.broken || this.inString || this.objects.length > 0 || !this.sawValue) return { ok: false };
    if (this.mode === Mode.Head) return { ok: true, first: this.head.join(""), path: null, total: 0 };
    return {
      ok: true,
      first: this.head.join("") + this.firstPart.join("") + this.tail.join(""),
      path: this.arrayPath,
      total: this.elements + 1,
    };
  }

  private fail(): void {
    this.broken = true;
  }

  /**
   * Moves past a string's characters from `i` to just after its closing quote (or the chunk's
   * end): the quotes are found natively (`indexOf`), and a quote is the string's end when an even
   * number of backslashes stand before it.
   */
  private skipString(chunk: string, i: number, continued: boolean): number {
    const from = i;
    for (;;) {
      const q = chunk.indexOf('"', i);
      if (q < 0) {
        this.keyParts?.push(chunk.slice(from));
        let run = 0;
        for (let k = chunk.length - 1; k >= from && chunk.charCodeAt(k) === BS; k--) run++;
        this.carriedBackslashes =
          run === chunk.length - from && continued ? this.carriedBackslashes + run : run;
        return chunk.length;
      }
      let run = 0;
      let k = q - 1;
      while (k >= from && chunk.charCodeAt(k) === BS) {
        run++;
        k--;
      }
      if (k < from && continued) run += this.carriedBackslashes;
      if (run % 2 === 0) {
        this.inString = false;
        this.carriedBackslashes = 0;
        if (this.keyParts) {
          this.keyParts.push(chunk.slice(from, q));
          this.lastKey = this.keyParts.join("");
          this.keyParts = null;
        }
        return q + 1;
      }
      i = q + 1;
    }
  }

  /** A value begins at `i` where the big array may be: the top level, the result, a result's field. */
  private valueStarts(chunk: string, i: number, c: number, seg: number): number {
    const next = this.next;
    this.next = Next.Other;
    if (c === LBRACE && next === Next.Result) this.resultDepth = this.objects.length + 1;
    if (c !== LBRACK || this.mode !== Mode.Head) return seg;
    const path: Path = next === Next.Top ? [] : next === Next.Result ? ["result"] : ["result", this.lastKey];
    this.head.push(chunk.slice(seg, i + 1));
    this.mode = Mode.First;
    this.arrayDepth = this.objects.length + 1;
    this.arrayPath = path;
    this.elements = 0;
    return i + 1;
  }

  /** A comma between the big array's elements, at `i`. */
  private elementEnds(chunk: string, i: number, seg: number): number {
    this.elements++;
    if (this.mode === Mode.First) {
      if (this.elements < this.firstRows) return seg;
      this.firstPart.push(chunk.slice(seg, i));
      this.mode = Mode.Rows;
      this.piece = [];
      this.pieceRows = 0;
      this.pieceLength = 0;
      this.pieceEnds = [];
      return i + 1;
    }
    this.pieceRows++;
    this.pieceEnds.push(this.pieceLength + (i - seg));
    if (this.pieceLength + (i - seg) < this.pieceChars) return seg;
    this.piece.push(chunk.slice(seg, i));
    this.emit();
    return i + 1;
  }

  /** The big array's closing bracket, at `i`. */
  private arrayEnds(chunk: string, i: number, seg: number): number {
    if (this.mode === Mode.First) {
      // Not many rows after all: the array is part of the head, and the search goes on.
      this.firstPart.push(chunk.slice(seg, i));
      for (const p of this.firstPart) this.head.push(p);
      this.firstPart = [];
      this.mode = Mode.Head;
      this.arrayDepth = -1;
      this.arrayPath = null;
      this.elements = 0;
      return i;
    }
    this.piece.push(chunk.slice(seg, i));
    this.pieceRows++;
    this.pieceEnds.push(this.pieceLength + (i - seg));
    if (this.piece.every((p) => p.trim() === "")) this.fail();
    else this.emit();
    this.mode = Mode.Tail;
    this.arrayDepth = -1;
    return i;
  }

  private emit(): void {
    const text = this.piece.join("");
    this.piece = [];
    const rows = this.pieceRows;
    this.pieceRows = 0;
    this.pieceLength = 0;
    const ends = this.pieceEnds;
    this.pieceEnds = [];
    this.onPiece({ text, rows, ends });
  }

  /** The rest of a chunk goes where the split is now. */
  private take(text: string): void {
    if (this.mode === Mode.Head) this.head.push(text);
    else if (this.mode === Mode.First) this.firstPart.push(text);
    else if (this.mode === Mode.Rows) {
      this.piece.push(text);
      this.pieceLength += text.length;
    } else this.tail.push(text);
  }
}
