import { describe, expect, it } from "vitest";
import manifest from "../../devnet/seed-manifest.json";
import { nameCall, nameLog } from "../chain/names.ts";
import { mainnetFixture } from "../chain/test-fixtures.ts";
import { CATALOG } from "./network.ts";
import tokensJson from "./tokens.json";
import { TOKENS, tokensFor } from "./tokens.ts";
import { tokensFileSchema } from "./tokens-schema.ts";

describe("the known tokens file", () => {
  it("is valid: checksummed addresses, symbols, decimals, and only catalog networks", () => {
    expect(tokensFileSchema.safeParse(tokensJson).success).toBe(true);
    const ids = new Set(CATALOG.map((n) => n.id));
    for (const id of Object.keys(TOKENS)) expect(ids).toContain(id);
    for (const list of Object.values(TOKENS)) {
      const addresses = list.map((t) => t.address.toLowerCase());
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it("lists at least WETH, USDC, USDT, DAI and WBTC on mainnet, and the devnet's own token", () => {
    expect(TOKENS["ethereum-mainnet"]?.map((t) => t.symbol)).toEqual(
      expect.arrayContaining(["WETH", "USDC", "USDT", "DAI", "WBTC"]),
    );
    expect(tokensFor("devnet")("0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0")).toMatchObject({
      symbol: "DVT",
      decimals: 18,
    });
  });

  it("finds a token only on its own network", () => {
    const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    expect(tokensFor("ethereum-mainnet")(usdc)?.decimals).toBe(6);
    expect(tokensFor("ethereum-sepolia")(usdc)).toBeUndefined();
    expect(tokensFor("custom-x")(usdc)).toBeUndefined();
  });

  it("every mainnet token is a contract that emits logs in the real mainnet receipts", () => {
    const emitters = new Set<string>();
    for (const f of ["eth_getBlockReceipts.02.json", "eth_getBlockReceipts.10.json"]) {
      for (const r of mainnetFixture(f).result as { logs: { address: string }[] }[])
        for (const l of r.logs) emitters.add(l.address.toLowerCase());
    }
    const seen = (TOKENS["ethereum-mainnet"] ?? []).filter((t) => emitters.has(t.address.toLowerCase()));
    // WBTC appears in the fixtures as a call target only (eth_getBlockByNumber.14).
    expect(seen.map((t) => t.symbol).sort()).toEqual(["DAI", "USDC", "USDT", "WETH"]);
  });

  it("rejects a lower-case address and an impossible decimals", () => {
    const bad = (t: object) =>
      tokensFileSchema.safeParse({ networks: { devnet: [{ symbol: "X", decimals: 18, name: "x", ...t }] } })
        .success;
    expect(bad({ address: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0" })).toBe(false);
    expect(bad({ address: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", decimals: 99 })).toBe(false);
    expect(bad({ address: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" })).toBe(true);
  });
});

describe("amounts of known tokens in the real mainnet answers", () => {
  const ctx = { token: tokensFor("ethereum-mainnet") };
  type Log = { address: string; topics: string[]; data: string; logIndex: string };

  it("a WETH and a USDT Transfer of block 0x1312D0A read with decimals and symbol", () => {
    const receipts = mainnetFixture("eth_getBlockReceipts.10.json").result as {
      transactionIndex: string;
      logs: Log[];
    }[];
    const logs = receipts.find((r) => r.transactionIndex === "0x2")!.logs;
    const amount = (i: string) => {
      const l = logs.find((x) => x.logIndex === i)!;
      return nameLog(l.topics, l.data, l.address, ctx)?.args[2]?.amount;
    };
    expect(amount("0x0")).toEqual({ text: "0.219328578887636659 WETH", raw: "219328578887636659" });
    expect(amount("0x1")).toEqual({ text: "838.95319 USDT", raw: "838953190" });
    // 7 of the block's 20 Transfers are of known tokens.
    const withAmount = receipts
      .flatMap((r) => r.logs)
      .filter((l) => nameLog(l.topics, l.data, l.address, ctx)?.args.some((a) => a.amount !== null));
    expect(withAmount).toHaveLength(7);
  });

  it("a USDC transfer call: 120 USDC, the raw integer kept", () => {
    const block = mainnetFixture("eth_getBlockByNumber.02.json").result as {
      transactions: { to: string; input: string }[];
    };
    const tx = block.transactions[0]!;
    const named = nameCall(tx.input, tx.to, ctx);
    expect(named?.name).toBe("transfer");
    expect(named?.args[1]?.amount).toEqual({ text: "120 USDC", raw: "120000000" });
    expect(nameCall(tx.input, tx.to)?.args[1]?.amount).toBeNull();
  });

  it("the devnet token's symbol and decimals are the seed's", () => {
    expect(tokensFor("devnet")(manifest.contracts.token.address)).toMatchObject({
      symbol: manifest.token.symbol,
      decimals: manifest.token.decimals,
    });
  });
});
