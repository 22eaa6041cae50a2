import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAnswerBody, parseHere, WORKER_THRESHOLD_BYTES } from "./answer-parse.ts";
import {
  appendRows,
  bigArrayPath,
  type Delivery,
  getPath,
  nextSliceRows,
  splitForDelivery,
  takeSlice,
} from "./answer-split.ts";

/** The slices the worker sends when the page asks for `rowsPerSlice` each time. */
function slicesOf(d: Delivery): unknown[][] {
  const cursor = { rest: d.rest, at: 0 };
  const out: unknown[][] = [];
  for (let s = takeSlice(cursor, d.rowsPerSlice); s; s = takeSlice(cursor, d.rowsPerSlice)) out.push(s);
  return out;
}

/** What the page holds after the worker's pieces arrive: each piece cloned, as postMessage does. */
function reassemble(value: unknown, textLength: number, opts = {}) {
  const d = splitForDelivery(value, textLength, opts);
  const assembled = structuredClone(d.first);
  const chunks = slicesOf(d);
  if (d.path) for (const rows of chunks) appendRows(assembled, d.path, structuredClone(rows));
  return { d, chunks, assembled };
}

const block = (n: number) => ({
  jsonrpc: "2.0",
  id: 7,
  result: {
    number: "0x1",
    uncles: [],
    transactions: Array.from({ length: n }, (_, i) => ({
      hash: `0x${i.toString(16)}`,
      input: "0xa9059cbb".repeat(i % 7),
    })),
    withdrawals: [{ index: "0x0" }],
  },
});

describe("a big answer delivered in pieces", () => {
  it("reassembles exactly into what JSON.parse gives, for blocks, receipts and batches", () => {
    const receipts = {
      jsonrpc: "2.0",
      id: 1,
      result: Array.from({ length: 3000 }, (_, i) => ({ i, logs: [{ i }] })),
    };
    const batch = Array.from({ length: 900 }, (_, i) => ({ jsonrpc: "2.0", id: i, result: `0x${i}` }));
    for (const value of [block(5000), receipts, batch]) {
      const text = JSON.stringify(value);
      const { chunks, assembled } = reassemble(JSON.parse(text), text.length, { chunkBytes: 5_000 });
      expect(chunks.length).toBeGreaterThan(3);
      expect(assembled).toEqual(JSON.parse(text));
    }
  });

  it("sends a screen of rows first, then slices of about the asked size, in order", () => {
    const value = block(5000);
    const text = JSON.stringify(value);
    const d = splitForDelivery(value, text.length, { firstRows: 200, chunkBytes: 50_000 });
    expect(d.path).toEqual(["result", "transactions"]);
    expect(d.total).toBe(5000);
    expect((getPath(d.first, d.path ?? []) as unknown[]).length).toBe(200);
    // The rest of the answer is whole in the first piece; the original is not changed.
    expect((d.first as typeof value).result.withdrawals).toEqual([{ index: "0x0" }]);
    expect(value.result.transactions).toHaveLength(5000);
    const chunks = slicesOf(d);
    for (const rows of chunks) expect(JSON.stringify(rows).length).toBeLessThan(80_000);
    expect(chunks.flat()).toEqual(value.result.transactions.slice(200));
  });

  it("hands out slices of the size the page asks for, each time, to the last row", () => {
    const cursor = { rest: Array.from({ length: 10 }, (_, i) => i), at: 0 };
    expect(takeSlice(cursor, 4)).toEqual([0, 1, 2, 3]);
    expect(takeSlice(cursor, 1)).toEqual([4]);
    expect(takeSlice(cursor, 0)).toEqual([5]);
    expect(takeSlice(cursor, 100)).toEqual([6, 7, 8, 9]);
    expect(takeSlice(cursor, 4)).toBeNull();
  });

  it("sizes the next slices by what the last cost the page: about the budget, by time", () => {
    // 500 rows cost 12 ms (a slow machine): 8 ms is 333 rows.
    expect(nextSliceRows(500, 12, 500, 8)).toBe(333);
    // A read that met a garbage collection (40 ms): half as many, not a tenth.
    expect(nextSliceRows(500, 40, 500, 8)).toBe(250);
    // Cheap: at most twice as many, never past the worker's most.
    expect(nextSliceRows(100, 1, 500, 8)).toBe(200);
    expect(nextSliceRows(400, 1, 500, 8)).toBe(500);
    expect(nextSliceRows(400, 0, 500, 8)).toBe(500);
    // However slow, a slice keeps a few rows.
    expect(nextSliceRows(20, 500, 500, 8)).toBe(16);
    expect(nextSliceRows(8, 500, 500, 8)).toBe(16);
  });

  it("keeps a small answer, or one without a big array, in one piece", () => {
    for (const value of [
      block(10),
      { jsonrpc: "2.0", id: 1, result: "0x1" },
      { jsonrpc: "2.0", id: 1, error: { code: -1 } },
      "text",
      null,
    ]) {
      const d = splitForDelivery(value, 100);
      expect(d.path).toBeNull();
      expect(d.first).toBe(value);
    }
    expect(bigArrayPath({ result: { a: [1], b: [1, 2] } })).toEqual(["result", "b"]);
    expect(bigArrayPath({ result: [] })).toEqual(["result"]);
    expect(bigArrayPath([1])).toEqual([]);
    expect(bigArrayPath({ id: 1 })).toBeNull();
  });

  it("takes hostile shapes: deep nesting, huge strings, sparse and mixed rows", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 800; i++) deep = [deep];
    const huge = {
      jsonrpc: "2.0",
      id: 1,
      result: { transactions: [`0x${"ab".repeat(400_000)}`, null, 1, deep] },
    };
    const text = JSON.stringify(huge);
    const { assembled } = reassemble(JSON.parse(text), text.length, { firstRows: 1, chunkBytes: 10 });
    expect(assembled).toEqual(JSON.parse(text));
  });

  it("reads real receipts the same in pieces as whole", () => {
    const dir = resolve(import.meta.dirname, "../../test/fixtures/mainnet");
    const file = readdirSync(dir).find((f) => f.startsWith("eth_getBlockReceipts"));
    const { response } = JSON.parse(readFileSync(resolve(dir, file ?? ""), "utf8"));
    const text = JSON.stringify(response);
    const { assembled } = reassemble(JSON.parse(text), text.length, { firstRows: 20, chunkBytes: 30_000 });
    expect(assembled).toEqual(response);
  });
});

describe("reading a body where there is no worker", () => {
  const url = "https://node.example/v3/s3cr3t-key-0123456789";
  it("scrubs the key and parses, small or big, in one piece", async () => {
    const big = JSON.stringify({ ...block(80_000), note: "s3cr3t-key-0123456789" });
    expect(big.length).toBeGreaterThan(WORKER_THRESHOLD_BYTES);
    const parsed = await parseAnswerBody(new TextEncoder().encode(big).buffer as ArrayBuffer, url);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.arrival).toBeUndefined();
      expect(JSON.stringify(parsed.value)).not.toContain("s3cr3t-key-0123456789");
      expect((parsed.value as { result: { transactions: unknown[] } }).result.transactions).toHaveLength(
        80_000,
      );
    }
  });
  it("says what came when it is not JSON, with the key out of it", () => {
    const parsed = parseHere("<html>s3cr3t-key-0123456789 oops", url);
    expect(parsed).toEqual({ ok: false, head: expect.not.stringContaining("s3cr3t-key-0123456789") });
  });
});
