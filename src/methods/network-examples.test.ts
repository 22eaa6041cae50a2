import { describe, expect, it } from "vitest";
import { DEVNET } from "./devnet-examples.ts";
import { withNetworkExamples } from "./network-examples.ts";
import type { EvmSample } from "./network-sample.ts";
import { getMethod } from "./registry.ts";
import { anyRequestSchema } from "./schema.ts";

const H = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const known = [
  {
    name: "WETH9",
    address: WETH,
    slots: [
      { slot: "0x2", what: "decimals" },
      { slot: "0x0", what: "name" },
    ],
  },
];
const sample: EvmSample = {
  kind: "evm",
  block: { number: "0x1406f40", hash: H(1), stateRoot: H(2), transactions: 3 },
  tx: { index: "0x1", hash: H(3), from: `0x${"aa".repeat(20)}`, to: `0x${"bb".repeat(20)}`, calls: true },
  contract: { address: `0x${"bb".repeat(20)}`, slot: "0x0", name: null, source: "called" },
  transfer: null,
  notes: [],
};

describe("withNetworkExamples", () => {
  it("puts the sample's value first, then the known contracts, and drops the devnet's values", () => {
    const def = withNetworkExamples(getMethod("eth_getStorageAt")!, sample, known);
    const [address, position, block] = def.params;
    expect([address?.example, ...(address?.examples ?? [])]).toEqual([`0x${"bb".repeat(20)}`, WETH]);
    expect([position?.example, ...(position?.examples ?? [])]).toEqual(["0x0", "0x2"]);
    // The block: the sample's number, then the tags; the devnet's 0x4 is gone.
    expect(block?.example).toBe("0x1406f40");
    expect(block?.examples).toEqual(["latest", "earliest"]);
    const text = JSON.stringify(anyRequestSchema([def]));
    expect(text).toContain(WETH);
    expect(text).not.toContain(DEVNET.store);
  });

  it("offers each known contract's slots as proof keys, and keeps a param the network says nothing about", () => {
    const proof = withNetworkExamples(getMethod("eth_getProof")!, null, known);
    expect(proof.params[1]?.example).toEqual(["0x2", "0x0"]);
    expect(proof.params[2]).toEqual(getMethod("eth_getProof")!.params[2]);
    const byNumber = getMethod("eth_getBlockByNumber")!;
    expect(withNetworkExamples(byNumber, null, [])).toEqual(byNumber);
    const full = withNetworkExamples(byNumber, sample, known).params[1];
    expect(full?.example).toBe(false);
  });
});
