/**
 * The answer worker: reads a big answer off the main thread (see answer-parse.ts). A body that
 * streams in is cut into rows as it comes (row-splitter.ts), and so is a text given whole (a
 * WebSocket message), a step at a time, and never written out again. Each piece of rows is
 * scrubbed of the key (redact.ts) and parsed here, its check, the parse let go at once: a piece
 * whose rows are all objects goes to the page as its JSON text and its rows' ends, which the page
 * keeps without parsing it (row-text.ts); any other piece the page parses (a row that is not JSON
 * fails the answer there). The rows go while the rest of the answer still downloads (this worker
 * fetches the HTTP answers, `fetchAnswer`), so the page's work overlaps the download instead of
 * following it; the answer's other fields and its first rows (`first`) go when the text is all
 * in. The page asks for each next slice of rows once it has taken in the last (up to IN_FLIGHT
 * ahead), of the size it names (by what the last cost it to take in: by time, not by size), so its
 * queue never fills with slices ahead of a click or a key.
 * It also holds the app's WebSockets (socket-host.ts): a big message is read here from the text it
 * arrived as, and never becomes a string on the page. A fetched body is read here at the
 * network's pace, not in the page's turns
 * between the slices it takes in (a 16 MB body took 92-223 ms to come in on the page, 53-68 ms in
 * a bare fetch, CPU 2x); a small one goes to the page whole, as its text decoded and scrubbed here
 * (an error's as its bytes).
 */
import { afterThisTask } from "../chain/next-task.ts";
import { objectRowsIn, outlineOf } from "../chain/row-text.ts";
import type { Path } from "./answer-split.ts";
import { jsonPost, type StatusLine, statusLineOf } from "./json-post.ts";
import { type HandOver, readWithin } from "./read-within.ts";
import { keysOf, scrubAnswerText } from "./redact.ts";
import { type Piece, RowSplitter } from "./row-splitter.ts";
import { createSocketHost, heldJob, type ToSocketHost } from "./socket-host.ts";

/**
 * A body to read: bytes or a text sent by the page, a WebSocket message held here, or an HTTP
 * request to send and read (`fetch`: its body, the answer's size limit, and the size from which
 * its rows are cut here as they come).
 */
type Job = {
  id: number;
  url: string;
  bytes?: ArrayBuffer;
  text?: string;
  held?: number;
  fetch?: { body: string; limit: number; atBytes: number };
};

/**
 * What a `fetch` job gave: the answer's status line, its Retry-After, when its last byte came
 * (`doneAt`, on the clock of `performance.timeOrigin`, which the page's differs from) and its body:
 * a 2xx body under `atBytes` as its text, decoded and scrubbed of the key here (`text`, and its
 * size in bytes), the bytes of any other status, or the size of a big body, its rows cut here as
 * for any big body; else how many bytes went past the limit, or why the fetch failed (its message).
 */
export type WorkerFetched =
  | (StatusLine & { doneAt: number } & (
        | { text: string; textBytes: number }
        | { bytes: ArrayBuffer }
        | { sizeBytes: number }
      ))
  | { tooLarge: number }
  | { failed: string };
/**
 * The page asks for the next slice (of `rows` rows) when it has taken in the last one, or stops the
 * job; the playground asks once for the warm-up (`warmUp`).
 */
type Control = { id: number; next: true; rows?: number } | { id: number; stop: true } | { warm: true };

export type FromAnswerWorker =
  | { ready: true }
  /** The warm-up read its made-up answer to the end (a real job stopped none of it). */
  | { warmed: true }
  | { id: number; fetched: WorkerFetched }
  /**
   * A slice: the JSON text of its rows, and where each row ends in it (`ends`: the comma or the
   * closing bracket after it), so the page can keep a row as its text and read it when drawn;
   * absent when the key's scrub changed the text's length (the page keeps the rows it parses).
   */
  | { id: number; json: string; ends?: Int32Array; objects?: true; outlines?: string }
  | {
      id: number;
      ok: true;
      first: unknown;
      path: Path | null;
      total: number;
      /** The answer's beginning, for the page to show should a row it parses turn out not to be JSON. */
      head: string;
    }
  | { id: number; ok: false; head: string; lost?: true };

const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<Job | Control | ToSocketHost>) => void) | null;
};
const post = (message: FromAnswerWorker) => scope.postMessage(message);
/** Decodes a body that came whole (a small fetched answer, a body or message given whole). */
const decoder = new TextDecoder();

/**
 * A big WebSocket message is read as soon as it is held, before the page has judged it (a round
 * trip of 15-20 ms at CPU 2x, traces of a 16 MB block): its job is numbered `heldJob(id)`, which
 * the page's `parseHeldMessage` takes up (answer-parse.ts). The page hears of the message before
 * any of its rows, so its job is there for them; a message the page makes a Blob of or drops is
 * let go, and its reading stopped.
 */
const speculative = new Set<number>();
const sockets = createSocketHost(
  (message, transfer) => (scope as unknown as Worker).postMessage(message, transfer ?? []),
  WebSocket,
  {
    held(id, data, url) {
      speculative.add(id);
      void readWhole(heldJob(id), url, data);
    },
    letGo(id) {
      if (speculative.delete(id)) stopReading(heldJob(id));
    },
  },
);

/**
 * Slices posted before the page asked again. A body that streams in comes no faster than the
 * network: 4 keep the page up with it (8 put more slices ahead of the answer's first piece: first
 * rows of 12-40 MB over HTTP later). A text held whole (a WebSocket message) is cut much faster
 * than the page parses it: 8 keep the page parsing while the worker cuts (4 left it idle between
 * round trips: the 16 MB WebSocket block, CPU 2x).
 */
const IN_FLIGHT = { streaming: 4, whole: 8 };
/**
 * The most slices that go ahead of the answer's first piece when the text ends (their take-in,
 * about SLICE_MS each, delays the first rows by that much). The 16 MB block over HTTP, CPU 2x,
 * alternated rounds of 4 runs, complete / bare, before -> after: warm page 1.78, 1.41, 1.64 ->
 * 1.26, 1.48, 1.56; fresh page 1.44, 1.52, 2.55 -> 1.57, 1.79, 1.40 (with up to 4 ahead, four
 * rounds: 1.50 -> 1.43 and 2.09 -> 1.77 on average); first rows no later. Within the bench's noise;
 * kept for the render and frame it saves.
 */
const AHEAD_OF_FIRST = 2;
/** A text (a held message, a body given whole) is cut this much at a time, the page's asks read between. */
const STEP_CHARS = 512 * 1024;
/**
 * The source text of the first slice, and the most a slice holds: the page asks for slices that
 * cost it about SLICE_MS to take in (answer-parse.ts), growing at most 2x a step, so the cap only
 * binds where the page parses fast. A smaller cap (512 KB) made a 16 MB answer ~130 slices of 1 ms,
 * each a task and a message; 2 MB still gave slices of 1-3 ms (a block's rows at CPU 2x, traces),
 * and 6 MB brought the 12 and 16 MB blocks' complete over HTTP from 1.61, 1.60 and 1.46, 1.38 to
 * 1.55, 1.36 and 1.32, 1.32 x bare (bench, CPU 2x, two alternated rounds of 4 runs).
 */
const FIRST_SLICE_CHARS = 256 * 1024;
const SLICE_CHARS = 6 * 1024 * 1024;

/** A slice's rows, from a row's size: the first slice's, and the most any holds. */
const sliceRows = (perRow: number) => ({
  first: Math.max(1, Math.floor(FIRST_SLICE_CHARS / perRow)),
  max: Math.max(16, Math.floor(SLICE_CHARS / perRow)),
});
/** What a failure shows of the answer. */
const HEAD_CHARS = 4096;

/** Where a row of a piece ends in the piece's text once it is written in brackets. */
const afterBracket = (end: number) => end + 1;

/**
 * A piece of rows, scrubbed; its rows' ends unknown (null) when the scrub moved them; `objects`:
 * its rows are all objects, checked here (`objectRowsIn`); `outlines`: their outlines' JSON text,
 * without its brackets, when the answer's rows go with them (`Reading.outlinesOf`).
 */
type Queued = {
  text: string;
  rows: number;
  ends: readonly number[] | null;
  objects: boolean;
  outlines: string | undefined;
};

/**
 * A big answer's rows go with their outlines (row-text.ts `outlineOf`) when its first piece's
 * outlines are at most this part of its text: rows whose lists make up most of them, as a
 * receipt's logs do (a mainnet block's receipts: 0.31 of their text, or 0.87 with few logs; the
 * synthetic 40 MB receipts 0.19). A view's pass over every row then reads the outlines, not the
 * rows (the receipts' totals: 50,000 logs' receipts parsed again on the page took about 300 ms at
 * CPU 2x). A block's transactions (0.8-0.9) go without: no pass reads them all, and their outlines
 * would be most of their text again.
 */
const OUTLINE_SHARE = 0.5;

class Reading {
  private readonly splitter: RowSplitter;
  /** Pieces of rows not yet posted, each the (scrubbed) text of its rows without brackets. */
  private readonly queue: Queued[] = [];
  private queuedRows = 0;
  private credits: number;
  /** Rows the page wants in a slice; 0 until the first rows tell their size. */
  private want = 0;
  private maxRows = 0;
  private head = "";
  private ended = false;
  /** Whether its rows go with their outlines: undecided until its first piece of objects. */
  private outlining: boolean | undefined;
  stopped = false;
  /** A fetched body's decoder, kept between its chunks. */
  readonly decoder = new TextDecoder();

  constructor(
    readonly id: number,
    private readonly url: string,
    streaming: boolean,
    /** Where its messages go: the page (a warm-up's go nowhere). */
    private readonly send: (message: FromAnswerWorker) => void = post,
  ) {
    this.credits = streaming ? IN_FLIGHT.streaming : IN_FLIGHT.whole;
    // The key is scrubbed piece by piece, so a key that could straddle two pieces (one with a
    // comma or a bracket, the characters between rows) keeps the answer whole, in one piece.
    const whole = [url, ...keysOf(url)].some((k) => /[,[\]]/.test(k));
    this.splitter = new RowSplitter(
      (piece) => this.piece(piece),
      whole ? { firstRows: Number.POSITIVE_INFINITY } : {},
    );
  }

  /** Text of the answer, in order. */
  push(text: string): void {
    if (this.stopped) return;
    if (this.head.length < HEAD_CHARS) this.head += text.slice(0, HEAD_CHARS - this.head.length);
    this.splitter.push(text);
  }

  /** The page took in a slice and asks for the next, of `rows` rows. */
  next(rows: number | undefined): void {
    this.credits++;
    if (rows !== undefined && rows > 0) this.want = Math.min(rows, this.maxRows || rows);
    this.flush();
  }

  /** The text is all in: the answer's first piece goes, and the rows left follow as asked. */
  end(): void {
    if (this.stopped) return;
    const split = this.splitter.end();
    this.ended = true;
    let first: unknown;
    try {
      if (!split.ok) throw new Error("broken");
      first = JSON.parse(scrubAnswerText(split.first, this.url));
    } catch {
      this.fail();
      return;
    }
    const { path, total } = split;
    const head = path === null ? "" : scrubAnswerText(this.head, this.url);
    // Rows left that fit in AHEAD_OF_FIRST slices (the page keeping up with the network) go ahead
    // of the first piece: the page then has every row when it draws the first, and draws the
    // answer once, whole, instead of its first rows and, a slice later, the rest (a second render
    // and frame). More than that (a page behind) and the first rows go first, as before.
    const fitsAhead =
      this.want > 0 && Math.ceil(this.queuedRows / this.want) <= Math.min(this.credits, AHEAD_OF_FIRST);
    if (fitsAhead) this.flush();
    this.send({ id: this.id, ok: true, first, path, total, head });
    this.flush();
  }

  fail(): void {
    stopReading(this.id);
    this.send({ id: this.id, ok: false, head: scrubAnswerText(this.head, this.url) });
  }

  private piece(piece: Piece): void {
    if (this.stopped) return;
    if (this.maxRows === 0) {
      const perRow = Math.max(1, this.splitter.firstRowChars);
      // The page resizes the next slices by what the first cost it to take in.
      ({ first: this.want, max: this.maxRows } = sliceRows(perRow));
    }
    // Scrubbed and checked here: a piece whose rows are all objects that parse, each between its
    // ends, goes to the page as rows it keeps as their text without parsing them (row-text.ts).
    const json = scrubAnswerText(`[${piece.text}]`, this.url);
    const ends = json.length === piece.text.length + 2 ? piece.ends : null;
    const rows = ends === null ? null : objectRowsIn(json, ends.map(afterBracket));
    const outlines = rows === null ? undefined : this.outlinesOf(rows, json.length);
    this.queue.push({ text: json.slice(1, -1), rows: piece.rows, ends, objects: rows !== null, outlines });
    this.queuedRows += piece.rows;
    this.flush();
  }

  /** The outlines of a piece's rows (`chars` long), without brackets, while its rows go with them (`OUTLINE_SHARE`). */
  private outlinesOf(rows: readonly object[], chars: number): string | undefined {
    if (this.outlining === false) return undefined;
    const text = JSON.stringify(rows.map(outlineOf));
    this.outlining ??= text.length <= chars * OUTLINE_SHARE;
    return this.outlining ? text.slice(1, -1) : undefined;
  }

  private flush(): void {
    while (this.credits > 0 && this.queuedRows > 0 && (this.ended || this.queuedRows >= this.want)) {
      const texts: string[] = [];
      let rows = 0;
      let at = 1; // after the "["
      const ends: number[] = [];
      let known = true;
      let objects = true;
      const outlines: string[] = [];
      while (this.queue.length > 0 && (rows === 0 || rows + (this.queue[0]?.rows ?? 0) <= this.want)) {
        const p = this.queue.shift() as Queued;
        texts.push(p.text);
        rows += p.rows;
        objects &&= p.objects;
        if (p.outlines !== undefined) outlines.push(p.outlines);
        if (p.ends === null) known = false;
        else for (const e of p.ends) ends.push(at + e);
        at += p.text.length + 1; // and the comma after it
      }
      this.queuedRows -= rows;
      this.credits--;
      const json = `[${texts.join(",")}]`;
      if (!known) this.send({ id: this.id, json });
      else if (objects)
        this.send({
          id: this.id,
          json,
          ends: Int32Array.from(ends),
          objects: true,
          // Only when every piece of the slice has them (all or none of an answer's do).
          ...(outlines.length === texts.length ? { outlines: `[${outlines.join(",")}]` } : {}),
        });
      else this.send({ id: this.id, json, ends: Int32Array.from(ends) });
    }
    if (this.ended && this.queuedRows === 0) readings.delete(this.id);
  }
}

const readings = new Map<number, Reading>();

function startReading(id: number, url: string, streaming: boolean): Reading {
  const r = new Reading(id, url, streaming);
  readings.set(id, r);
  return r;
}

/** Stops job `id`: the rows it has not posted are dropped. */
function stopReading(id: number): void {
  const r = readings.get(id);
  if (r) r.stopped = true;
  readings.delete(id);
}

/**
 * A body given whole (a held message, a body the page kept) is cut as a streaming one is, a step at
 * a time so the page's asks are heard between: each step queued behind them (`afterThisTask`), not
 * ahead as a `scheduler.yield()` continuation is, which starved them: the page got its first few
 * slices, then waited idle for the whole cut (a 16 MB WebSocket block, traces at CPU 2x).
 * It was parsed here in one go for a while (V8's parse is about three times as fast as the cut):
 * the parse's 16 MB of objects then cost this worker a scavenge of 70-80 ms, whose parallel threads
 * took the second core from the page: frames of 70-120 ms with no script in them, the page's
 * longest task 116-128 ms and its input delay 94-129 ms for the 16 MB block over WebSocket (CPU
 * 2x, bench), against 73 ms and 75-84 ms with the cut, complete 1.41-1.55 x bare against 1.26-1.29.
 */
async function readWhole(id: number, url: string, body: string | ArrayBuffer): Promise<void> {
  const text = typeof body === "string" ? body : decoder.decode(body);
  const r = startReading(id, url, false);
  for (let at = 0; at < text.length && !r.stopped; at += STEP_CHARS) {
    r.push(text.slice(at, at + STEP_CHARS));
    await afterThisTask();
  }
  r.end();
}

scope.onmessage = (e) => {
  const m = e.data;
  if ("warm" in m) return void warmUp();
  if ("sock" in m) return sockets.handle(m);
  if ("next" in m) return readings.get(m.id)?.next(m.rows);
  if ("stop" in m) {
    fetches.get(m.id)?.abort();
    fetches.delete(m.id);
    return stopReading(m.id);
  }
  // A held message read since it came: the page takes it up; the socket host lets it go.
  if (m.held !== undefined && speculative.delete(m.held)) return void sockets.take(m.held);
  if (m.fetch) return void fetchAnswer(m.id, m.url, m.fetch);
  const body = m.held === undefined ? (m.text ?? m.bytes) : sockets.take(m.held);
  // A held message already gone (its socket replaced): nothing to read; the page says so, not "not JSON".
  if (body === undefined) return post({ id: m.id, ok: false, head: "", lost: true });
  void readWhole(m.id, m.url, body);
};

/** The fetches under way, stopped by the page's `stop` (its timeout, a cancel). */
const fetches = new Map<number, AbortController>();

/**
 * An HTTP answer fetched and read here (the page's `fetchInWorker`, answer-parse.ts): a 2xx body
 * that reaches `atBytes` is cut into rows as it comes, as a body the page hands over is, after the
 * page heard it is all in (`fetched` with its size, then the first piece); a smaller one goes to
 * the page whole as its scrubbed text, and any body of an error status as its bytes, moved. The
 * limit is kept as the page keeps it.
 */
async function fetchAnswer(id: number, url: string, job: NonNullable<Job["fetch"]>): Promise<void> {
  const controller = new AbortController();
  fetches.set(id, controller);
  // Nothing goes once the page stopped it (it said why, a timeout or a cancel).
  const done = (fetched: WorkerFetched, transfer: Transferable[] = []) => {
    if (fetches.delete(id)) scope.postMessage({ id, fetched } satisfies FromAnswerWorker, transfer);
  };
  try {
    const response = await fetch(url, jsonPost(job.body, controller.signal));
    let sizeBytes = 0;
    const handOver: HandOver<Reading> | undefined = response.ok
      ? {
          atBytes: job.atBytes,
          start(read) {
            const r = startReading(id, url, true);
            const take = (bytes: ArrayBuffer | Uint8Array) => {
              sizeBytes += bytes.byteLength;
              r.push(r.decoder.decode(bytes, { stream: true }));
            };
            take(read);
            return {
              chunk: take,
              end: () => {
                r.push(r.decoder.decode());
                return r;
              },
              abandon: () => stopReading(id),
            };
          },
        }
      : undefined;
    const read = await readWithin(response, job.limit, handOver);
    if (!read.ok) {
      controller.abort();
      return done({ tooLarge: read.receivedBytes });
    }
    const head = { ...statusLineOf(response), doneAt: performance.timeOrigin + performance.now() };
    // A small answer's decoding and scrubbing are done here, off the page's thread: the page only
    // parses it (a 1.2 MB block: 3 ms of decoding at CPU 2x taken off the page's task that shows it).
    if ("bytes" in read && response.ok) {
      const text = scrubAnswerText(decoder.decode(read.bytes), url);
      return done({ ...head, text, textBytes: read.bytes.byteLength });
    }
    if ("bytes" in read) return done({ ...head, bytes: read.bytes }, [read.bytes]);
    done({ ...head, sizeBytes });
    read.handed.end();
  } catch (err) {
    stopReading(id);
    done({ failed: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * A fresh worker read its first big answer slower than its next: V8 compiles its loops as they
 * run, and its young generation starts small (garbage collections of 56 ms against 15 ms for a
 * 16 MB block, and the messages' copying twice as long: samples of the first big send at CPU 2x).
 * A made-up answer of the same shape (about 3 MB) is read at start-up, here, off the main thread,
 * the way a fetched one is (cut, scrubbed, queued and joined into slices, which go nowhere), a
 * chunk a task, so the first real answer finds the code compiled and the heap grown. A real job
 * stops it: its messages are heard between the chunks. Only when the page asks (`warmAnswerWorker`:
 * the playground, in idle time), once: an embed's worker holds its WebSocket and reads a big answer
 * when one comes, and a docs page with several embeds would spend a second or more of CPU on theirs.
 */
async function warmUp(): Promise<void> {
  if (warmed) return;
  warmed = true;
  const busy = () => readings.size > 0 || fetches.size > 0;
  // Not even its text is made before a job posted with the ask is heard.
  await afterThisTask();
  if (busy()) return;
  const row = `{"hash":"0x${"ab".repeat(32)}","from":"0x${"12".repeat(20)}","input":"0x${"cd".repeat(160)}","n":"0x1","ok":true,"none":null,"list":[{"k":"v\\""}]}`;
  const text = `{"jsonrpc":"2.0","id":1,"result":{"number":"0x1","transactions":[${Array(6000).fill(row).join(",")}],"uncles":[]}}`;
  const reading = new Reading(-1, "http://127.0.0.1/v3/warm-up-key", true, () => {});
  for (let at = 0; at < text.length; at += WARM_CHUNK_CHARS) {
    await afterThisTask();
    if (busy()) return;
    reading.push(text.slice(at, at + WARM_CHUNK_CHARS));
    reading.next(Number.MAX_SAFE_INTEGER);
  }
  reading.end();
  post({ warmed: true });
}

/** The warm-up's text goes in network-sized pieces. */
const WARM_CHUNK_CHARS = 64 * 1024;
let warmed = false;

scope.postMessage({ ready: true });
