import { describe, expect, it } from "vitest";
import { readWithin } from "./read-within.ts";

/** A response streaming `chunks`, with the Content-Length given (or none). */
function streamed(chunks: Uint8Array[], declared?: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  const headers = declared === undefined ? undefined : { "Content-Length": String(declared) };
  return new Response(body, headers ? { headers } : {});
}

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 255);
const joined = (chunks: Uint8Array[]) => Uint8Array.from(chunks.flatMap((c) => [...c]));

describe("readWithin", () => {
  it("gives the body's bytes in order without a Content-Length (the buffer grows as chunks come)", async () => {
    const chunks = [bytes(50_000, 1), bytes(70_000, 2), bytes(3, 3), bytes(200_000, 4)];
    const read = await readWithin(streamed(chunks), 1_000_000);
    expect(read.ok).toBe(true);
    if (read.ok) expect(new Uint8Array(read.bytes)).toEqual(joined(chunks));
  });

  it("fills a buffer of the declared length, and fits one that declared too much", async () => {
    const chunks = [bytes(1000, 5), bytes(2000, 6)];
    for (const declared of [3000, 5000]) {
      const read = await readWithin(streamed(chunks, declared), 1_000_000);
      if (!read.ok) throw new Error("not read");
      expect(read.bytes.byteLength).toBe(3000);
      expect(new Uint8Array(read.bytes)).toEqual(joined(chunks));
    }
  });

  it("stops past the limit, declared or counted", async () => {
    expect(await readWithin(streamed([bytes(10, 0)], 2000), 1000)).toEqual({
      ok: false,
      receivedBytes: 2000,
    });
    const read = await readWithin(streamed([bytes(600, 0), bytes(600, 1)]), 1000);
    expect(read).toEqual({ ok: false, receivedBytes: 1200 });
  });
});
