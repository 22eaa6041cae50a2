/**
 * Reading a fetched body within a size limit, as it streams: the answer worker's HTTP answers
 * (answer-worker.ts), the page's before that worker runs (http.ts) and the provider's settings
 * file. No import of ours, so the worker's bundle takes nothing else with it.
 */

type Read = { ok: true; bytes: ArrayBuffer } | { ok: false; receivedBytes: number };

/**
 * Where a body goes once `atBytes` of it came, instead of being kept here (answer-worker.ts
 * `fetchAnswer`: its rows cut as the rest comes): `start` gets what was read, then each chunk comes as it is read (`chunk`),
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
