import { afterAll, expect, it, vi } from "vitest";
import type { FromAnswerWorker } from "./answer-worker.ts";

/**
 * The answer worker's start-up warm-up (answer-worker.ts `warmUp`) reads a made-up answer the way
 * a fetched one is read, in the worker alone: run to its end in a worker of its own (this file's
 * module graph), nothing of it reaches the page, and a real job is read as before after it.
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

it("reads its made-up answer for itself, then reads a real one as before", async () => {
  vi.stubGlobal("self", scope);
  // The worker's socket host names the browser's WebSocket; none is opened here.
  vi.stubGlobal("WebSocket", class {});
  await import("./answer-worker.ts");
  // The warm-up goes a chunk a task (about 50 of them): well within a second here.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(posted).toEqual([{ ready: true }]);

  const block = { jsonrpc: "2.0", id: 7, result: { number: "0x1", transactions: ["0xaa", "0xbb"] } };
  scope.onmessage?.({ data: { id: 7, url: "http://127.0.0.1/v3/some-key", text: JSON.stringify(block) } });
  await vi.waitFor(() => expect(posted.length).toBeGreaterThan(1));
  expect(posted.slice(1)).toEqual([{ id: 7, ok: true, first: block, path: null, total: 0, head: "" }]);
});
