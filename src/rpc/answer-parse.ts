/**
 * Reading an answer's body into a value. Small bodies are decoded, scrubbed (redact.ts) and parsed
 * here, at once. A body of WORKER_THRESHOLD_BYTES or more goes to the answer worker
 * (answer-worker.ts): the bytes are transferred, not copied, the page never parses them, and the
 * answer comes back in pieces (answer-split.ts) so no piece is a long task, each asked for once the
 * last is in and the browser had its turn, and sized by what the last cost to take in (by time,
 * not by size). The send resolves with the first piece; the rest arrive behind it, told by the
 * answer's `Arrival`. Where there is no Worker (tests in Node, a host that refuses it) everything
 * is read here.
 */
import { nextTask, SLICE_MS, yieldToBrowser } from "../chain/next-task.ts";
import { appendRows, getPath, nextSliceRows, type Path } from "./answer-split.ts";
import { scrubAnswerText } from "./redact.ts";
import { parseJson } from "./response.ts";
import type { FromSocketHost } from "./socket-host.ts";

/**
 * Chosen on a CPU slowed 2x (issue 22, `npm run bench`): a 2,000-transaction block (2.4 MB) read
 * here is 1.21x a bare fetch with no task over 50 ms, through the worker 2.02x; 3,300 (4 MB) here
 * 1.08x but an input delay of 54 ms, at the edge. 3 MB leaves the page's tasks a margin.
 */
export const WORKER_THRESHOLD_BYTES = 3 * 1024 * 1024;

export type ArrivalState = { received: number; total: number; done: boolean };

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
  const text = scrubAnswerText(typeof input === "string" ? input : decoder.decode(input), url);
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
  stopped = false;
  constructor(
    readonly path: Path,
    readonly value: unknown,
    received: number,
    total: number,
  ) {
    this.state = { received, total, done: received >= total };
  }
  getSnapshot = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  stop() {
    this.stopped = true;
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

type Job = {
  /** The first piece, or "failed": the worker could not read it (it did not start). */
  resolve(parsed: ParsedAnswer | "failed"): void;
  delivery?: Delivery;
  /** The send's: stopped before the first piece came, the rest is not asked for. */
  signal?: AbortSignal | undefined;
  /** The most rows the worker puts in a slice (about 512 KB of source). */
  maxRows?: number;
};

let worker: Worker | null | undefined;
let workerReady = false;
let nextJob = 1;
const jobs = new Map<number, Job>();

/** The WebSockets living in the worker (worker-socket.ts) hear of theirs, and of its failure. */
type SocketListener = (message: FromSocketHost | "failed") => void;
let socketListener: SocketListener | undefined;

type FromWorker =
  | FromSocketHost
  | { ready: true }
  | { id: number; ok: false; head: string; lost?: true }
  | {
      id: number;
      ok: true;
      first: unknown;
      path: Path | null;
      total: number;
      pieces: number;
      sliceRows: number;
    }
  | { id: number; json: string };

function onWorkerMessage(e: MessageEvent<FromWorker>) {
  // A slice comes as the JSON text of its rows (answer-worker.ts): reading `data` (a string's
  // copy) and parsing it, timed, is what the slice costs the page to take in.
  const start = performance.now();
  const m = e.data;
  if ("ready" in m) {
    workerReady = true;
    return;
  }
  if ("sock" in m) return socketListener?.(m);
  const job = jobs.get(m.id);
  if (!job) return;
  if ("json" in m) {
    if (!job.delivery || job.delivery.stopped) return stopJob(m.id);
    const rows = JSON.parse(m.json) as unknown[];
    const cost = performance.now() - start;
    job.delivery.add(rows);
    if (job.delivery.getSnapshot().done) return void jobs.delete(m.id);
    // The next slice is asked for once the browser had its turn (a click, a key, a frame), so
    // taking in a big answer never holds them up by more than one slice; and of a size that
    // costs about SLICE_MS to take in on this machine, as busy as it is now.
    const next = nextSliceRows(rows.length, cost, job.maxRows ?? rows.length, SLICE_MS);
    void yieldToBrowser().then(() => {
      if (job.delivery?.stopped) stopJob(m.id);
      else if (jobs.has(m.id)) worker?.postMessage({ id: m.id, next: true, rows: next });
    });
    return;
  }
  if (!m.ok) {
    jobs.delete(m.id);
    return job.resolve(m.lost ? STOPPED : { ok: false, head: m.head });
  }
  if (m.path === null || m.pieces === 0) {
    jobs.delete(m.id);
    return job.resolve({ ok: true, value: m.first });
  }
  const first = m.first;
  const rows = getPath(first, m.path);
  const delivery = new Delivery(m.path, first, Array.isArray(rows) ? rows.length : 0, m.total);
  job.delivery = delivery;
  job.maxRows = m.sliceRows;
  if (job.signal?.aborted) {
    delivery.stop();
    stopJob(m.id);
  }
  job.resolve({ ok: true, value: first, arrival: delivery });
}

/** Forgets a job whose rows are no longer wanted, here and in the worker (which drops its slices). */
function stopJob(id: number) {
  jobs.delete(id);
  worker?.postMessage({ id, stop: true });
}

/**
 * Starts the answer worker before any answer needs it (the shell calls it in idle time after the
 * first screen): a page's first big answer then finds it running, as its second does.
 */
export function warmAnswerWorker(): void {
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
        if (!job.delivery) job.resolve("failed");
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
  if (!w) return Promise.resolve(parseHere(input, url));
  // Until the worker said it runs, the bytes are copied, so a worker that fails to start can be
  // replaced by reading here; after that they are handed over.
  const keep = workerReady ? undefined : input;
  return startJob(signal, keep === undefined ? undefined : () => parseHere(keep, url), (id) => {
    if (typeof input === "string") w.postMessage({ id, text: input, url });
    else if (workerReady) w.postMessage({ id, bytes: input, url }, [input]);
    else w.postMessage({ id, bytes: input, url });
  });
}

/**
 * A big WebSocket message the worker holds (socket-host.ts), read there as a body sent to it is;
 * resolved with the first piece.
 */
export function parseHeldMessage(held: number, url: string): Promise<ParsedAnswer> {
  const w = worker;
  if (!w) return Promise.resolve(STOPPED);
  return startJob(undefined, undefined, (id) => w.postMessage({ id, held, url }));
}

const STOPPED: ParsedAnswer = { ok: false, head: "", lost: true };

/** A job of the worker's, posted by `post`; `here` reads it on the page if the worker fails first. */
function startJob(
  signal: AbortSignal | undefined,
  here: (() => ParsedAnswer) | undefined,
  post: (id: number) => void,
): Promise<ParsedAnswer> {
  return new Promise<ParsedAnswer>((resolve) => {
    const id = nextJob++;
    const job: Job = {
      signal,
      resolve: (parsed) => {
        if (parsed !== "failed") resolve(parsed);
        else resolve(here ? here() : STOPPED);
      },
    };
    jobs.set(id, job);
    signal?.addEventListener(
      "abort",
      () => {
        if (!job.delivery || job.delivery.getSnapshot().done) return;
        job.delivery.stop();
        stopJob(id);
      },
      { once: true },
    );
    post(id);
  });
}
