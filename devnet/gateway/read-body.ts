import type { IncomingMessage } from "node:http";

/** Reading an HTTP request's body up to a limit, without breaking the pipe of a client still sending. */

export type BodyResult = { ok: true; text: string } | { ok: false; reason: "too-large" | "aborted" };

/**
 * A body over the limit is not kept: the gateway reads on and throws the bytes away until the
 * body ends, then answers 413, so that a client still sending gets to read the answer instead of
 * a broken pipe. Past this many bytes (or when the declared length is larger) it answers at once
 * and the connection is closed.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Reads at most `limit` bytes of the body (see DISCARD_LIMIT for what happens past it). */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > DISCARD_LIMIT) {
    return Promise.resolve({ ok: false, reason: "too-large" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    let done = false;
    const finish = (r: BodyResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT) finish({ ok: false, reason: "too-large" });
      if (tooLarge) return;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      finish(
        tooLarge
          ? { ok: false, reason: "too-large" }
          : { ok: true, text: Buffer.concat(chunks).toString("utf8") },
      ),
    );
    req.on("error", () => finish({ ok: false, reason: "aborted" }));
    req.on("close", () => finish({ ok: false, reason: "aborted" }));
  });
}
