import { describe, expect, it } from "vitest";
import type { JsonRpcResponse } from "../gateway/json-rpc.ts";
import { generateStarknetChain } from "./blocks.ts";
import { createStarknetSimulator, STARKNET_SPEC_VERSION } from "./simulator.ts";

const chain = generateStarknetChain();
const sim = createStarknetSimulator(chain);
const call = (method: string, params?: unknown): Promise<JsonRpcResponse> =>
  sim.handle({ jsonrpc: "2.0", id: 11, method, ...(params === undefined ? {} : { params }) });

const block = chain.blocks[123]!;

describe("starknet_getBlockWithTxHashes", () => {
  const found: [string, unknown, unknown][] = [
    ["block_number", { block_id: { block_number: 123 } }, block],
    ["block_hash", { block_id: { block_hash: block.block_hash } }, block],
    [
      "block_hash with leading zeros and upper case",
      { block_id: { block_hash: `0x${block.block_hash.slice(2).toUpperCase().padStart(64, "0")}` } },
      block,
    ],
    ["latest", { block_id: "latest" }, chain.latest],
    ["pending", { block_id: "pending" }, chain.pending],
    ["a one-element array", [{ block_number: 123 }], block],
    ["a one-element array with a tag", ["latest"], chain.latest],
    ["block 0", { block_id: { block_number: 0 } }, chain.blocks[0]],
  ];
  it.each(found)("finds a block by %s", async (_n, params, expected) => {
    expect(await call("starknet_getBlockWithTxHashes", params)).toStrictEqual({
      jsonrpc: "2.0",
      id: 11,
      result: expected,
    });
  });

  it.each([
    ["a number past the chain", { block_id: { block_number: chain.blocks.length } }],
    ["an unknown hash", { block_id: { block_hash: "0x1234" } }],
  ])("answers %s with error 24, Block not found", async (_n, params) => {
    expect(await call("starknet_getBlockWithTxHashes", params)).toStrictEqual({
      jsonrpc: "2.0",
      id: 11,
      error: { code: 24, message: "Block not found" },
    });
  });

  const invalid: [string, unknown, RegExp][] = [
    ["no params", undefined, /block_id/],
    ["an empty object", {}, /missing block_id/],
    ["an unknown member", { block_id: "latest", extra: 1 }, /unexpected member extra/],
    ["an unknown tag", { block_id: "earliest" }, /block_id must be/],
    ["a decimal string number", { block_id: { block_number: "5" } }, /non-negative integer/],
    ["a negative number", { block_id: { block_number: -1 } }, /non-negative integer/],
    ["a fractional number", { block_id: { block_number: 1.5 } }, /non-negative integer/],
    ["a non-hex hash", { block_id: { block_hash: "abc" } }, /must be a felt/],
    [
      "a hash above the field prime",
      { block_id: { block_hash: `0x${"f".repeat(64)}` } },
      /below the field prime/,
    ],
    ["both members", { block_id: { block_number: 1, block_hash: "0x1" } }, /exactly one member/],
    ["an unknown member in block_id", { block_id: { number: 1 } }, /block_id must be/],
    ["a two-element array", ["latest", "pending"], /one param/],
    ["a null block_id", { block_id: null }, /block_id must be/],
  ];
  it.each(invalid)("answers %s with -32602 and the reason", async (_n, params, reason) => {
    const r = await call("starknet_getBlockWithTxHashes", params);
    expect(r).toMatchObject({ id: 11, error: { code: -32602, message: "Invalid params" } });
    expect("error" in r && (r.error.data as { reason: string }).reason).toMatch(reason);
  });
});

describe("the other Starknet methods", () => {
  it.each([
    ["starknet_chainId", "0x534e5f4445564e4554"],
    ["starknet_blockNumber", chain.latest.block_number],
    ["starknet_specVersion", STARKNET_SPEC_VERSION],
  ])("%s answers", async (method, result) => {
    expect(await call(method)).toStrictEqual({ jsonrpc: "2.0", id: 11, result });
    expect(await call(method, [])).toStrictEqual({ jsonrpc: "2.0", id: 11, result });
    expect(await call(method, ["x"])).toMatchObject({ error: { code: -32602 } });
  });

  it("refuses methods that would submit a transaction", async () => {
    const r = await call("starknet_addInvokeTransaction", [{}]);
    expect(r).toMatchObject({ error: { code: -32004 } });
    expect("error" in r && r.error.message).toMatch(/does not submit transactions/);
  });

  it.each(["starknet_getBlockWithTxs", "eth_chainId", "starknet_call"])(
    "does not offer %s",
    async (method) => {
      expect(await call(method, [])).toMatchObject({ error: { code: -32601 } });
    },
  );
});
