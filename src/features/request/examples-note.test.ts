import { describe, expect, it } from "vitest";
import { type EvmSample, sampleValues } from "../../methods/network-sample.ts";
import { HttpStatusError, RpcClientError } from "../../rpc/errors.ts";
import { askedWhen, examplesNote } from "./examples-note.ts";
import { reasonOf } from "./examples-reason.ts";

const H = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const sample: EvmSample = {
  kind: "evm",
  block: { number: "0x1406f40", hash: H(1), stateRoot: H(2), transactions: 2 },
  tx: null,
  contract: { address: `0x${"c0".repeat(20)}`, slot: "0x2", name: "WETH9 (Wrapped Ether)", source: "known" },
  transfer: null,
  notes: ["No readable transaction in block 0x1406f40."],
};
const NOW = 1_700_000_000_000;

describe("examplesNote", () => {
  it("names the network, the block with separators, and when it was asked", () => {
    const ready = {
      status: "ready",
      network: "Ethereum Mainnet",
      sample,
      askedAt: NOW - 5_000,
      fits: true,
    } as const;
    expect(examplesNote({ ...ready, method: "eth_getBlockByHash" }, NOW)?.text).toBe(
      "Examples from Ethereum Mainnet, block 21,000,000 (asked just now).",
    );
    expect(examplesNote({ ...ready, method: "eth_getStorageAt" }, NOW)?.text).toBe(
      "Examples from Ethereum Mainnet, block 21,000,000 (asked just now); the contract is WETH9 (Wrapped Ether), a well-known one.",
    );
  });

  it("says when the sample has nothing for this method, and that the fields keep their values", () => {
    const note = examplesNote(
      {
        status: "ready",
        network: "Base",
        sample,
        askedAt: NOW,
        method: "eth_getTransactionByBlockHashAndIndex",
        fits: sampleValues("eth_getTransactionByBlockHashAndIndex", sample) !== null,
      },
      NOW,
    );
    expect(note?.text).toMatch(
      /None for eth_getTransactionByBlockHashAndIndex there: No readable transaction/,
    );
    expect(note?.text).toMatch(/The fields keep their last values\.$/);
  });

  it("says what it is doing, why it cannot, and nothing on the devnet", () => {
    expect(examplesNote({ status: "off" }, NOW)).toBeNull();
    expect(examplesNote({ status: "loading", network: "Base" }, NOW)).toEqual({
      tone: "busy",
      text: "Looking up examples on Base…",
    });
    expect(examplesNote({ status: "no-key", network: "Base" }, NOW)?.text).toBe(
      "Enter your key to get examples from this network.",
    );
    const error = new RpcClientError("eth_getBlockByNumber answered error -32601", {
      details: "method not found",
    });
    // Without the failure's explainer (a chunk loaded when a sample fails) there is no note yet.
    expect(examplesNote({ status: "error", network: "Base", error }, NOW)).toBeNull();
    expect(examplesNote({ status: "error", network: "Base", error }, NOW, reasonOf)).toEqual({
      tone: "bad",
      text: "Could not read examples from Base: eth_getBlockByNumber answered error -32601: method not found. The fields keep their last values.",
    });
  });
});

describe("reasonOf and askedWhen", () => {
  it("reads a sample's own message, and an HTTP failure as the app shows it", () => {
    expect(reasonOf(new Error("eth_getBlockByNumber(latest) answered no block."))).toBe(
      "eth_getBlockByNumber(latest) answered no block",
    );
    const http = new HttpStatusError({
      status: 401,
      statusText: "Unauthorized",
      bodySnippet: "invalid project id",
    });
    expect(reasonOf(http)).toMatch(/401/);
  });

  it("counts minutes, then gives the time", () => {
    expect(askedWhen(NOW - 59_000, NOW)).toBe("just now");
    expect(askedWhen(NOW - 60_000, NOW)).toBe("1 minute ago");
    expect(askedWhen(NOW - 5 * 60_000, NOW)).toBe("5 minutes ago");
    expect(askedWhen(NOW - 2 * 3_600_000, NOW)).toMatch(/^at \d\d:\d\d$/);
  });
});
