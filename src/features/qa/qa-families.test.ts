/**
 * The QA run on replays of real answers of three chain families (a whole block with its
 * transactions and every receipt of it, test/fixtures/<family>/): the sample, the shape of every
 * method the replay holds answers for, and the cross-checks pass with the family's model. State
 * (storage, proofs, gas estimates) was not recorded with those blocks: the replay says so with a
 * JSON-RPC error, and only those rows fail, with that reason.
 */
import { describe, expect, it } from "vitest";
import { familyFixture } from "../../chain/test-fixtures.ts";
import { methodsForChain } from "../../methods/registry.ts";
import { CATALOG } from "../../networks/network.ts";
import type { RpcAnswer } from "../../rpc/types.ts";
import { runQa, type Send } from "./qa-run.ts";

type Rec = Record<string, unknown>;

/** What only a node with the chain's state can answer: not in the replays. */
const NOT_RECORDED = new Set(["eth_getStorageAt", "eth_getProof", "eth_estimateGas"]);

/** A node that answers from one recorded block and its receipts (its head is that block). */
function replay(blockFile: string, receiptFiles: string[], family: string): Send {
  const block = familyFixture(family, blockFile).result as Rec;
  const receipts = receiptFiles.flatMap((f) => {
    const r = familyFixture(family, f).result;
    return Array.isArray(r) ? r : [r];
  });
  const txs = block.transactions as Rec[];
  const hashes = txs.map((t) => t.hash);
  const number = block.number as string;
  const same = (tag: unknown) =>
    tag === "latest" || (typeof tag === "string" && BigInt(tag) === BigInt(number));
  const answer = (
    method: string,
    p: unknown[],
  ): { result: unknown } | { error: { code: number; message: string } } => {
    switch (method) {
      case "eth_blockNumber":
        return { result: number };
      case "eth_getBlockByNumber":
        return { result: same(p[0]) ? (p[1] === true ? block : { ...block, transactions: hashes }) : null };
      case "eth_getBlockByHash":
        return {
          result: p[0] === block.hash ? (p[1] === true ? block : { ...block, transactions: hashes }) : null,
        };
      case "eth_getTransactionByBlockHashAndIndex":
        return { result: p[0] === block.hash ? (txs[Number(BigInt(p[1] as string))] ?? null) : null };
      case "eth_getBlockReceipts":
        return { result: same(p[0]) ? receipts : null };
      case "eth_getUncleByBlockNumberAndIndex":
        return { result: null };
      default:
        return { error: { code: -32601, message: `the replay holds no recorded answer for ${method}` } };
    }
  };
  return async (body, transport) => {
    const p = Array.isArray(body.params) ? body.params : [];
    const a = answer(body.method, p);
    const raw = { jsonrpc: "2.0", id: body.id, ...a };
    const meta = { transport, latencyMs: 5, sizeBytes: JSON.stringify(raw).length };
    return (
      "error" in a
        ? { kind: "error", error: a.error, raw, meta }
        : { kind: "result", result: a.result, raw, meta }
    ) as RpcAnswer;
  };
}

const network = (id: string) => {
  const n = CATALOG.find((x) => x.id === id);
  if (!n) throw new Error(id);
  return n;
};

describe("a QA run on a replay of a family's real answers", () => {
  it.each([
    [
      "op-stack",
      "base-sepolia",
      "eth_getBlockByNumber.base-goerli-1041847-full-txs.json",
      ["eth_getBlockReceipts.base-goerli-1041847.json"],
    ],
    [
      "arbitrum",
      "arbitrum-sepolia",
      "eth_getBlockByNumber.sepolia-0xb0a6c25-full-txs.json",
      ["eth_getBlockReceipts.sepolia-0xb0a6c25-gasUsedForL1.json"],
    ],
    [
      "polygon-pos",
      "polygon-mainnet",
      "eth_getBlockByNumber.mumbai-0x15b09b6-full-txs-legacy-and-0x2.json",
      [0, 1, 2, 3].map(
        (i) => `eth_getTransactionReceipt.mumbai-0x15b09b6-idx${i}-type0x${i === 0 ? 0 : 2}.json`,
      ),
    ],
  ] as const)(
    "%s: every recorded method and every check passes",
    async (family, networkId, blockFile, receiptFiles) => {
      const run = await runQa(
        [
          {
            id: "A",
            network: network(networkId),
            keySource: "typed",
            send: replay(blockFile, [...receiptFiles], family),
          },
        ],
        { transports: ["http"], methods: methodsForChain, margin: 0 },
      );
      const a = run.targets[0];
      expect(a?.error).toBeNull();
      for (const r of a?.rows ?? []) {
        if (NOT_RECORDED.has(r.method)) {
          if (r.status === "fail") expect(r.reason).toMatch(/the replay holds no recorded answer/);
        } else
          expect([r.method, r.status, r.reason]).toEqual([
            r.method,
            r.status === "skipped" ? "skipped" : "pass",
            r.reason,
          ]);
      }
      expect(a?.rows.filter((r) => r.status === "pass").length).toBeGreaterThanOrEqual(5);
      // A check that needs state (a transfer's gas estimate) fails only for the replay's missing answer.
      expect(a?.checks.filter((c) => c.status === "fail" && !/no recorded answer/.test(c.detail))).toEqual(
        [],
      );
      expect(a?.checks.filter((c) => c.status === "pass").length).toBeGreaterThanOrEqual(3);
    },
  );
});
