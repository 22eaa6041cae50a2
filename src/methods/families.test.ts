/**
 * Real answers of every chain family (test/fixtures/<family>/, recorded by real nodes) through the
 * shape check and the view models, with the network's profile from the catalog: zero problems,
 * the chain's coin, its type names, its fields and its fee make-up.
 */
import { describe, expect, it } from "vitest";
import { decodeBlock } from "../chain/block.ts";
import type { ChainProfile } from "../chain/chain-profile.ts";
import { findField } from "../chain/field.ts";
import { runToEnd } from "../chain/lazy-rows.ts";
import { decodeBlockReceipts, decodeReceipt } from "../chain/receipts.ts";
import { heldRows, outlineOf } from "../chain/row-text.ts";
import {
  FIXTURE_FAMILIES,
  familyFixture,
  familyFixtures,
  type MainnetFixture,
  sliceOf,
  summaryNow,
} from "../chain/test-fixtures.ts";
import { decodeTransaction, summarizeTransaction } from "../chain/transaction.ts";
import { chainProfileOf } from "../networks/chain-info.ts";
import { CATALOG } from "../networks/network.ts";
import { checkBlockShape, checkReceiptsShape, checkTransactionShape } from "./shape.ts";

/** The catalog network each family's answers are read as (Mantle's own file: Mantle). */
const NETWORK_OF: Record<(typeof FIXTURE_FAMILIES)[number], string> = {
  "op-stack": "base-mainnet",
  arbitrum: "arbitrum-mainnet",
  zksync: "zksync-mainnet",
  "polygon-pos": "polygon-mainnet",
  bsc: "bsc-mainnet",
  avalanche: "avalanche-mainnet",
  celo: "celo-mainnet",
  linea: "linea-mainnet",
  scroll: "scroll-mainnet",
};

function profile(networkId: string): ChainProfile {
  const network = CATALOG.find((n) => n.id === networkId);
  if (!network) throw new Error(`no network ${networkId}`);
  return chainProfileOf(network);
}

function profileFor(family: (typeof FIXTURE_FAMILIES)[number], file: string): ChainProfile {
  return profile(file.includes("mantle") ? "mantle-mainnet" : NETWORK_OF[family]);
}

/**
 * Answers a node gave that are malformed by any chain's rules, with the problem the app reports
 * (so the check is shown to catch it, not to be lenient): none is a chain's own design. Empty now.
 */
const MALFORMED: Record<string, RegExp> = {};

type Kind = "block" | "transaction" | "receipts";
function kindOf(method: string): Kind | null {
  if (/^eth_getBlockBy(Hash|Number)$/.test(method)) return "block";
  if (/^eth_getTransactionBy/.test(method)) return "transaction";
  if (method === "eth_getBlockReceipts" || method === "eth_getTransactionReceipt") return "receipts";
  return null;
}

/** The problems of the view model and the shape check of one answer. */
function problemsOf(fx: MainnetFixture, chain: ChainProfile): string[] {
  const r = fx.result;
  switch (kindOf(fx.method)) {
    case "block": {
      const view = decodeBlock(r, "block", chain);
      const txs = Array.isArray((r as { transactions?: unknown }).transactions)
        ? ((r as { transactions: unknown[] }).transactions.filter((t) => typeof t === "object") as unknown[])
        : [];
      const txProblems = txs.flatMap((t) => {
        const d = decodeTransaction(t, chain);
        return d.ok ? d.value.problems : [d.error];
      });
      return [
        ...(view.ok ? view.value.problems : [view.error]),
        ...txProblems,
        ...checkBlockShape(r, chain.family),
      ];
    }
    case "transaction": {
      const view = decodeTransaction(r, chain);
      return [...(view.ok ? view.value.problems : [view.error]), ...checkTransactionShape(r, chain.family)];
    }
    case "receipts": {
      const list = Array.isArray(r) ? r : [r];
      const view = decodeBlockReceipts(list, chain);
      return [
        ...(view.ok ? summaryNow(view.value).problems : [view.error]),
        ...checkReceiptsShape(list, chain.family),
      ];
    }
    default:
      return [];
  }
}

const cases = FIXTURE_FAMILIES.flatMap((family) =>
  familyFixtures(family)
    .filter((fx) => fx.result !== null && fx.result !== undefined && kindOf(fx.method) !== null)
    .map((fx) => [`${family}/${fx.name}`, family, fx] as const),
);

describe("every family's receipts, their totals read from their outlines", () => {
  // The answer worker sends a big answer's rows with their outlines where they are small
  // (row-text.ts): the totals must be those of the receipts themselves, on every family's fields.
  const receiptCases = cases.filter(([, , fx]) => kindOf(fx.method) === "receipts");
  it.each(receiptCases)("%s", (_, family, fx) => {
    const chain = profileFor(family, fx.name);
    const rows = (Array.isArray(fx.result) ? fx.result : [fx.result]) as object[];
    const { json, ends } = sliceOf(rows);
    const outlined = heldRows(json, ends, JSON.stringify(rows.map(outlineOf)));
    const totals = (result: unknown[]) => {
      const view = decodeBlockReceipts(result, chain);
      if (!view.ok) throw new Error(view.error);
      return runToEnd(view.value.summary);
    };
    expect(totals(outlined)).toEqual(totals(rows));
  });
});

describe("every family's real answers, read with their network's profile", () => {
  it("has answers of every family, at least two each", () => {
    for (const family of FIXTURE_FAMILIES)
      expect(cases.filter(([, f]) => f === family).length, family).toBeGreaterThanOrEqual(2);
  });

  it.each(cases)("%s: no problem", (id, family, fx) => {
    const problems = problemsOf(fx, profileFor(family, fx.name));
    const malformed = MALFORMED[id];
    if (malformed) expect(problems.some((p) => malformed.test(p))).toBe(true);
    else expect(problems).toEqual([]);
  });
});

const tx = (family: string, name: string, network: string) => {
  const d = decodeTransaction(familyFixture(family, name).result, profile(network));
  if (!d.ok) throw new Error(d.error);
  return d.value;
};
const block = (family: string, name: string, network: string) => {
  const d = decodeBlock(familyFixture(family, name).result, "block", profile(network));
  if (!d.ok) throw new Error(d.error);
  return d.value;
};

describe("OP Stack", () => {
  it("names a deposit and shows its fields, with no signature asked of it", () => {
    const t = tx(
      "op-stack",
      "eth_getTransactionByHash.op-mainnet-deposit-l1info-ecotone.json",
      "optimism-mainnet",
    );
    expect(t.type.label).toBe("deposit (OP Stack, 0x7e)");
    const own = t.groups.find((g) => g.id === "chain");
    expect(own?.title).toBe("OP Stack fields");
    expect(own?.fields.map((f) => f.key)).toContain("sourceHash");
    expect(t.problems).toEqual([]);
  });

  it("splits a receipt's fee into the L2 execution and the L1 data fee", () => {
    const fx = familyFixture("op-stack", "eth_getTransactionReceipt.op-mainnet-eip1559-ecotone.json");
    const r = fx.result as Record<string, string>;
    const row = decodeReceipt(r, profile("optimism-mainnet"));
    const l2 = BigInt(r.gasUsed as string) * BigInt(r.effectiveGasPrice as string);
    const l1 = BigInt(r.l1Fee as string);
    expect(row.feeParts).toMatchObject({ l2, l1, total: l2 + l1 });
    expect(row.fee).toBe(l2 + l1);
    expect(row.feeText).toMatch(/ ETH$/);
    expect(row.chainFields.map((f) => f.key)).toEqual(
      expect.arrayContaining(["l1Fee", "l1GasUsed", "l1GasPrice", "l1BaseFeeScalar", "l1BlobBaseFee"]),
    );
    expect(findField([{ id: "x", title: "", fields: row.chainFields }], "l1Fee")?.value.text).toMatch(
      / ETH$/,
    );
  });

  it("reads a Mantle deposit's value in MNT, its bridged ETH as a field of its own", () => {
    const t = tx("op-stack", "eth_getTransactionByHash.mantle-mainnet-deposit-l1info.json", "mantle-mainnet");
    expect(findField(t.groups, "value")?.value.text).toMatch(/ MNT$/);
    expect(t.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toContain("ethValue");
  });

  it("names the deposit in a block's table", () => {
    const b = block("op-stack", "eth_getBlockByNumber.base-goerli-1041847-full-txs.json", "base-sepolia");
    if (b.transactions.kind !== "full") throw new Error("full");
    expect(b.transactions.items.at(0)?.type.label).toBe("deposit (OP Stack, 0x7e)");
  });
});

describe("Arbitrum", () => {
  const name = "eth_getBlockByNumber.sepolia-0xb0a6c25-full-txs.json";
  it("leaves out the share of a placeholder gas limit and says why", () => {
    const b = block("arbitrum", name, "arbitrum-sepolia");
    expect(b.gasUsedShare).toBeNull();
    expect(b.gasLimitNote).toMatch(/placeholder/);
    expect(findField(b.groups, "gasUsed")?.detail).toBeUndefined();
    expect(b.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toEqual([
      "l1BlockNumber",
      "sendCount",
      "sendRoot",
    ]);
  });

  it("names the internal transaction that opens each block", () => {
    const b = block("arbitrum", name, "arbitrum-sepolia");
    if (b.transactions.kind !== "full") throw new Error("full");
    expect(b.transactions.items.at(0)?.type.label).toBe("Arbitrum internal (0x6a)");
    expect(b.transactions.items.at(1)?.type.label).toBe("EIP-1559");
  });

  it("counts the L1 part of the fee inside gas used", () => {
    const fx = familyFixture("arbitrum", "eth_getTransactionReceipt.sepolia-eip1559-gasUsedForL1.json");
    const r = fx.result as Record<string, string>;
    const price = BigInt(r.effectiveGasPrice as string);
    const row = decodeReceipt(r, profile("arbitrum-sepolia"));
    expect(row.feeParts.l1).toBe(BigInt(r.gasUsedForL1 as string) * price);
    expect(row.feeParts.total).toBe(BigInt(r.gasUsed as string) * price);
    expect((row.feeParts.l2 ?? 0n) + (row.feeParts.l1 ?? 0n)).toBe(row.feeParts.total);
  });
});

describe("ZKsync", () => {
  it("names a priority transaction, unsigned by design", () => {
    const t = tx(
      "zksync",
      "eth_getTransactionByBlockNumberAndIndex.era-goerli-priority-0xff.json",
      "zksync-mainnet",
    );
    expect(t.type.label).toBe("priority (L1 → L2) (ZKsync, 0xff)");
    expect(t.problems).toEqual([]);
  });

  it("shows the L1 batch of a block, and no share of its gas limit", () => {
    const b = block("zksync", "eth_getBlockByNumber.era-mainnet-30496030-hashes.json", "zksync-mainnet");
    expect(b.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toContain("l1BatchNumber");
    expect(b.gasUsedShare).toBeNull();
  });

  it("reads a receipt not yet in a block as pending, not broken", () => {
    const fx = familyFixture("zksync", "eth_getTransactionReceipt.era-localnet-type0x71-unsealed.json");
    const row = decodeReceipt(fx.result, profile("zksync-mainnet"));
    expect(row.status.kind).toBe("pending");
    expect(row.type.label).toBe("EIP-712 (ZKsync, 0x71)");
  });
});

describe("Polygon PoS, BNB Smart Chain, Avalanche, Celo, Scroll", () => {
  it("names Polygon's state sync and reads values in POL", () => {
    const t = tx(
      "polygon-pos",
      "eth_getTransactionByHash.mainnet-state-sync-tx-v-r-s-0x0.json",
      "polygon-mainnet",
    );
    expect(t.type.name).toBe("state sync (Bor)");
    // The Type field says what the badge says (it is recognized by its fields, not its type byte).
    expect(findField(t.groups, "type")?.value.text).toBe(t.type.label);
    expect(t.type.label).toMatch(/^state sync \(Bor\)/);
    expect(findField(t.groups, "value")?.value.text).toMatch(/ POL$/);
    const b = block(
      "polygon-pos",
      "eth_getBlockByNumber.amoy-0x70b32a-full-txs-legacy-and-0x2.json",
      "polygon-amoy",
    );
    if (b.transactions.kind !== "full") throw new Error("full");
    expect(b.transactions.items.at(0)?.valueText).toMatch(/ POL$/);
  });

  it("names BSC's system transactions and reads BNB", () => {
    const t = tx(
      "bsc",
      "eth_getTransactionByHash.mainnet-system-tx-deposit-0x1000-gasprice-0.json",
      "bsc-mainnet",
    );
    expect(t.type.name).toBe("system (Parlia)");
    expect(findField(t.groups, "value")?.value.text).toMatch(/ BNB$/);
  });

  it("names BSC's system transaction in its receipt too (no gasPrice there: the effective one)", () => {
    const fx = familyFixture("bsc", "eth_getTransactionReceipt.mainnet-system-tx-deposit-0x1000-logs.json");
    expect(decodeReceipt(fx.result, profile("bsc-mainnet")).type.name).toBe("system (Parlia)");
  });

  it("shows Avalanche's block fields and AVAX", () => {
    const b = block(
      "avalanche",
      "eth_getBlockByNumber.mainnet-0x192827a-hashes-blockGasCost-nonzero.json",
      "avalanche-mainnet",
    );
    expect(b.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toEqual(
      expect.arrayContaining(["blockGasCost", "extDataHash"]),
    );
    const t = tx(
      "avalanche",
      "eth_getTransactionByHash.mainnet-eip1559-0x2-no-yParity.json",
      "avalanche-mainnet",
    );
    expect(findField(t.groups, "value")?.value.text).toMatch(/ AVAX$/);
  });

  it("names Celo's fee-currency transactions and shows the fee currency", () => {
    const t = tx(
      "celo",
      "eth_getTransactionByHash.mainnet-cip64-0x7b-feeCurrency-cast-rpc.json",
      "celo-mainnet",
    );
    expect(t.type.label).toBe("fee currency (CIP-64) (Celo, 0x7b)");
    expect(t.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toContain("feeCurrency");
    expect(findField(t.groups, "value")?.value.text).toMatch(/ CELO$/);
  });

  it("names Scroll's L1 messages, unsigned and without a nonce by design", () => {
    const t = tx("scroll", "eth_getTransactionByHash.mainnet-l1message-0x7e.json", "scroll-mainnet");
    expect(t.type.label).toBe("L1 message (Scroll, 0x7e)");
    expect(t.groups.find((g) => g.id === "chain")?.fields.map((f) => f.key)).toEqual([
      "queueIndex",
      "sender",
    ]);
    expect(t.problems).toEqual([]);
  });

  it("never borrows a family's name for another family's type", () => {
    const deposit = familyFixture(
      "op-stack",
      "eth_getTransactionByHash.op-mainnet-deposit-l1info-ecotone.json",
    );
    expect(summarizeTransaction(deposit.result, profile("ethereum-mainnet")).type.label).toBe(
      "type 0x7e (126)",
    );
    expect(summarizeTransaction(deposit.result, profile("scroll-mainnet")).type.label).toBe(
      "L1 message (Scroll, 0x7e)",
    );
  });
});

describe("a custom network", () => {
  const base = { id: "custom-x", kind: "evm" as const, custom: true };
  it("takes the family, coin and explorer of the catalog chain with its chain id", () => {
    const p = chainProfileOf({ ...base, chainId: 137 });
    expect(p.family.id).toBe("polygon-pos");
    expect(p.currency?.symbol).toBe("POL");
    expect(p.explorer?.name).toBe("Polygonscan");
  });
  it("says 'native coin' when it has no chain id, whatever family was chosen", () => {
    expect(chainProfileOf(base).currency).toBeNull();
    const p = chainProfileOf({ ...base, family: "arbitrum" });
    expect(p.family.id).toBe("arbitrum");
    expect(p.currency).toBeNull();
  });
});
