import { describe, expect, it } from "vitest";
import { headOf, requestedBlockNumber } from "./view-queries.ts";

describe("the chain's head and the block a request asks for", () => {
  it("reads a head written as a hex quantity or a JSON integer", () => {
    expect(headOf("0x10")).toBe(16n);
    expect(headOf(1833241)).toBe(1833241n);
    expect(() => headOf("latest")).toThrow(/not a block number/);
    expect(() => headOf(-1)).toThrow();
  });

  it("finds the number of a request by number, and nothing for tags or hashes", () => {
    expect(requestedBlockNumber("eth_getBlockByNumber", ["0x1b4", false])).toBe(436n);
    expect(requestedBlockNumber("eth_getBlockByNumber", ["latest", false])).toBeNull();
    expect(requestedBlockNumber("eth_getBlockReceipts", ["42"])).toBe(42n);
    expect(requestedBlockNumber("eth_getUncleByBlockNumberAndIndex", ["0x2", "0x0"])).toBe(2n);
    expect(requestedBlockNumber("starknet_getBlockWithTxHashes", { block_id: { block_number: 99999 } })).toBe(
      99999n,
    );
    expect(requestedBlockNumber("starknet_getBlockWithTxHashes", { block_id: "latest" })).toBeNull();
    expect(requestedBlockNumber("eth_getBlockByHash", [`0x${"ab".repeat(32)}`, false])).toBeNull();
  });
});
