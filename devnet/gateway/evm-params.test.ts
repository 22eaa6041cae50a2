import { describe, expect, it } from "vitest";
import { checkEvmParams, EVM_METHOD_NAMES } from "./evm-params.ts";

const A = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const H = `0x${"ab".repeat(32)}`;

describe("checkEvmParams", () => {
  it("offers the spec's eight eth_ methods plus eth_chainId and eth_blockNumber", () => {
    expect([...EVM_METHOD_NAMES].sort()).toStrictEqual(
      [
        "eth_blockNumber",
        "eth_chainId",
        "eth_estimateGas",
        "eth_getBlockByHash",
        "eth_getBlockByNumber",
        "eth_getBlockReceipts",
        "eth_getProof",
        "eth_getStorageAt",
        "eth_getTransactionByBlockHashAndIndex",
        "eth_getUncleByBlockNumberAndIndex",
      ].sort(),
    );
  });

  const good: [string, unknown][] = [
    ["eth_chainId", undefined],
    ["eth_chainId", []],
    ["eth_blockNumber", []],
    ["eth_getStorageAt", [A, "0x0", "latest"]],
    ["eth_getStorageAt", [A, H, "0x1a"]],
    ["eth_getStorageAt", [A, "0x0", { blockHash: H }]],
    ["eth_estimateGas", [{ to: A, data: "0x12345678" }]],
    ["eth_estimateGas", [{ from: A, to: A, gas: "0x5208", value: "0x1" }, "latest"]],
    ["eth_estimateGas", [{ data: "0x6000", to: null }]],
    ["eth_estimateGas", [{ to: A }, "latest", { [A]: { balance: "0x1", stateDiff: {} } }]],
    ["eth_estimateGas", [{ to: A }, null, {}, { number: "0x100" }]],
    ["eth_estimateGas", [{ to: A }, "latest", null, null]],
    ["eth_getBlockByHash", [H, false]],
    ["eth_getBlockByNumber", ["finalized", true]],
    ["eth_getBlockByNumber", ["0x0", false]],
    ["eth_getUncleByBlockNumberAndIndex", ["latest", "0x0"]],
    ["eth_getTransactionByBlockHashAndIndex", [H, "0x0"]],
    ["eth_getBlockReceipts", ["safe"]],
    ["eth_getBlockReceipts", ["0x2"]],
    ["eth_getProof", [A, [H, "0x0"], "latest"]],
    ["eth_getProof", [A, [], "earliest"]],
  ];
  it.each(good)("accepts %s %j", (method, params) => {
    expect(checkEvmParams(method, params)).toMatchObject({ ok: true });
  });

  const bad: [string, unknown, RegExp][] = [
    ["eth_getStorageAt", undefined, /params are missing/],
    ["eth_getStorageAt", { address: A }, /as an array, not an object/],
    ["eth_getStorageAt", [A, "0x0"], /expects 3 params .* got 2/],
    ["eth_getStorageAt", ["0x1234", "0x0", "latest"], /param 1 \(address\) must be a 20-byte hex address/],
    ["eth_getStorageAt", [A, "zero", "latest"], /param 2 \(storage position\)/],
    ["eth_getStorageAt", [A, "0x0", "newest"], /param 3 \(block parameter\)/],
    ["eth_getStorageAt", [A, "0x0", 5], /param 3 \(block parameter\)/],
    ["eth_estimateGas", [], /expects 1 to 4 params/],
    ["eth_estimateGas", [{ to: A }, "latest", {}, {}, {}], /expects 1 to 4 params/],
    [
      "eth_estimateGas",
      [{ to: A }, "latest", []],
      /param 3 \(state override\) must be an object keyed by address/,
    ],
    [
      "eth_estimateGas",
      [{ to: A }, "latest", { "0x12": {} }],
      /param 3 \(state override\) key "0x12" must be a 20-byte/,
    ],
    ["eth_estimateGas", [{ to: A }, "latest", { [A]: "0x1" }], /the override of .* must be an object/],
    ["eth_estimateGas", [{ to: A }, "latest", {}, "0x1"], /param 4 \(block override\) must be an object/],
    ["eth_estimateGas", ["0x00"], /must be a transaction call object/],
    ["eth_estimateGas", [{ to: "0x12" }], /field to must be a 20-byte hex address/],
    ["eth_estimateGas", [{ to: A, gas: 21000 }], /field gas must be a hex quantity/],
    ["eth_estimateGas", [{ to: A, data: "0x123" }], /field data must be hex data/],
    ["eth_estimateGas", [{ to: A, gasPrice: "0x1", maxFeePerGas: "0x2" }], /not set both gasPrice/],
    ["eth_getBlockByHash", [H], /expects 2 params/],
    ["eth_getBlockByHash", ["0x1234", false], /32-byte hex hash/],
    ["eth_getBlockByHash", [H, "false"], /must be true or false/],
    ["eth_getBlockByNumber", [12, false], /param 1 \(block parameter\)/],
    ["eth_getUncleByBlockNumberAndIndex", ["latest", 0], /param 2 \(uncle index\) must be a hex quantity/],
    ["eth_getTransactionByBlockHashAndIndex", [H, "1"], /param 2 \(transaction index\)/],
    ["eth_getBlockReceipts", ["-1"], /hex or decimal block number/],
    ["eth_getBlockReceipts", [], /expects 1 params/],
    ["eth_getProof", [A, "0x0", "latest"], /array of 32-byte storage keys/],
    ["eth_getProof", [A, ["0xzz"], "latest"], /entry 0 must be a hex value/],
    ["eth_chainId", [1], /expects 0 params/],
  ];
  it.each(bad)("refuses %s %j", (method, params, reason) => {
    const r = checkEvmParams(method, params);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });

  it.each([
    ["12", "0xc"],
    [12, "0xc"],
    ["0", "0x0"],
    ["0x1f", "0x1f"],
    ["latest", "latest"],
  ])(
    "passes eth_getBlockReceipts block %j to Anvil as %s (decimal accepted, as the spec says)",
    (given, sent) => {
      expect(checkEvmParams("eth_getBlockReceipts", [given])).toStrictEqual({ ok: true, params: [sent] });
    },
  );
});
