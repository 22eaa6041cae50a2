import { describe, expect, it } from "vitest";
import { decodeBlockReceipts, type ReceiptStatus } from "../../../chain/receipts.ts";
import { summaryNow } from "../../../chain/test-fixtures.ts";
import type { AnswerMeta, RpcAnswer } from "../../../rpc/types.ts";
import {
  checkOutcome,
  logsButtonLabel,
  receiptsBlock,
  statusLabel,
  statusTone,
  totalsPhrases,
} from "./receipts-model.ts";

const BH = "0x909c18d54a09814b355384f5fcea639b08839ef0ed26b1708a0e4fcb587d3104";
const T0 = "0x88b7ec389806b0eea2b7f210e85e4ce535438acf83b9344e9ae50cc9c4333d8f";
const T1 = "0x2c8c411b8fe7af9e4baa9d2e57db0819e9df4f254ac6d0c12df4bfb327a2ea3b";

const receipts = [
  {
    blockHash: BH,
    blockNumber: "0x8",
    transactionHash: T0,
    transactionIndex: "0x0",
    status: "0x1",
    gasUsed: "0x100",
    cumulativeGasUsed: "0x100",
    effectiveGasPrice: "0x3b9aca00",
    contractAddress: null,
    logs: [],
  },
  {
    blockHash: BH,
    blockNumber: "0x8",
    transactionHash: T1,
    transactionIndex: "0x1",
    status: "0x0",
    gasUsed: "0x50",
    cumulativeGasUsed: "0x150",
    effectiveGasPrice: "0x3b9aca00",
    contractAddress: null,
    logs: [],
  },
];

const meta: AnswerMeta = { transport: "http", latencyMs: 1, sizeBytes: 1 };
const result = (value: unknown): RpcAnswer => ({ kind: "result", result: value, raw: {}, meta });

describe("receiptsBlock", () => {
  it("reads the block from the first receipt", () => {
    expect(receiptsBlock(receipts, ["0x8"])).toEqual({
      title: "Receipts of block 8",
      blockHash: BH,
      blockNumber: 8n,
      check: { method: "eth_getBlockByNumber", params: ["0x8", false] },
    });
  });

  it("falls back on the params for an empty block", () => {
    expect(receiptsBlock([], ["0x0"]).title).toBe("Receipts of block 0");
    expect(receiptsBlock([], [BH])).toMatchObject({
      title: `Receipts of block ${BH}`,
      blockHash: BH,
      check: { method: "eth_getBlockByHash", params: [BH, false] },
    });
    expect(receiptsBlock([], ["latest"])).toMatchObject({ title: "Receipts of block latest", check: null });
  });
});

describe("status", () => {
  it.each<[ReceiptStatus, string, string]>([
    [{ kind: "success", text: "success" }, "ok", "success"],
    [{ kind: "failed", text: "failed" }, "bad", "failed"],
    [{ kind: "root", root: "0x1", text: "pre-Byzantium: state root 0x1" }, "neutral", "root"],
    [{ kind: "unknown", text: "no status and no root" }, "warn", "unknown"],
  ])("%o", (status, tone, label) => {
    expect(statusTone(status)).toBe(tone);
    expect(statusLabel(status)).toBe(label);
  });
});

describe("totalsPhrases", () => {
  it("says the counts with separators", () => {
    const parsed = decodeBlockReceipts(receipts);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(totalsPhrases(summaryNow(parsed.value).totals)).toEqual([
      "2 receipts",
      "336 gas used",
      "1 failed",
      "0 logs",
    ]);
    expect(
      totalsPhrases({
        count: 1100,
        gasUsed: 74_673_200n,
        failed: 0,
        withRoot: 0,
        logs: 5500,
        knownEvents: 5500,
        fees: 0n,
        blobGasUsed: 0n,
        contractsCreated: 1,
      }),
    ).toEqual([
      "1,100 receipts",
      "74,673,200 gas used",
      "0 failed",
      "5,500 logs",
      "5,500 known events",
      "1 contract created",
    ]);
  });
});

describe("checkOutcome", () => {
  const block = { hash: BH, number: "0x8", gasUsed: "0x150", transactions: [T0, T1] };

  it("passes every check for the matching block", () => {
    const outcome = checkOutcome(result(block), receipts);
    expect(outcome.kind).toBe("checks");
    if (outcome.kind !== "checks") return;
    expect(outcome.passed).toBe(outcome.checks.length);
    expect(outcome.checks.length).toBeGreaterThanOrEqual(5);
  });

  it("fails the gas sum when the block says otherwise", () => {
    const outcome = checkOutcome(result({ ...block, gasUsed: "0x151" }), receipts);
    if (outcome.kind !== "checks") throw new Error("expected checks");
    expect(outcome.checks.find((c) => c.check === "gas used sum")?.ok).toBe(false);
    expect(outcome.passed).toBeLessThan(outcome.checks.length);
  });

  it("reports a missing block and a node error", () => {
    expect(checkOutcome(result(null), receipts).kind).toBe("not-found");
    const error = checkOutcome(
      { kind: "error", error: { code: -32000, message: "header not found" }, raw: {}, meta },
      receipts,
    );
    expect(error).toEqual({
      kind: "error",
      text: "The node answered an error for the block: header not found (code -32000)",
    });
  });
});

describe("logsButtonLabel", () => {
  it("names the transaction", () => {
    expect(logsButtonLabel(3n, 3)).toBe("Logs of transaction 3");
    expect(logsButtonLabel(null, 7)).toBe("Logs of transaction 7");
  });
});
