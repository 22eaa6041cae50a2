import { describe, expect, it } from "vitest";
import { mainnetFixture } from "../../../chain/test-fixtures.ts";
import {
  decodeGasEstimate,
  gasCost,
  overridesNote,
  requestedGasLimit,
  requestedPrices,
} from "./gas-estimate.ts";

describe("decodeGasEstimate", () => {
  it("the mainnet fixture: 0x5309 is 21,257 gas", () => {
    const f = mainnetFixture("eth_estimateGas.13.json");
    expect(decodeGasEstimate(f.result)).toEqual({
      ok: true,
      value: { gas: 21_257n, decimal: "21,257", hex: "0x5309" },
    });
  });

  it.each([["0x"], [null], [21000], ["21000"]])("rejects %j", (raw) => {
    expect(decodeGasEstimate(raw).ok).toBe(false);
  });
});

describe("gasCost", () => {
  it("21,000 gas at the devnet's block-10 base fee (0.322383154 gwei)", () => {
    expect(gasCost(21_000n, { label: "current base fee", perGas: 0x13372d32n })).toEqual({
      label: "current base fee",
      wei: 6_770_046_234_000n,
      ether: "0.000006770046234 ETH",
      gwei: "6770.046234 gwei",
      perGas: "0.322383154 gwei per gas",
    });
  });

  it("zero price costs nothing; huge numbers stay exact", () => {
    expect(gasCost(21_000n, { label: "x", perGas: 0n }).ether).toBe("0 ETH");
    expect(gasCost(30_000_001n, { label: "x", perGas: 10n ** 15n + 1n }).ether).toBe(
      "30000.001000000030000001 ETH",
    );
  });
});

describe("requestedPrices and requestedGasLimit", () => {
  it("reads the fee fields of the call object", () => {
    const f = mainnetFixture("eth_estimateGas.13.json");
    expect(requestedPrices(f.params)).toEqual([{ label: "at the request's gasPrice", perGas: 0xba43b7400n }]);
    expect(requestedPrices([{ maxFeePerGas: "0x3b9aca00", gas: "0x5208" }])).toEqual([
      { label: "at most, at the request's maxFeePerGas", perGas: 1_000_000_000n },
    ]);
    expect(requestedGasLimit([{ maxFeePerGas: "0x3b9aca00", gas: "0x5208" }])).toBe(21_000n);
  });

  it("nothing when the call gives no price, or there is no call", () => {
    expect(requestedPrices([{ to: "0x1" }])).toEqual([]);
    expect(requestedPrices([])).toEqual([]);
    expect(requestedPrices({ block_id: "latest" })).toEqual([]);
    expect(requestedGasLimit([{}])).toBeNull();
  });
});

describe("overridesNote", () => {
  const A = "0x00000000000000000000000000000000000000e1";
  it("says an estimate was made with state overrides and a block override", () => {
    expect(overridesNote([{ to: A }, null, { [A]: { code: "0x00" } }, { number: "0x100" }])).toBe(
      "Estimated with state overrides for 1 address and a block override (number): the figure is for the changed state, not what the chain would charge as it is.",
    );
  });

  it("counts the addresses of the real mainnet override, and lists at most four block fields", () => {
    const f = mainnetFixture("eth_estimateGas.19.json");
    expect(overridesNote(f.params)).toMatch(/^Estimated with state overrides for 1 address:/);
    const two = { [A]: {}, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8": {} };
    expect(overridesNote([{}, "latest", two])).toMatch(/for 2 addresses:/);
    const block = { number: "0x1", time: "0x2", gasLimit: "0x3", feeRecipient: A, baseFeePerGas: "0x0" };
    expect(overridesNote([{}, null, {}, block])).toMatch(
      /^Estimated with a block override \(number, time, gasLimit, feeRecipient, …\):/,
    );
  });

  it("says nothing without overrides, or with empty ones", () => {
    expect(overridesNote([{}])).toBeNull();
    expect(overridesNote([{}, "latest", {}, {}])).toBeNull();
    expect(overridesNote([{}, "latest", null, null])).toBeNull();
    expect(overridesNote({ block_id: "latest" })).toBeNull();
    expect(overridesNote(mainnetFixture("eth_estimateGas.13.json").params)).toBeNull();
  });
});
