import { afterAll, expect, it, vi } from "vitest";
import type { FromAnswerWorker } from "./answer-worker.ts";

/**
 * The answer worker's warm-up (answer-worker.ts `warmUp`) reads a made-up answer the way a fetched
 * one is read, in the worker alone, and only when the page asks (`{ warm: true }`, which the
 * playground's `warmAnswerWorker` posts; an embed's worker is never asked): run in a worker of its
 * own (this file's module graph), nothing of it reaches the page but the word that it ended, and a
 * real job is read as before, beside it and after it.
 */
const posted: FromAnswerWorker[] = [];
const scope: { onmessage: ((e: { data: unknown }) => void) | null; postMessage(m: FromAnswerWorker): void } =
  {
    onmessage: null,
    postMessage: (m) => void posted.push(structuredClone(m)),
  };

afterAll(() => {
  vi.unstubAllGlobals();
});

const block = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { number: "0x1", transactions: ["0xaa", "0xbb"] },
});

/** Sends a real job (a small block as text) and waits for its answer: the message that ends it. */
async function readJob(id: number) {
  scope.onmessage?.({ data: { id, url: "http://127.0.0.1/v3/some-key", text: JSON.stringify(block(id)) } });
  await vi.waitFor(() => expect(posted.some((m) => "id" in m && m.id === id)).toBe(true));
  return posted.filter((m) => "id" in m && m.id === id);
}

it("warms up only when asked, once, and reads real jobs as before", async () => {
  vi.stubGlobal("self", scope);
  // The worker's socket host names the browser's WebSocket; none is opened here.
  vi.stubGlobal("WebSocket", class {});
  await import("./answer-worker.ts");
  expect(posted).toEqual([{ ready: true }]);

  // Not asked: a real job is read, and no warm-up follows it (it would end within about half a
  // second here: about 50 chunks of a task each).
  expect(await readJob(7)).toEqual([{ id: 7, ok: true, first: block(7), path: null, total: 0, head: "" }]);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(posted.some((m) => "warmed" in m)).toBe(false);

  // Asked (twice, as a page's idle steps might): it runs to its end once, posting nothing else.
  posted.length = 0;
  scope.onmessage?.({ data: { warm: true } });
  scope.onmessage?.({ data: { warm: true } });
  await vi.waitFor(() => expect(posted).toEqual([{ warmed: true }]), { timeout: 10_000 });

  // A real job after it is read as before.
  expect(await readJob(8)).toEqual([{ id: 8, ok: true, first: block(8), path: null, total: 0, head: "" }]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(posted.filter((m) => "warmed" in m)).toHaveLength(1);
});
