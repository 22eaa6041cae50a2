import { hexToString } from "viem";
import { describe, expect, it } from "vitest";
import { FELT_PRIME, generateStarknetChain, STARKNET_DEFAULTS, shortStringFelt } from "./blocks.ts";

const chain = generateStarknetChain();
const FELT = /^0x(?:0|[1-9a-f][0-9a-f]*)$/;

/** Keys of a sealed block as Starknet mainnet nodes answer today (Starknet 0.13.4+ / RPC 0.8). */
const SEALED_KEYS = [
  "block_hash",
  "block_number",
  "l1_da_mode",
  "l1_data_gas_price",
  "l1_gas_price",
  "l2_gas_price",
  "new_root",
  "parent_hash",
  "sequencer_address",
  "starknet_version",
  "status",
  "timestamp",
  "transactions",
];

describe("generateStarknetChain", () => {
  it("is deterministic", () => {
    const again = generateStarknetChain();
    expect(again.blocks.map((b) => b.block_hash)).toStrictEqual(chain.blocks.map((b) => b.block_hash));
    expect(again.pending).toStrictEqual(chain.pending);
    expect(generateStarknetChain({ seed: "other" }).latest.block_hash).not.toBe(chain.latest.block_hash);
  });

  it("has a few hundred sealed blocks numbered from 0, each pointing at its parent", () => {
    expect(chain.blocks).toHaveLength(STARKNET_DEFAULTS.blockCount);
    expect(chain.latest).toBe(chain.blocks.at(-1));
    chain.blocks.forEach((b, n) => {
      expect(b.block_number).toBe(n);
      expect(b.parent_hash).toBe(n === 0 ? "0x0" : chain.blocks[n - 1]?.block_hash);
    });
    expect(new Set(chain.blocks.map((b) => b.block_hash)).size).toBe(chain.blocks.length);
  });

  it("serves the fields today's nodes serve, with real value formats", () => {
    for (const b of chain.blocks) {
      expect(Object.keys(b).sort()).toStrictEqual(SEALED_KEYS);
      for (const felt of [b.block_hash, b.parent_hash, b.new_root, b.sequencer_address, ...b.transactions]) {
        expect(felt).toMatch(FELT);
        expect(BigInt(felt) < FELT_PRIME).toBe(true);
      }
      for (const price of [b.l1_gas_price, b.l2_gas_price, b.l1_data_gas_price]) {
        expect(Object.keys(price).sort()).toStrictEqual(["price_in_fri", "price_in_wei"]);
        expect(price.price_in_fri).toMatch(FELT);
        expect(price.price_in_wei).toMatch(FELT);
      }
      expect(Number.isInteger(b.timestamp)).toBe(true);
      expect(["BLOB", "CALLDATA"]).toContain(b.l1_da_mode);
      expect(b.starknet_version).toMatch(/^0\.13\.\d+$/);
    }
  });

  it("has increasing fixed timestamps from 2025-01-01", () => {
    expect(chain.blocks[0]?.timestamp).toBe(1_735_689_600);
    for (let n = 1; n < chain.blocks.length; n++) {
      expect(chain.blocks[n]!.timestamp).toBeGreaterThan(chain.blocks[n - 1]!.timestamp);
    }
  });

  it("has older blocks ACCEPTED_ON_L1 and the newest ones ACCEPTED_ON_L2", () => {
    const onL2 = chain.blocks.filter((b) => b.status === "ACCEPTED_ON_L2").map((b) => b.block_number);
    expect(onL2).toStrictEqual(
      Array.from(
        { length: STARKNET_DEFAULTS.acceptedOnL2Count },
        (_, i) => chain.latest.block_number - 9 + i,
      ),
    );
    expect(chain.blocks[0]?.status).toBe("ACCEPTED_ON_L1");
  });

  it("varies transaction counts from 0 to a few hundred", () => {
    const counts = chain.blocks.map((b) => b.transactions.length);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...counts)).toBeLessThan(400);
    expect(counts.filter((c) => c === 0).length).toBeGreaterThan(5);
    expect(new Set(counts).size).toBeGreaterThan(50);
  });

  it("has a pending block without block_hash, block_number or new_root, on top of latest", () => {
    const p = chain.pending;
    expect(p.status).toBe("PENDING");
    expect(p).not.toHaveProperty("block_hash");
    expect(p).not.toHaveProperty("block_number");
    expect(p).not.toHaveProperty("new_root");
    expect(p.parent_hash).toBe(chain.latest.block_hash);
    expect(p.timestamp).toBeGreaterThan(chain.latest.timestamp);
    expect(p.transactions.length).toBeGreaterThan(0);
  });

  it("finds blocks by the numeric value of their hash", () => {
    const b = chain.blocks[42]!;
    expect(chain.byHash(BigInt(b.block_hash))).toBe(b);
    expect(chain.byHash(12345n)).toBeUndefined();
  });

  it("encodes the chain id as a Cairo short string", () => {
    expect(chain.chainId).toBe("0x534e5f4445564e4554");
    expect(hexToString(chain.chainId)).toBe("SN_DEVNET");
    expect(shortStringFelt("SN_MAIN")).toBe("0x534e5f4d41494e");
    expect(() => shortStringFelt("x".repeat(32))).toThrow();
  });
});

describe("the blocks docs/devnet.md names", () => {
  it.each([
    [0, "0x55a17f088a0a465452f5299b256896ec9b909c663fb0d2e658478d995492546", 0],
    [41, "0x19690874e3e1181dafa682a7fca0f227b9161bc0f9cae34ab3258d2e754472d", 343],
    [150, "0x2a3951565fe2e7ec2e6e7d15ee72746a296ec624482e5ec3ed589590b911137", 17],
    [299, "0x14f36d809c21317901971e55b8e7c718af18b77a7771bd2e2e20fc6dc01a04f", 92],
  ])("block %i has hash %s and %i transactions", (n, hash, txs) => {
    const b = chain.blocks[n];
    expect(b?.block_hash).toBe(hash);
    expect(b?.transactions).toHaveLength(txs);
  });

  it("matches the documented statuses, versions and DA modes", () => {
    expect(chain.latest.block_number).toBe(299);
    expect(chain.blocks[289]?.status).toBe("ACCEPTED_ON_L1");
    expect(chain.blocks[290]?.status).toBe("ACCEPTED_ON_L2");
    expect(chain.blocks.map((b) => b.starknet_version)).toStrictEqual(
      chain.blocks.map((_, n) => (n < 100 ? "0.13.3" : n < 200 ? "0.13.4" : "0.13.5")),
    );
    expect(chain.blocks.map((b) => b.l1_da_mode)).toStrictEqual(
      chain.blocks.map((_, n) => (n < 20 ? "CALLDATA" : "BLOB")),
    );
    expect(chain.blocks.filter((b) => b.transactions.length === 0)).toHaveLength(19);
    expect(chain.pending.transactions).toHaveLength(7);
    expect(chain.pending.timestamp).toBe(chain.latest.timestamp + 12);
  });
});
