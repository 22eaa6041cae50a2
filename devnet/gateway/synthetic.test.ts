import { describe, expect, it } from "vitest";
import { decodeBlock } from "../../src/chain/block.ts";
import { checkBlockReceipts, decodeBlockReceipts } from "../../src/chain/receipts.ts";
import { summaryNow } from "../../src/chain/test-fixtures.ts";
import type { JsonRpcResponse } from "./json-rpc.ts";
import {
  LOGS_PER_RECEIPT,
  SYNTHETIC_BASE,
  syntheticBlock,
  syntheticCount,
  syntheticReceipts,
  variantOf,
  withSyntheticBlocks,
} from "./synthetic.ts";

describe("the bench's synthetic blocks", () => {
  it("are blocks the app's decoders read without a problem", () => {
    const block = syntheticBlock(300, true);
    const decoded = decodeBlock(block);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.value.problems).toEqual([]);
    const receipts = decodeBlockReceipts(syntheticReceipts(300));
    expect(receipts.ok).toBe(true);
    if (receipts.ok) expect(summaryNow(receipts.value).problems).toEqual([]);
    expect(syntheticReceipts(300).flatMap((r) => r.logs)).toHaveLength(300 * LOGS_PER_RECEIPT);
    // Receipts and block agree, as a node's do.
    for (const c of checkBlockReceipts(block, syntheticReceipts(300))) expect(c.ok).toBe(true);
  });

  it("are reserved block numbers only; everything else goes to the node", async () => {
    expect(syntheticCount(`0x${SYNTHETIC_BASE.toString(16)}`)).toBe(0);
    expect(syntheticCount(`0x${(SYNTHETIC_BASE + 13_300).toString(16)}`)).toBe(13_300);
    expect(syntheticCount("0x9")).toBeUndefined();
    expect(syntheticCount("latest")).toBeUndefined();
    const passed: string[] = [];
    const backend = withSyntheticBlocks({
      handle: async (r) => {
        passed.push(r.method);
        return { jsonrpc: "2.0", id: r.id, result: null } as JsonRpcResponse;
      },
    });
    const tag = `0x${(SYNTHETIC_BASE + 3).toString(16)}`;
    const block = await backend.handle({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getBlockByNumber",
      params: [tag, false],
    });
    expect((block as { result: { transactions: unknown[] } }).result.transactions).toHaveLength(3);
    await backend.handle({ jsonrpc: "2.0", id: 2, method: "eth_getBlockByNumber", params: ["0x9", true] });
    await backend.handle({ jsonrpc: "2.0", id: 3, method: "eth_getBalance", params: [tag] });
    expect(passed).toEqual(["eth_getBlockByNumber", "eth_getBalance"]);
  });

  it("differ by the request's id in every row, not in count nor size: a re-send draws a block never drawn", async () => {
    const backend = withSyntheticBlocks({ handle: async () => ({ jsonrpc: "2.0", id: 0, result: null }) });
    const tag = `0x${(SYNTHETIC_BASE + 200).toString(16)}`;
    type Tx = { hash: string; from: string; input: string; transactionIndex: string };
    const ask = async (id: number | string) =>
      (
        (await backend.handle({
          jsonrpc: "2.0",
          id,
          method: "eth_getBlockByNumber",
          params: [tag, true],
        })) as {
          result: Record<string, unknown> & { hash: string; transactions: Tx[] };
        }
      ).result;
    const [one, again, two] = [await ask(1), await ask(1), await ask(2)];
    expect(again).toEqual(one);
    // Its header as a chain's next block's: what a next block changes differs, what it keeps stays.
    const hashes = ["hash", "parentHash", "transactionsRoot", "stateRoot", "receiptsRoot", "mixHash"];
    const others = ["miner", "gasUsed", "timestamp", "baseFeePerGas", "parentBeaconBlockRoot"];
    for (const key of [...hashes, ...others]) expect(two[key], key).not.toEqual(one[key]);
    for (const key of ["number", "gasLimit", "nonce", "difficulty", "sha3Uncles", "withdrawalsRoot", "size"])
      expect(two[key], key).toEqual(one[key]);
    expect(two.transactions).toHaveLength(200);
    two.transactions.forEach((tx, i) => {
      const before = one.transactions[i] as Tx;
      expect(tx.hash).not.toBe(before.hash);
      expect(tx.input).not.toBe(before.input);
      expect(tx.transactionIndex).toBe(before.transactionIndex);
    });
    const size = (b: unknown) => JSON.stringify(b).length;
    expect(Math.abs(size(two) - size(one)) / size(one)).toBeLessThan(0.01);
    // A string id (or none) is variant 0; the variant's receipts agree with its block.
    expect(variantOf("x")).toBe(0);
    expect(variantOf(7)).toBe(7);
    for (const c of checkBlockReceipts(syntheticBlock(50, true, 7), syntheticReceipts(50, 7)))
      expect(c.ok).toBe(true);
  });

  it("sizes as the bench needs: 13,300 transactions make about 16 MB", () => {
    const bytes = JSON.stringify(syntheticBlock(13_300, true)).length;
    expect(bytes).toBeGreaterThan(12_000_000);
    expect(bytes).toBeLessThan(20_000_000);
  });
});
