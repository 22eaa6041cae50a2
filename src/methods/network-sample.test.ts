import { describe, expect, it } from "vitest";
import {
  BURN_ADDRESS,
  type Call,
  deriveSample,
  EIP1967_IMPLEMENTATION_SLOT,
  sampleSaysExists,
  sampleValues,
} from "./network-sample.ts";
import { METHODS } from "./registry.ts";

const H = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const A = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const ZERO = H(0);

/** A tiny chain: blocks 0..10, only block 8 has transactions (a transfer, then a call to A(7)). */
function fakeChain(storage: Record<string, string> = {}) {
  const calls: string[] = [];
  const call: Call = async (method, params) => {
    const p = params as unknown[];
    calls.push(`${method} ${JSON.stringify(params)}`);
    if (method === "eth_getBlockByNumber") {
      const n = p[0] === "latest" ? 10 : Number(BigInt(p[0] as string));
      return {
        number: `0x${n.toString(16)}`,
        hash: H(1000 + n),
        stateRoot: H(2000 + n),
        transactions: n === 8 ? [H(1), H(2)] : [],
      };
    }
    if (method === "eth_getTransactionByBlockHashAndIndex") {
      const i = Number(BigInt(p[1] as string));
      return i === 0
        ? { hash: H(1), from: A(1), to: A(2), input: "0x" }
        : { hash: H(2), from: A(3), to: A(7), input: "0xa9059cbb" };
    }
    if (method === "eth_getStorageAt") return storage[`${p[0]}:${p[1]}`] ?? ZERO;
    throw new Error(`unexpected ${method}`);
  };
  return { call, calls };
}

describe("deriveSample (EVM)", () => {
  it("passes over a transaction nobody signed (an L2's deposit or system transaction) for a user's", async () => {
    const call: Call = async (method, params) => {
      const p = params as unknown[];
      if (method === "eth_getBlockByNumber")
        return { number: "0x8", hash: H(1008), stateRoot: H(2008), transactions: [H(1), H(2)] };
      if (method === "eth_getTransactionByBlockHashAndIndex")
        return Number(BigInt(p[1] as string)) === 0
          ? { hash: H(1), from: A(5), to: A(6), input: "0x440a5e20", r: "0x0", s: "0x0", v: "0x0" }
          : { hash: H(2), from: A(3), to: A(4), input: "0x", r: H(77), s: H(78), v: "0x1" };
      if (method === "eth_getStorageAt") return ZERO;
      throw new Error(`unexpected ${method}`);
    };
    const s = await deriveSample(call, "evm");
    expect(s.kind === "evm" && s.tx).toMatchObject({ hash: H(2), from: A(3) });
    expect(s.kind === "evm" && s.transfer?.from).toBe(A(3));
  });

  it("walks back to a block with transactions and picks the contract call", async () => {
    const { call } = fakeChain({ [`${A(7)}:0x2`]: H(18) });
    const s = await deriveSample(call, "evm");
    expect(s.kind).toBe("evm");
    if (s.kind !== "evm") return;
    expect(s.block).toEqual({ number: "0x8", hash: H(1008), stateRoot: H(2008), transactions: 2 });
    expect(s.tx).toEqual({ index: "0x1", hash: H(2), from: A(3), to: A(7), calls: true });
    expect(s.contract).toEqual({ address: A(7), slot: "0x2", name: null, source: "called" });
    expect(s.transfer).toEqual({ from: A(3), to: BURN_ADDRESS, value: "0x1" });
  });

  it("finds a proxy's EIP-1967 slot, then falls back to a known contract", async () => {
    const proxy = await deriveSample(
      fakeChain({ [`${A(7)}:${EIP1967_IMPLEMENTATION_SLOT}`]: H(9) }).call,
      "evm",
    );
    expect(proxy.kind === "evm" && proxy.contract?.slot).toBe(EIP1967_IMPLEMENTATION_SLOT);
    const known = [{ name: "WETH", address: A(9), slots: [{ slot: "0x2", what: "decimals" }] }];
    const s = await deriveSample(fakeChain({ [`${A(9)}:0x2`]: H(18) }).call, "evm", { known });
    expect(s.kind === "evm" && s.contract).toEqual({
      address: A(9),
      slot: "0x2",
      name: "WETH",
      source: "known",
    });
    expect(s.notes.join(" ")).toMatch(/holds nothing/);
  });

  it("tries each listed slot of a known contract, then the next contract", async () => {
    const known = [
      { name: "Old layout", address: A(8), slots: [{ slot: "0x5", what: "gone in this version" }] },
      {
        name: "Predeploy",
        address: A(9),
        slots: [
          { slot: "0x0", what: "empty here" },
          { slot: "0x2", what: "set every block" },
        ],
      },
    ];
    const { call, calls } = fakeChain({ [`${A(9)}:0x2`]: H(5) });
    const s = await deriveSample(call, "evm", { known });
    expect(s.kind === "evm" && s.contract).toEqual({
      address: A(9),
      slot: "0x2",
      name: "Predeploy",
      source: "known",
    });
    const knownReads = calls.filter((c) => c.includes(A(8)) || c.includes(A(9)));
    expect(knownReads).toEqual([
      `eth_getStorageAt ["${A(8)}","0x5","0x8"]`,
      `eth_getStorageAt ["${A(9)}","0x0","0x8"]`,
      `eth_getStorageAt ["${A(9)}","0x2","0x8"]`,
    ]);
  });

  it("takes the sample at a given block and leaves out what it cannot find, saying why", async () => {
    const { call, calls } = fakeChain();
    const s = await deriveSample(call, "evm", { at: "0x3" });
    expect(calls[0]).toBe('eth_getBlockByNumber ["0x3",false]');
    if (s.kind !== "evm") throw new Error("evm");
    expect(s.block.number).toBe("0x3");
    expect(s.tx).toBeNull();
    expect(s.contract).toBeNull();
    expect(s.notes.length).toBeGreaterThan(0);
    expect(sampleValues("eth_getStorageAt", s)).toBeNull();
    expect(sampleValues("eth_getBlockByNumber", s)).toEqual({ block: "0x3", full: false });
  });

  it("refuses an answer that is not a block, with a message", async () => {
    await expect(deriveSample(async () => null, "evm")).rejects.toThrow(/answered no block/);
    await expect(deriveSample(async () => ({ number: "0x1" }), "evm")).rejects.toThrow(
      /without a number or hash/,
    );
  });
});

describe("deriveSample (Starknet)", () => {
  it("reads the latest sealed block", async () => {
    const s = await deriveSample(async () => ({ block_number: 42, block_hash: "0xabc" }), "starknet");
    expect(s).toEqual({ kind: "starknet", block: { number: 42, hash: "0xabc" }, notes: [] });
    expect(sampleValues("starknet_getBlockWithTxHashes", s)).toEqual({
      block_id: { form: "number", value: "42" },
    });
    expect(sampleSaysExists("starknet_getBlockWithTxHashes", s)).toBe(true);
  });

  it("says a pending block is not a sample", async () => {
    await expect(deriveSample(async () => ({ transactions: [] }), "starknet")).rejects.toThrow(
      /sealed block/,
    );
  });
});

describe("sampleValues", () => {
  it("gives every EVM method values from a full sample, with names the method's params have", async () => {
    const s = await deriveSample(fakeChain({ [`${A(7)}:0x0`]: H(1) }).call, "evm");
    for (const def of METHODS) {
      const values = sampleValues(def.name, s);
      if (def.chain === "starknet") {
        expect(values).toBeNull();
        continue;
      }
      expect(values, def.name).not.toBeNull();
      for (const key of Object.keys(values ?? {}))
        expect(
          def.params.map((p) => p.name),
          `${def.name}.${key}`,
        ).toContain(key);
    }
    expect(sampleSaysExists("eth_getTransactionByBlockHashAndIndex", s)).toBe(true);
    expect(sampleSaysExists("eth_getUncleByBlockNumberAndIndex", s)).toBe(false);
  });
});
