import { describe, expect, it } from "vitest";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { HttpStatusError } from "../../rpc/errors.ts";
import type { JsonRpcRequest, RpcAnswer } from "../../rpc/types.ts";
import { judge, type QaRun, qaRequests, runIntegrity, runQa, toJson, toMarkdown } from "./qa-run.ts";

const meta = { transport: "http" as const, latencyMs: 12.4, sizeBytes: 100 };
const result = (r: unknown): RpcAnswer => ({ kind: "result", result: r, raw: { result: r }, meta });
const hash = `0x${"ab".repeat(32)}`;

describe("judge", () => {
  const block = getMethod("eth_getBlockByNumber")!;
  it("fails a JSON-RPC error, with its code", () => {
    const r = judge(block, {
      ok: true,
      answer: { kind: "error", error: { code: -32000, message: "boom" }, raw: {}, meta },
    });
    expect(r).toEqual({ status: "fail", reason: "JSON-RPC error -32000: boom" });
  });
  it("passes null where the spec allows it, fails it where not", () => {
    expect(judge(block, { ok: true, answer: result(null) }).status).toBe("pass");
    expect(judge(getMethod("eth_getProof")!, { ok: true, answer: result(null) }).status).toBe("fail");
  });
  it("fails a result with a missing or mistyped field", () => {
    expect(judge(getMethod("eth_estimateGas")!, { ok: true, answer: result(12) })).toMatchObject({
      status: "fail",
      reason: expect.stringMatching(/^shape: /),
    });
    expect(
      judge(getMethod("eth_getStorageAt")!, { ok: true, answer: result(`0x${"0".repeat(64)}`) }).status,
    ).toBe("pass");
  });
  it("fails a transport failure with its plain message", () => {
    const r = judge(block, {
      ok: false,
      error: new HttpStatusError({
        status: 401,
        statusText: "Unauthorized",
        bodySnippet: "invalid project id",
      }),
    });
    expect(r.status).toBe("fail");
    expect(r.reason).toMatch(/401/);
  });
});

describe("runQa", () => {
  it("sends each method of the chain with its example, over each transport", async () => {
    const sent: { body: JsonRpcRequest; t: string }[] = [];
    const rows = await runQa(methodsForChain("evm"), ["http", "ws"], async (body, t) => {
      sent.push({ body, t });
      return result(body.method === "eth_estimateGas" ? "0x5208" : null);
    });
    expect(rows).toHaveLength(16);
    expect(new Set(sent.map((s) => s.body.id)).size).toBe(16);
    expect(rows.find((r) => r.method === "eth_estimateGas")?.status).toBe("pass");
    expect(rows.find((r) => r.method === "eth_getProof")?.status).toBe("fail");
    expect(qaRequests(methodsForChain("starknet"))).toEqual([
      { method: "starknet_getBlockWithTxHashes", params: { block_id: "latest" } },
    ]);
  });
  it("records a thrown failure as a fail without latency", async () => {
    const rows = await runQa(methodsForChain("starknet"), ["http"], async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(rows[0]).toMatchObject({ status: "fail", latencyMs: null, sizeBytes: null });
  });
});

describe("runIntegrity", () => {
  it("compares the block with its receipts", async () => {
    const receipts = [
      {
        gasUsed: "0x5208",
        cumulativeGasUsed: "0x5208",
        transactionHash: hash,
        transactionIndex: "0x0",
        blockHash: hash,
        blockNumber: "0x1",
      },
    ];
    const integrity = await runIntegrity("0x1", "http", async (body) =>
      result(
        body.method === "eth_getBlockByNumber"
          ? { number: "0x1", hash, gasUsed: "0x5208", transactions: [hash] }
          : receipts,
      ),
    );
    expect(integrity && "checks" in integrity && integrity.checks.every((c) => c.ok)).toBe(true);
  });
  it("says when the block is not there", async () => {
    expect(await runIntegrity("0x99", "http", async () => result(null))).toEqual({
      block: "0x99",
      error: "no such block",
    });
  });
});

describe("exports", () => {
  const run: QaRun = {
    network: { id: "devnet", name: "Local | devnet", kind: "evm" },
    transports: ["http"],
    startedAt: "2026-11-22T00:00:00.000Z",
    rows: [
      {
        method: "eth_getStorageAt",
        transport: "http",
        params: [],
        status: "pass",
        reason: "ok",
        latencyMs: 3.2,
        sizeBytes: 99,
      },
      {
        method: "eth_getProof",
        transport: "http",
        params: [],
        status: "fail",
        reason: "a|b",
        latencyMs: null,
        sizeBytes: null,
      },
    ],
    integrity: { block: "latest", checks: [{ check: "gas used sum", ok: true, detail: "21000 = 21000" }] },
  };
  it("Markdown has a row per method, escapes pipes, and the integrity checks", () => {
    const md = toMarkdown(run);
    expect(md).toContain("1 of 2 passed");
    expect(md).toContain("| eth_getProof | HTTP | **fail** | a\\|b | – | – |");
    expect(md).toContain("- pass: gas used sum: 21000 = 21000");
  });
  it("JSON round-trips", () => expect(JSON.parse(toJson(run))).toEqual(run));
});

describe("runQa cancelled", () => {
  it("sends no more requests once its signal is aborted", async () => {
    const controller = new AbortController();
    let sent = 0;
    const rows = await runQa(
      methodsForChain("evm"),
      ["http"],
      async () => {
        sent++;
        controller.abort();
        throw new Error("cancelled");
      },
      undefined,
      controller.signal,
    );
    expect(sent).toBe(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("fail");
  });
});
