import { describe, expect, it } from "vitest";
import { parseAnswerBody, parseHere, WORKER_THRESHOLD_BYTES } from "./answer-parse.ts";
import { nextSliceRows } from "./answer-split.ts";

const block = (n: number) => ({
  jsonrpc: "2.0",
  id: 7,
  result: {
    number: "0x1",
    transactions: Array.from({ length: n }, (_, i) => ({
      hash: `0x${i.toString(16)}`,
      input: "0xa9059cbb".repeat(i % 7),
    })),
  },
});

describe("slices sized by time", () => {
  it("sizes the next slices by what the last cost the page: about the budget, by time", () => {
    // 500 rows cost 12 ms (a slow machine): 8 ms is 333 rows.
    expect(nextSliceRows(500, 12, 8)).toBe(333);
    // A read that met a garbage collection (40 ms): half as many, not a tenth.
    expect(nextSliceRows(500, 40, 8)).toBe(250);
    // Cheap: at most twice as many (the worker caps the size).
    expect(nextSliceRows(100, 1, 8)).toBe(200);
    expect(nextSliceRows(400, 0, 8)).toBe(800);
    // However slow, a slice keeps a few rows.
    expect(nextSliceRows(20, 500, 8)).toBe(16);
    expect(nextSliceRows(8, 500, 8)).toBe(16);
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
