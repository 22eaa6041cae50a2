import {
  type FetchedAnswer,
  fetchInWorker,
  type HandedAnswer,
  parseAnswerBody,
  whenDone,
} from "./answer-parse.ts";
import {
  AnswerTooLargeError,
  answerReaderStopped,
  CancelledError,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  NetworkError,
  RpcClientError,
  TimeoutError,
} from "./errors.ts";
import { isOk, jsonPost, type StatusLine, statusLineOf } from "./json-post.ts";
import { type RawRequest, rawOf } from "./raw-request.ts";
import { readWithin } from "./read-within.ts";
import { redactUrl, scrubAnswerText, scrubCause, scrubSecrets } from "./redact.ts";
import { asJsonRpcErrorObject, headOf, parseJson, snippet, toParsedResponse } from "./response.ts";
import { statusTextFor } from "./status-text.ts";
import {
  DEFAULT_MAX_ANSWER_BYTES,
  type JsonRpcErrorObject,
  type JsonRpcRequest,
  type RpcAnswer,
  type SendOptions,
} from "./types.ts";

/** setTimeout's ceiling; a longer (or infinite) timeout means no timer at all. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * One JSON-RPC call over HTTP: a request object (sent as its JSON) or a body sent as written
 * (`RawRequest`: the text byte for byte, a batch included, whose answer array is its result). A 2xx JSON-RPC answer resolves, results and JSON-RPC errors alike;
 * everything else throws one of the errors of errors.ts:
 * - HttpStatusError: status outside 2xx (the body read as a JSON-RPC error when it is one);
 * - InvalidResponseError: 2xx but not JSON or not a JSON-RPC response;
 * - IdMismatchError: the answer's id is not the request's (a number or string id the node could
 *   read; an answer to a batch is matched per request later, batch.ts);
 * - TimeoutError / CancelledError: our timer / the caller's signal stopped it;
 * - NetworkError: fetch itself failed (unreachable, CORS, offline).
 */
export async function sendHttp(
  url: string,
  request: JsonRpcRequest | RawRequest,
  opts: SendOptions,
): Promise<RpcAnswer> {
  const { signal, timeoutMs } = opts;
  const body = rawOf(request);
  if (signal?.aborted) throw new CancelledError({ cause: signal.reason });

  const controller = new AbortController();
  let stoppedBy: "timeout" | "cancel" | undefined;
  const onAbort = () => {
    stoppedBy ??= "cancel";
    controller.abort();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          stoppedBy ??= "timeout";
          controller.abort();
        }, timeoutMs)
      : undefined;

  const failure = (err: unknown): Error => {
    if (stoppedBy === "timeout") return new TimeoutError({ timeoutMs, transport: "http" });
    if (stoppedBy === "cancel") return new CancelledError({ cause: signal?.reason });
    return new NetworkError({ address: redactUrl(url), cause: scrubCause(err, url) });
  };

  const started = performance.now();
  try {
    let head: StatusLine;
    let received: ArrayBuffer | HandedAnswer;
    try {
      const limit = opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
      // Once the answer worker runs, it sends the request and reads the answer (answer-parse.ts).
      const inWorker = fetchInWorker(url, body.text, limit, controller.signal, signal);
      ({ head, received } = inWorker
        ? fromWorker(await inWorker, limit)
        : await fetchHere(url, body.text, limit, controller));
    } catch (err) {
      // Ours (over the limit, the worker lost it): as made; the fetch's own failures are the network's.
      if (err instanceof RpcClientError) throw err;
      throw failure(err);
    }
    const answerBody = received;
    const whole = answerBody instanceof ArrayBuffer;
    const latencyMs = (whole ? performance.now() : answerBody.doneAt) - started;
    // Before the bytes are handed to the answer worker.
    const sizeBytes = whole ? answerBody.byteLength : answerBody.sizeBytes;

    if (!isOk(head.status) && whole) {
      // An error page or a JSON-RPC error: small, read here. The key out of whatever the node
      // said, before anything reads or keeps it (answer-parse.ts does the same for answers).
      const text = scrubAnswerText(new TextDecoder().decode(answerBody), url);
      const parsed = parseJson(text);
      const rpcError = parsed.ok ? rpcErrorOf(parsed.value, url) : undefined;
      throw new HttpStatusError({
        status: head.status,
        statusText: statusTextFor(head.status, head.statusText),
        bodySnippet: scrubSecrets(snippet(text), url),
        rpcError,
        retryAfterSeconds: retryAfterSeconds(head.retryAfter, rpcError),
      });
    }

    const parsed = whole ? await parseAnswerBody(answerBody, url, signal) : await answerBody.parsed;
    if (!parsed.ok) {
      // Stopped (a cancel) while the worker read it: said as the cancel it was.
      if (stoppedBy) throw failure(undefined);
      if (parsed.lost) throw answerReaderStopped();
      throw new InvalidResponseError({
        reason: "not-json",
        bodySnippet: scrubSecrets(snippet(parsed.head), url),
        httpStatus: head.status,
      });
    }
    // A batch's answers are matched all together (batch.ts): they are waited for whole.
    if (parsed.arrival && parsed.arrival.path.length === 0) await whenDone(parsed.arrival);
    const arrival = parsed.arrival && parsed.arrival.path.length > 0 ? { arrival: parsed.arrival } : {};
    const meta = { transport: "http", latencyMs, sizeBytes, httpStatus: head.status } as const;
    if (body.batch && Array.isArray(parsed.value))
      return { kind: "result", result: parsed.value, raw: parsed.value, meta };
    const answer = toParsedResponse(parsed.value);
    if (!answer) {
      throw new InvalidResponseError({
        reason: "not-json-rpc",
        bodySnippet: scrubSecrets(snippet(headOf(parsed.value)), url),
        httpStatus: head.status,
      });
    }
    // Over HTTP the answer belongs to this request, so an error whose id the server could not
    // read (null, as JSON-RPC says for a parse error) is still this request's answer, and so is
    // any answer to a request whose id the node could not read, or to a batch it refused whole.
    const idUnknowable = answer.kind === "error" && answer.id === null;
    const expected = body.ids[0];
    const checkable = !body.batch && expected !== undefined;
    if (checkable && !idUnknowable && !sameId(answer.id, expected)) {
      throw new IdMismatchError({ expectedId: expected, receivedId: answer.id });
    }
    return answer.kind === "result"
      ? { kind: "result", result: answer.result, raw: answer.raw, meta, ...arrival }
      : { kind: "error", error: answer.error, raw: answer.raw, meta };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** An answer the worker fetched: an answer over the limit fails as one read here does. */
function fromWorker(
  fetched: FetchedAnswer,
  limit: number,
): { head: StatusLine; received: ArrayBuffer | HandedAnswer } {
  if ("tooLarge" in fetched)
    throw new AnswerTooLargeError({ limitBytes: limit, receivedBytes: fetched.tooLarge, transport: "http" });
  return { head: fetched.line, received: fetched.body };
}

/**
 * The request sent and its answer read on the page (before the answer worker runs, or where none
 * can): a big body goes to the worker whole once it is in (`parseAnswerBody`).
 */
async function fetchHere(
  url: string,
  text: string,
  limit: number,
  controller: AbortController,
): Promise<{ head: StatusLine; received: ArrayBuffer }> {
  const response = await fetch(url, jsonPost(text, controller.signal));
  const received = await readLimited(response, limit, () => controller.abort());
  return { head: statusLineOf(response), received };
}

/** Same id: same type and value ("1" is not 1). */
const sameId = (a: unknown, b: unknown) => a === b;

/** The JSON-RPC error of a non-2xx body, its message scrubbed of the key (it goes into messages). */
function rpcErrorOf(value: unknown, url: string): JsonRpcErrorObject | undefined {
  const error =
    typeof value === "object" && value !== null && "error" in value
      ? asJsonRpcErrorObject(value.error)
      : undefined;
  return error ? { ...error, message: scrubSecrets(error.message, url) } : undefined;
}

/** A wait longer than a day is shown as "more than a day": no provider means it to the second. */
export const MAX_RETRY_AFTER_SECONDS = 86_400 + 1;

/**
 * Seconds to wait, from `Retry-After` (delta-seconds or an HTTP date) or else the provider's
 * `error.data.backoff_seconds`. Browsers expose `Retry-After` only when the CORS answer lists it.
 */
export function retryAfterSeconds(
  header: string | null,
  rpcError?: JsonRpcErrorObject | undefined,
  now = Date.now(),
): number | undefined {
  const value = header?.trim();
  if (value) {
    // delta-seconds are digits only (RFC 9110 10.2.3); "1e20" or "-5" is neither form.
    if (/^\d+$/.test(value)) return Math.min(Number(value), MAX_RETRY_AFTER_SECONDS);
    // An HTTP-date names a weekday and a month: Date.parse alone would take "2" or "1e20".
    const date = /^[A-Za-z]{3},/.test(value) ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(date))
      return Math.min(Math.max(0, Math.ceil((date - now) / 1000)), MAX_RETRY_AFTER_SECONDS);
  }
  const data = rpcError?.data;
  if (typeof data === "object" && data !== null && "backoff_seconds" in data) {
    const s = data.backoff_seconds;
    if (typeof s === "number" && Number.isFinite(s) && s >= 0)
      return Math.min(Math.ceil(s), MAX_RETRY_AFTER_SECONDS);
  }
  return undefined;
}

/**
 * The body's bytes, read as they stream and given up past `limit` (an answer of hundreds of MiB
 * would otherwise be held, decoded and parsed whole, and crash the tab): a declared
 * Content-Length over the limit stops it before reading, and so does the running count.
 */
async function readLimited(response: Response, limit: number, stop: () => void): Promise<ArrayBuffer> {
  const read = await readWithin(response, limit);
  if (read.ok) return read.bytes;
  stop();
  throw new AnswerTooLargeError({ limitBytes: limit, receivedBytes: read.receivedBytes, transport: "http" });
}

/**
 * The answer as a file, unparsed and unbounded (the "download instead" of an answer over the size
 * limit): the same request sent again, its body streamed into a Blob the browser may keep on disk.
 */
export async function fetchAnswerBlob(
  url: string,
  request: JsonRpcRequest | RawRequest,
  signal?: AbortSignal,
): Promise<Blob> {
  try {
    const response = await fetch(url, jsonPost(rawOf(request).text, signal));
    return await response.blob();
  } catch (err) {
    throw new NetworkError({ address: redactUrl(url), cause: scrubCause(err, url) });
  }
}
