/**
 * The answer worker: reads a big answer off the main thread (see answer-parse.ts). It decodes the
 * bytes, scrubs the key exactly as the page does (redact.ts), parses, and posts the answer back in
 * pieces (answer-split.ts): first the answer with a screen of rows, then the rest in slices, a few
 * in flight, one more each time the page asks for it, so the page's queue never fills with slices
 * to take in ahead of a click or a key (a 40 MB answer is about 80 of them). The page says how
 * many rows it wants in the next (by what the last cost it to take in: by time, not by size).
 * It also holds the app's WebSockets (socket-host.ts): a big message is read here from the text it
 * arrived as, and never becomes a string on the page.
 */
import { type Cursor, splitForDelivery, takeSlice } from "./answer-split.ts";
import { scrubAnswerText } from "./redact.ts";
import { createSocketHost, type ToSocketHost } from "./socket-host.ts";

/** A body to read: bytes or a text sent by the page, or a WebSocket message held here. */
type Job = { id: number; bytes?: ArrayBuffer; text?: string; held?: number; url: string };
/** The page asks for the next slice (of `rows` rows, or as many as the last) when it has taken in the last one, or stops the job. */
type Control = { id: number; next: true; rows?: number } | { id: number; stop: true };

const decoder = new TextDecoder();
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent<Job | Control | ToSocketHost>) => void) | null;
};

const sockets = createSocketHost(
  (message, transfer) => (scope as unknown as Worker).postMessage(message, transfer ?? []),
  WebSocket,
);

const IN_FLIGHT = 4;

/** Each job's rows not yet sent, the slice size the page asked for last, and the most a slice holds. */
const waiting = new Map<number, Cursor & { rows: number; max: number }>();

function postNext(id: number, rows?: number) {
  const job = waiting.get(id);
  if (!job) return;
  if (rows !== undefined && rows > 0) job.rows = Math.min(rows, job.max);
  const slice = takeSlice(job, job.rows);
  if (job.at >= job.rest.length) waiting.delete(id);
  // As JSON text: the page's JSON.parse of it is cheaper than undoing a structured clone of the
  // same rows (V8's fastest way in of plain data), and a string crosses as one copy.
  if (slice) scope.postMessage({ id, json: JSON.stringify(slice) });
}

scope.onmessage = (e) => {
  const m = e.data;
  if ("sock" in m) return sockets.handle(m);
  if ("next" in m) return postNext(m.id, m.rows);
  if ("stop" in m) return void waiting.delete(m.id);
  const { id, url } = m;
  const body = m.held === undefined ? (m.text ?? m.bytes) : sockets.take(m.held);
  // A held message already gone (its socket replaced): nothing to read; the page says so, not "not JSON".
  if (body === undefined) return scope.postMessage({ id, ok: false, head: "", lost: true });
  const text = scrubAnswerText(typeof body === "string" ? body : decoder.decode(body), url);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    scope.postMessage({ id, ok: false, head: text.slice(0, 4096) });
    return;
  }
  const d = splitForDelivery(value, text.length);
  const pieces = d.rest.length;
  scope.postMessage({
    id,
    ok: true,
    first: d.first,
    path: d.path,
    total: d.total,
    pieces,
    sliceRows: d.rowsPerSlice,
  });
  if (pieces === 0) return;
  // The first slices are half the most, and the page resizes them by what they cost it to take in:
  // a slow or busy page halves them before it meets a big one. (An eighth lengthened the tail of a
  // 12-16 MB answer with more slices and more yields, measured at CPU 2x.)
  const start = Math.max(1, Math.floor(d.rowsPerSlice / 2));
  waiting.set(id, { rest: d.rest, at: 0, rows: start, max: d.rowsPerSlice });
  // A few in flight: the next ones are cloned here while the page takes in the last.
  for (let i = 0; i < IN_FLIGHT; i++) postNext(id);
};

scope.postMessage({ ready: true });
