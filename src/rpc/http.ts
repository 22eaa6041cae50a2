import { answerHandOver, type HandedAnswer, parseAnswerBody, whenDone } from "./answer-parse.ts";
import {
  AnswerTooLargeError,
  answerReaderStopped,
  CancelledError,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from "./errors.ts";
import { type RawRequest, rawOf } from "./raw-request.ts";
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
    let response: Response;
    let received: ArrayBuffer | HandedAnswer;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: body.text,
        signal: controller.signal,
        credentials: "omit",
      });
      const limit = opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
      // A big answer's body goes to the answer worker as it streams in (a 2xx only: an error page
      // is small and read here).
      const handOver = response.ok ? answerHandOver(url, signal) : undefined;
      received = await readLimited(response, limit, () => controller.abort(), handOver);
    } catch (err) {
      if (err instanceof AnswerTooLargeError) throw err;
      throw failure(err);
    }
    const answerBody = received;
    const whole = answerBody instanceof ArrayBuffer;
    const latencyMs = (whole ? performance.now() : answerBody.doneAt) - started;
    // Before the bytes are handed to the answer worker.
    const sizeBytes = whole ? answerBody.byteLength : answerBody.sizeBytes;

    if (!response.ok && whole) {
      // An error page or a JSON-RPC error: small, read here. The key out of whatever the node
      // said, before anything reads or keeps it (answer-parse.ts does the same for answers).
      const text = scrubAnswerText(new TextDecoder().decode(answerBody), url);
      const parsed = parseJson(text);
      const rpcError = parsed.ok ? rpcErrorOf(parsed.value, url) : undefined;
      throw new HttpStatusError({
        status: response.status,
        statusText: statusTextFor(response.status, response.statusText),
        bodySnippet: scrubSecrets(snippet(text), url),
        rpcError,
        retryAfterSeconds: retryAfterSeconds(response.headers.get("Retry-After"), rpcError),
      });
    }

    const parsed = whole ? await parseAnswerBody(answerBody, url, signal) : await answerBody.parsed;
    if (!parsed.ok) {
      if (parsed.lost) throw answerReaderStopped();
      throw new InvalidResponseError({
        reason: "not-json",
        bodySnippet: scrubSecrets(snippet(parsed.head), url),
        httpStatus: response.status,
      });
    }
    // A batch's answers are matched all together (batch.ts): they are waited for whole.
    if (parsed.arrival && parsed.arrival.path.length === 0) await whenDone(parsed.arrival);
    const arrival = parsed.arrival && parsed.arrival.path.length > 0 ? { arrival: parsed.arrival } : {};
    const meta = { transport: "http", latencyMs, sizeBytes, httpStatus: response.status } as const;
    if (body.batch && Array.isArray(parsed.value))
      return { kind: "result", result: parsed.value, raw: parsed.value, meta };
    const answer = toParsedResponse(parsed.value);
    if (!answer) {
      throw new InvalidResponseError({
        reason: "not-json-rpc",
        bodySnippet: scrubSecrets(snippet(headOf(parsed.value)), url),
        httpStatus: response.status,
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
 * Content-Length over the limit stops it before reading, and so does the running count. A big
 * one goes to the answer worker as it comes instead (`handOver`), within the same limit.
 */
async function readLimited(
  response: Response,
  limit: number,
  stop: () => void,
  handOver: HandOver<HandedAnswer> | undefined,
): Promise<ArrayBuffer | HandedAnswer> {
  const read = await readWithin(response, limit, handOver);
  if (read.ok) return "bytes" in read ? read.bytes : read.handed;
  stop();
  throw new AnswerTooLargeError({ limitBytes: limit, receivedBytes: read.receivedBytes, transport: "http" });
}

type Read = { ok: true; bytes: ArrayBuffer } | { ok: false; receivedBytes: number };

/**
 * Where a body goes once `atBytes` of it came, instead of being kept here (answer-parse.ts
 * `answerHandOver`): `start` gets what was read, then each chunk comes as it is read (`chunk`),
 * and `end` gives what the body became; `abandon` when the reading stops short (the limit, a
 * broken connection).
 */
export type HandOver<T> = {
  atBytes: number;
  start(read: ArrayBuffer): { chunk(bytes: Uint8Array): void; end(): T; abandon(): void };
};

/**
 * A body's bytes if they stay within `limit`; past it the reading stops (a declared Content-Length
 * over it stops it before reading) and says how many bytes it had seen. Shared by the answers and
 * the provider's settings file. With `handOver`, a body that reaches its size is given to it
 * (`handed`) instead of being read here.
 */
export function readWithin(response: Response, limit: number): Promise<Read>;
export function readWithin<T>(
  response: Response,
  limit: number,
  handOver: HandOver<T> | undefined,
): Promise<Read | { ok: true; handed: T }>;
export async function readWithin<T>(
  response: Response,
  limit: number,
  handOver?: HandOver<T>,
): Promise<Read | { ok: true; handed: T }> {
  const declared = Number(response.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, receivedBytes: declared };
  if (!response.body || limit === Number.POSITIVE_INFINITY)
    return { ok: true, bytes: await response.arrayBuffer() };
  const reader = response.body.getReader();
  let sink =
    handOver && Number.isFinite(declared) && declared >= handOver.atBytes
      ? handOver.start(new ArrayBuffer(0))
      : undefined;
  // Each chunk is copied into one buffer as it comes (sized by the Content-Length the server
  // declared, else grown by doubling), not joined at the end: joining a 40 MB answer's chunks was
  // one 40-50 ms task on a CPU slowed 2x, after the last byte, when the user waits.
  let out = new Uint8Array(Number.isFinite(declared) && declared > 0 && !sink ? declared : 64 * 1024);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const end = total + value.byteLength;
      if (end > limit) {
        void reader.cancel().catch(() => {});
        sink?.abandon();
        return { ok: false, receivedBytes: end };
      }
      total = end;
      if (sink) {
        sink.chunk(value);
        continue;
      }
      if (end > out.byteLength) {
        const grown = new Uint8Array(Math.min(Math.max(end, out.byteLength * 2), limit));
        grown.set(out.subarray(0, end - value.byteLength));
        out = grown;
      }
      out.set(value, end - value.byteLength);
      if (handOver && total >= handOver.atBytes) sink = handOver.start(fitted(out.buffer, total));
    }
  } catch (err) {
    sink?.abandon();
    throw err;
  }
  if (sink) return { ok: true, handed: sink.end() };
  return { ok: true, bytes: total === out.byteLength ? out.buffer : fitted(out.buffer, total) };
}

/** The first `length` bytes of `buffer`: moved where the browser can (`transfer`), else copied. */
function fitted(buffer: ArrayBuffer, length: number): ArrayBuffer {
  const move = (buffer as { transfer?: (length: number) => ArrayBuffer }).transfer;
  return typeof move === "function" ? move.call(buffer, length) : buffer.slice(0, length);
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
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: rawOf(request).text,
      credentials: "omit",
      ...(signal ? { signal } : {}),
    });
    return await response.blob();
  } catch (err) {
    throw new NetworkError({ address: redactUrl(url), cause: scrubCause(err, url) });
  }
}
