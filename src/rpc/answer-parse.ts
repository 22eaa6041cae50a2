/**
 * Reading an answer's body into a value. Small bodies are decoded, scrubbed (redact.ts) and parsed
 * here, at once. A body of WORKER_THRESHOLD_BYTES or more goes to the answer worker
 * (answer-worker.ts) whole, moved, not copied; once the worker runs it fetches the HTTP answers
 * itself (`fetchInWorker`) and reads their bodies as they come. The worker cuts the text into rows, and the
 * rows come back in slices, each asked for once the last is in and the browser had its turn, and
 * sized by what the last cost to take in (by time, not by size), so no slice is a long task. The
 * rows that come before the answer's first piece (its other fields and first rows, sent once the
 * text is all in) wait here for it. The send resolves with the first piece; the rest arrive behind
 * it, told by the answer's `Arrival`. Where there is no Worker (tests in Node, a host that refuses
 * it) everything is read here.
 */
import { nextTask, SLICE_MS, yieldToBrowser } from "../chain/next-task.ts";
import { forgetReadRows, heldRows, holdRows } from "../chain/row-text.ts";
import { appendRows, getPath, nextSliceRows, type Path } from "./answer-split.ts";
import type { FromAnswerWorker, WorkerFetched } from "./answer-worker.ts";
import { requestReaderStopped } from "./errors.ts";
import type { StatusLine } from "./json-post.ts";
import { scrubAnswerText } from "./redact.ts";
import { parseJson } from "./response.ts";
import { type FromSocketHost, heldJob } from "./socket-host.ts";

/**
 * Chosen on a CPU slowed 2x (issue 22, `npm run bench`): a 2,000-transaction block (2.4 MB) read
 * here is 1.21x a bare fetch with no task over 50 ms, through the worker 2.02x; 3,300 (4 MB) here
 * 1.08x but an input delay of 54 ms, at the edge. 3 MB leaves the page's tasks a margin. Measured
 * again with the worker fetching every answer: 2.4 MB complete 1.35-1.80x here, 2.11-2.34x at 2 MB.
 * Again with the rows held as their text (chain/row-text.ts), 3 runs each: at 2 MB the 2.4 MB block
 * had no task over 50 ms (81 here) but completed at 1.67 x bare (1.36 here): its rows come in five
 * slices behind the first piece, 30-45 ms apart, and it is drawn twice.
 */
export const WORKER_THRESHOLD_BYTES = 3 * 1024 * 1024;

/**
 * `broken`: a row that came after the answer was shown is not JSON (a node's fault): the rows
 * before it are all there is, and the answer is done.
 */
export type ArrivalState = { received: number; total: number; done: boolean; broken?: true };

/** The rest of a big answer arriving: how many of its rows are in, and a way to follow it. */
export interface Arrival {
  /** Where the growing array sits in the answer (`raw`). */
  readonly path: Path;
  getSnapshot(): ArrivalState;
  /** Called at most every EMIT_EVERY_MS while rows arrive, and once when done. */
  subscribe(listener: () => void): () => void;
  /** Stops taking rows (a cancel, or a newer send); what is in stays. */
  stop(): void;
}

/** `lost`: the answer came but its reader (the worker) stopped or no longer held it: our fault, not the node's. */
export type ParsedAnswer =
  | { ok: true; value: unknown; arrival?: Arrival }
  | { ok: false; head: string; lost?: true };

const decoder = new TextDecoder();

/** The body read here, at once: the small answers, and everything where there is no worker. */
export function parseHere(input: ArrayBuffer | string, url: string): ParsedAnswer {
  return parseScrubbed(scrubAnswerText(typeof input === "string" ? input : decoder.decode(input), url));
}

/**
 * A parse on the page longer than this leaves the answer's render for a task of its own: the two
 * together (and the GC between) pass a 50 ms long task. A shorter one keeps them in one task: the
 * yield can cost a frame (the 1,000-transaction block, 1.2 MB, 15 ms at CPU 2x, made first rows
 * 1.47 and 1.52 x bare with a yield at 8 ms, 1.28 and 1.06 without).
 */
const PARSE_ALONE_MS = 20;

/**
 * `parse` run now, in the task the body came in; when it took long (a body just under the worker
 * threshold: 30 ms at CPU 2x for 2.4 MB), what follows it (the answer's render, 20 ms more there)
 * waits for the browser's turn (`yieldToBrowser`): the two together were one task of 56 ms.
 * `began`: when the task's own work on the answer began (a worker's message: before its text was
 * read out of it, 7 ms of the task for 1.2 MB at CPU 2x), so the time judged is the task's.
 */
export function parsedInTurn(parse: () => ParsedAnswer, began = performance.now()): Promise<ParsedAnswer> {
  const parsed = parse();
  if (performance.now() - began <= PARSE_ALONE_MS) return Promise.resolve(parsed);
  return yieldToBrowser().then(() => parsed);
}

/** A text already scrubbed of the key (here, or by the answer worker), parsed. */
function parseScrubbed(text: string): ParsedAnswer {
  const parsed = parseJson(text);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, head: text.slice(0, 4096) };
}

/**
 * How often the views hear of rows still arriving: each time they redraw (the count, the table's
 * length), so every frame was too often; a few times a second keeps "Receiving…" moving and leaves
 * the frames between to the user.
 */
const EMIT_EVERY_MS = 200;

class Delivery implements Arrival {
  private state: ArrivalState;
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  private stopped = false;
  constructor(
    readonly path: Path,
    readonly value: unknown,
    received: number,
    total: number,
    /** Tells the worker: its job's rows are no longer wanted (`stopJob`). */
    private readonly onStop: () => void,
  ) {
    this.state = { received, total, done: received >= total };
  }
  getSnapshot = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  stop() {
    if (this.stopped || this.state.done) return;
    this.stopped = true;
    this.onStop();
  }
  /** A row that is not JSON: the answer ends with the rows before it. */
  break() {
    if (this.stopped || this.state.done) return;
    this.stopped = true;
    this.onStop();
    this.state = { ...this.state, done: true, broken: true };
    this.emit();
  }
  add(rows: readonly unknown[]) {
    if (this.stopped || this.state.done) return;
    const received = appendRows(this.value, this.path, rows);
    const done = received >= this.state.total;
    this.state = { ...this.state, received, done };
    if (done) return this.emit();
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.emit();
    }, EMIT_EVERY_MS);
  }
  private emit() {
    for (const l of this.listeners) l();
  }
}

/** What the worker made of a job: its answer, or `failed`: it could not read it (it did not start, or broke). */
type Outcome = { parsed: ParsedAnswer } | { failed: true };

type Job = {
  resolve(outcome: Outcome): void;
  delivery?: Delivery;
  /** Slices of rows that came before the first piece (the worker hands them on while the body downloads). */
  early?: unknown[][];
  /** One of them was not JSON: the answer fails when its first piece comes. */
  broken?: true;
  /** The worker reads its big body (past the threshold) or holds its big message: rows are on their way. */
  reading?: true;
  /** The send's: stopped before the first piece came, the rest is not asked for. */
  signal?: AbortSignal | undefined;
  /** A fetch job's: hears what the worker's fetch gave (`fetchInWorker`), once. */
  fetched?: ((fetched: WorkerFetched | { lost: true }, began?: number) => void) | undefined;
};

let worker: Worker | null | undefined;
let workerReady = false;
let nextJob = 1;
const jobs = new Map<number, Job>();

/** The WebSockets living in the worker (worker-socket.ts) hear of theirs, and of its failure. */
type SocketListener = (message: FromSocketHost | "failed") => void;
let socketListener: SocketListener | undefined;

type FromWorker = FromSocketHost | FromAnswerWorker;

function onWorkerMessage(e: MessageEvent<FromWorker>) {
  // A slice comes as the JSON text of its rows (answer-worker.ts): reading `data` (a string's
  // copy) and keeping its rows (parsing them, a slice the worker could not vouch for), timed, is
  // what the slice costs the page to take in.
  const start = performance.now();
  const m = e.data;
  if ("ready" in m) {
    workerReady = true;
    return;
  }
  if ("warmed" in m) return;
  if ("sock" in m) return socketListener?.(m);
  const job = jobs.get(m.id);
  if (!job) return;
  if ("fetched" in m) {
    // Rows follow only a body the worker reads; of any other, this is all.
    if (!("sizeBytes" in m.fetched)) jobs.delete(m.id);
    else job.reading = true;
    return job.fetched?.(m.fetched, start);
  }
  if ("json" in m) return takeRows(m.id, job, m, start);
  jobs.delete(m.id);
  if (!m.ok) {
    return job.resolve({ parsed: m.lost ? STOPPED : { ok: false, head: m.head } });
  }
  if (job.broken) {
    stopJob(m.id);
    return job.resolve({ parsed: { ok: false, head: m.head } });
  }
  const rows = m.path === null ? undefined : getPath(m.first, m.path);
  if (m.path === null || !Array.isArray(rows)) return job.resolve({ parsed: { ok: true, value: m.first } });
  // A new big answer: the rows read of the last one (and the texts they hold) are let go.
  forgetReadRows();
  let received = rows.length;
  for (const slice of job.early ?? []) received = appendRows(m.first, m.path, slice);
  delete job.early;
  if (received >= m.total) return job.resolve({ parsed: { ok: true, value: m.first } });
  const delivery = new Delivery(m.path, m.first, received, m.total, () => stopJob(m.id));
  job.delivery = delivery;
  jobs.set(m.id, job);
  if (job.signal?.aborted) delivery.stop();
  job.resolve({ parsed: { ok: true, value: m.first, arrival: delivery } });
}

/** A slice of rows: added to the answer (or kept until its first piece comes), and the next asked for. */
function takeRows(
  id: number,
  job: Job,
  slice: { json: string; ends?: Int32Array; objects?: true; outlines?: string },
  start: number,
) {
  let rows: unknown[];
  try {
    // Rows the worker checked (all objects, each between its ends) are kept as their text,
    // unparsed (row-text.ts); any other slice is parsed here, its check, and its object rows then
    // kept as their text: parsed objects that live on made the page's scavenges long tasks.
    if (slice.objects && slice.ends) rows = heldRows(slice.json, slice.ends, slice.outlines);
    else {
      const parsed = JSON.parse(slice.json) as unknown[];
      rows = slice.ends ? holdRows(parsed, slice.json, slice.ends) : parsed;
    }
  } catch {
    // A row that is not JSON (the worker's check found it, and this parse says so): before the answer
    // was shown, the answer fails as one not JSON (with its beginning, which its first piece
    // brings); after, it ends with the rows before it, and says so.
    if (job.delivery) job.delivery.break();
    else job.broken = true;
    return;
  }
  const cost = performance.now() - start;
  if (job.delivery) {
    job.delivery.add(rows);
    if (job.delivery.getSnapshot().done) return void jobs.delete(id);
  } else {
    job.early ??= [];
    job.early.push(rows);
  }
  // The next slice is asked for once the browser had its turn (a click, a key, a frame), so
  // taking in a big answer never holds them up by more than one slice; and of a size that
  // costs about SLICE_MS to take in on this machine, as busy as it is now (the worker caps it).
  const next = nextSliceRows(rows.length, cost, SLICE_MS);
  void yieldToBrowser().then(() => {
    // Not once it stopped (its job gone with `stopJob`).
    if (jobs.has(id)) worker?.postMessage({ id, next: true, rows: next });
  });
}

/** Forgets a job whose rows are no longer wanted, here and in the worker (which drops its slices). */
function stopJob(id: number) {
  jobs.delete(id);
  worker?.postMessage({ id, stop: true });
}

/**
 * Starts the answer worker before any answer needs it and has it read a made-up answer of a big
 * block's shape (its `warmUp`; the playground calls this in idle time after the first screen): a
 * page's first big answer then finds it running, its code compiled and its heap grown, as its second does.
 */
export function warmAnswerWorker(): void {
  answerWorker()?.postMessage({ warm: true });
}

/**
 * Starts the answer worker, nothing more (an embed that sends over WebSocket, whose socket lives in
 * it, calls this in idle time): its first send does not wait for the worker to start.
 */
export function startAnswerWorker(): void {
  answerWorker();
}

function answerWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker !== "function") {
    worker = null;
    return null;
  }
  try {
    const w = new Worker(new URL("./answer-worker.ts", import.meta.url), { type: "module" });
    w.onmessage = onWorkerMessage;
    w.onerror = () => {
      // The worker could not start (or broke): what waits is read here, and so is what follows;
      // it is ended, and the sockets it held with it (their pages' sides hear "failed").
      worker = null;
      w.terminate();
      for (const [id, job] of jobs) {
        jobs.delete(id);
        job.fetched?.({ lost: true });
        if (!job.delivery) job.resolve({ failed: true });
      }
      socketListener?.("failed");
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * The answer worker for the WebSockets that live in it (worker-socket.ts; one listener hears
 * their events, and "failed" when the worker could not start or broke); null where none can run.
 */
export function socketWorker(listener: SocketListener): Worker | null {
  socketListener = listener;
  return answerWorker();
}

/**
 * Whether a big answer's rows are on their way to the page: its body or message read by the worker
 * before its first piece, or its rows after it not all in (a stopped one's job is gone). What can wait for them
 * (the body's next id, after a send) does not interrupt them (send/after-answer.ts).
 */
export function answersArriving(): boolean {
  for (const job of jobs.values()) {
    if (job.reading || job.early?.length) return true;
    const d = job.delivery;
    if (d && !d.getSnapshot().done) return true;
  }
  return false;
}

/**
 * Resolves when every row of `arrival` is in; never for one stopped (only a newer send stops one,
 * and what waits on it, the after-work of a send or an embed's result, then belongs to that send).
 */
export function whenDone(arrival: Arrival): Promise<void> {
  return new Promise((resolve) => {
    if (arrival.getSnapshot().done) return resolve();
    const off = arrival.subscribe(() => {
      if (!arrival.getSnapshot().done) return;
      off();
      // In a task of its own: what waits for the whole answer (a batch's view) is not drawn in
      // the task that took in its last slice.
      nextTask(resolve);
    });
  });
}

/**
 * The body's value: parsed here when small, else in the answer worker, resolved with the first
 * piece. `signal` stops the rest from being taken in.
 */
export function parseAnswerBody(
  input: ArrayBuffer | string,
  url: string,
  signal?: AbortSignal,
): Promise<ParsedAnswer> {
  const size = typeof input === "string" ? input.length : input.byteLength;
  const w = size >= WORKER_THRESHOLD_BYTES ? answerWorker() : null;
  if (!w) return parsedInTurn(() => parseHere(input, url));
  // Until the worker said it runs, the bytes are copied, so a worker that fails to start can be
  // replaced by reading here; after that they are handed over.
  const keep = workerReady ? undefined : input;
  const id = nextJob++;
  const outcome = startJob(id, signal);
  if (typeof input === "string") w.postMessage({ id, text: input, url });
  else if (workerReady) w.postMessage({ id, bytes: input, url }, [input]);
  else w.postMessage({ id, bytes: input, url });
  return outcome.then((o) =>
    "parsed" in o ? o.parsed : keep === undefined ? STOPPED : parseHere(keep, url),
  );
}

/**
 * A big WebSocket message the worker holds (socket-host.ts), read there as a body sent to it is
 * (begun as soon as it came, under the job number `heldJob(held)`: its rows may already be on
 * their way); resolved with the first piece.
 */
export function parseHeldMessage(held: number, url: string): Promise<ParsedAnswer> {
  const w = worker;
  if (!w) return Promise.resolve(STOPPED);
  const id = heldJob(held);
  const outcome = startJob(id, undefined, true);
  w.postMessage({ id, held, url });
  return outcome.then((o) => ("parsed" in o ? o.parsed : STOPPED));
}

/** A big HTTP body read by the worker as it came: its answer (resolved with the first piece), its size, and when its last byte came. */
export type HandedAnswer = { parsed: Promise<ParsedAnswer>; sizeBytes: number; doneAt: number };

const STOPPED: ParsedAnswer = { ok: false, head: "", lost: true };

/**
 * An HTTP answer the answer worker fetched (`fetchInWorker`): its status line and Retry-After, and
 * its body: the bytes (any error's), or one read there (`HandedAnswer`: a small 2xx answer decoded
 * and scrubbed there, parsed here; a big one's rows cut there); else the bytes seen past the limit
 * (`tooLarge`).
 */
export type FetchedAnswer = { line: StatusLine; body: ArrayBuffer | HandedAnswer } | { tooLarge: number };

/**
 * Sends an HTTP request from the answer worker, which reads its answer (answer-worker.ts
 * `fetchAnswer`): a big body comes in at the network's pace there, and its rows are cut as it comes;
 * the page gets its rows in slices as from any big body, and a small one whole (decoded there).
 * Undefined while the worker is not running (the page fetches then). `stop` (the send's timeout or cancel) aborts it,
 * rejecting with an AbortError; `signal` also stops its rows once they arrive. A failed fetch
 * rejects with a TypeError of the worker's message; a worker that broke meanwhile, with
 * `requestReaderStopped`.
 */
export function fetchInWorker(
  url: string,
  body: string,
  limit: number,
  stop: AbortSignal,
  signal: AbortSignal | undefined,
): Promise<FetchedAnswer> | undefined {
  const w = workerReady ? worker : null;
  if (!w) return undefined;
  const id = nextJob++;
  const outcome = startJob(id, signal);
  const job = jobs.get(id) as Job;
  return new Promise<FetchedAnswer>((resolve, reject) => {
    const onStop = () => {
      job.fetched = undefined;
      stopJob(id);
      reject(new DOMException("The request was stopped", "AbortError"));
    };
    stop.addEventListener("abort", onStop, { once: true });
    job.fetched = (f, began) => {
      job.fetched = undefined;
      stop.removeEventListener("abort", onStop);
      if ("lost" in f) return reject(requestReaderStopped());
      if ("failed" in f) return reject(new TypeError(f.failed));
      if ("tooLarge" in f) return resolve(f);
      const line = { status: f.status, statusText: f.statusText, retryAfter: f.retryAfter };
      if ("bytes" in f) return resolve({ line, body: f.bytes });
      const doneAt = f.doneAt - performance.timeOrigin;
      // A small answer, decoded and scrubbed in the worker: only its parse is the page's.
      if ("text" in f) {
        const parsed = parsedInTurn(() => parseScrubbed(f.text), began);
        return resolve({ line, body: { parsed, sizeBytes: f.textBytes, doneAt } });
      }
      const parsed = outcome.then((o) => ("parsed" in o ? o.parsed : STOPPED));
      resolve({ line, body: { parsed, sizeBytes: f.sizeBytes, doneAt } });
    };
    w.postMessage({ id, url, fetch: { body, limit, atBytes: WORKER_THRESHOLD_BYTES } });
  });
}

/**
 * Waits for job `id`'s outcome (posted by the caller); `signal` stops it: before its first piece
 * the outcome is "stopped" (`STOPPED`, the caller says why), after it its rows stop coming;
 * `reading`: its rows are on their way already (a big message the worker holds).
 */
function startJob(id: number, signal: AbortSignal | undefined, reading = false): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    const job: Job = { signal, resolve, ...(reading ? { reading: true } : {}) };
    jobs.set(id, job);
    signal?.addEventListener(
      "abort",
      () => {
        // Gone already: answered whole, its rows all in, or stopped with its fetch (`fetchInWorker`).
        if (jobs.get(id) !== job) return;
        if (job.delivery) return job.delivery.stop();
        // A body all in, its first piece not yet: a cancel then was heard only once it came.
        stopJob(id);
        resolve({ parsed: STOPPED });
      },
      { once: true },
    );
  });
}
