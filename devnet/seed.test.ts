import {
  concat,
  decodeErrorResult,
  getAddress,
  type Hex,
  keccak256,
  pad,
  parseAbi,
  toFunctionSelector,
  toHex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { ANVIL_MNEMONIC, AnvilRpcError, anvilRpc, spawnAnvil } from "./anvil.ts";
import { reverterAbi } from "./contracts/abi.ts";
import artifacts from "./contracts/artifacts.json" with { type: "json" };
import { ANVIL_DEV_ACCOUNTS, type SeededTransaction, type SeedManifest, seedChain } from "./seed.ts";
import committedJson from "./seed-manifest.json" with { type: "json" };

/**
 * The seed step against real Anvils: the devnet the "devnet" project's global setup started (and
 * seeded), and a fresh one of our own. The committed manifest is what docs/devnet-data.md and the
 * other tests name; every entry of it is checked against the chain.
 */
const committed = committedJson as SeedManifest;
const devnet = inject("devnet");
const rpc = anvilRpc(devnet.anvilUrl);

type Rec = Record<string, unknown>;
const lower = (s: unknown) => (typeof s === "string" ? s.toLowerCase() : s);

describe("determinism", () => {
  it("the shared devnet was seeded into exactly the committed manifest", () => {
    expect(devnet.manifest).toEqual(committed);
  });

  it("a fresh Anvil seeded again gives the same manifest, block hashes included, in well under 30 s", async () => {
    const anvil = await spawnAnvil({ quiet: true });
    try {
      const t0 = performance.now();
      const manifest = await seedChain(anvil.url);
      const seconds = (performance.now() - t0) / 1000;
      expect(manifest).toEqual(committed);
      expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
      expect(seconds).toBeLessThan(30);
    } finally {
      await anvil.stop();
    }
  });

  it("refuses an Anvil that was already seeded (fixed nonces need a fresh chain)", async () => {
    await expect(seedChain(devnet.anvilUrl)).rejects.toThrow(/fresh Anvil/);
  });
});

describe("accounts", () => {
  it("are Anvil's default mnemonic accounts with their well-known keys", () => {
    ANVIL_DEV_ACCOUNTS.forEach((dev, i) => {
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address).toBe(dev.address);
      expect(privateKeyToAccount(dev.privateKey).address).toBe(dev.address);
    });
    for (const a of Object.values(committed.accounts)) {
      expect(ANVIL_DEV_ACCOUNTS[a.index]).toEqual({ address: a.address, privateKey: a.privateKey });
    }
  });
});

describe("every manifest entry is on the chain", () => {
  it("contracts: the deployed code is the committed artifacts' runtime code", async () => {
    for (const c of Object.values(committed.contracts)) {
      const onChain = await rpc.call("eth_getCode", [c.address, "latest"]);
      expect(onChain, c.name).toBe(artifacts.contracts[c.name].deployedBytecode);
      const receipt = (await rpc.call("eth_getTransactionReceipt", [c.deployTransaction])) as Rec;
      expect(lower(receipt.contractAddress)).toBe(lower(c.address));
      expect(Number(receipt.blockNumber)).toBe(c.deployBlock);
    }
  });

  const kinds = Object.entries(committed.transactions) as [string, SeededTransaction][];
  it.each(kinds)("transaction %s: receipt and transaction as stated", async (_kind, t) => {
    const [receipt, tx] = (await rpc.batch([
      ["eth_getTransactionReceipt", [t.hash]],
      ["eth_getTransactionByBlockHashAndIndex", [t.blockHash, t.transactionIndexHex]],
    ])) as [Rec, Rec];
    expect(receipt).toMatchObject({
      transactionHash: t.hash,
      blockHash: t.blockHash,
      blockNumber: t.blockNumberHex,
      transactionIndex: t.transactionIndexHex,
      type: t.type,
      status: t.status,
      gasUsed: t.gasUsed,
    });
    expect(lower(receipt.from)).toBe(lower(t.from));
    expect(lower(receipt.to)).toBe(lower(t.to));
    expect(lower(receipt.contractAddress ?? null)).toBe(lower(t.contractAddress));
    expect((receipt.logs as unknown[]).length).toBe(t.logCount);
    expect(tx.hash).toBe(t.hash);
    expect(tx.type).toBe(t.type);
  });

  it("the kinds are what their names say", async () => {
    const t = committed.transactions;
    expect([t.legacy.type, t.accessList.type, t.eip1559.type]).toEqual(["0x0", "0x1", "0x2"]);
    expect(t.contractCreation.to).toBeNull();
    expect(t.contractCreation.contractAddress).toBe(committed.contracts.store.address);
    expect(t.failed.status).toBe("0x0");
    expect(t.accessList.accessList.length).toBeGreaterThan(0);

    const accessTx = (await rpc.call("eth_getTransactionByHash", [t.accessList.hash])) as Rec;
    const list = accessTx.accessList as { address: string; storageKeys: string[] }[];
    expect(list.map((a) => ({ address: getAddress(a.address), storageKeys: a.storageKeys }))).toEqual(
      t.accessList.accessList,
    );
    const ethTx = (await rpc.call("eth_getTransactionByHash", [t.eip1559.hash])) as Rec;
    expect(ethTx.value).toBe(t.eip1559.value);
    expect(ethTx.maxFeePerGas).toBeDefined();
  });

  it.each([
    ["tokenTransfer", "transferTopic"],
    ["tokenTransferFrom", "transferTopic"],
    ["tokenApproval", "approvalTopic"],
  ] as const)("%s emits its ERC-20 event from the token", async (kind, topic) => {
    const receipt = (await rpc.call("eth_getTransactionReceipt", [committed.transactions[kind].hash])) as Rec;
    const logs = receipt.logs as { address: string; topics: Hex[] }[];
    expect(logs).toHaveLength(1);
    expect(lower(logs[0]?.address)).toBe(lower(committed.contracts.token.address));
    expect(logs[0]?.topics[0]).toBe(committed.token[topic]);
  });

  it("storage slot 0 holds the stated word, and held the initial one before", async () => {
    const { contract, slot0 } = committed.storage;
    expect(await rpc.call("eth_getStorageAt", [contract, slot0.slot, "latest"])).toBe(slot0.value);
    expect(await rpc.call("eth_getStorageAt", [contract, slot0.slot, toHex(slot0.setInBlock - 1)])).toBe(
      slot0.initialValue,
    );
    expect(BigInt(slot0.value).toString()).toBe(slot0.decimal);
  });

  it("the mapping at slot 1: positions are keccak(pad32(key) . pad32(1)) and hold the stated words", async () => {
    const { contract, mapping } = committed.storage;
    expect(mapping.slot).toBe(pad("0x1"));
    expect(mapping.entries.length).toBeGreaterThanOrEqual(3);
    const all = [...mapping.entries, mapping.absent];
    for (const e of all) {
      expect(e.position).toBe(keccak256(concat([pad(e.key), pad(mapping.slot)])));
      expect(await rpc.call("eth_getStorageAt", [contract, e.position, "latest"])).toBe(e.value);
      expect(BigInt(e.value).toString()).toBe(e.decimal);
    }
    expect(BigInt(mapping.absent.value)).toBe(0n);
    const proof = (await rpc.call("eth_getProof", [contract, all.map((e) => e.position), "latest"])) as Rec;
    const values = (proof.storageProof as { value: string }[]).map((p) => BigInt(p.value));
    expect(values).toEqual(all.map((e) => BigInt(e.value)));
  });

  const reverts = committed.reverts;
  const standard = parseAbi(["error Error(string)", "error Panic(uint256)"]);
  it.each([
    [
      "reason",
      reverts.reason.call,
      reverts.reason.data,
      reverts.reason.reason,
      "Error",
      [reverts.reason.reason],
    ],
    [
      "customError",
      reverts.customError.call,
      reverts.customError.data,
      reverts.customError.selector,
      "InsufficientBalance",
      reverts.customError.args.map(BigInt),
    ],
    [
      "panicOverflow",
      reverts.panicOverflow.call,
      reverts.panicOverflow.data,
      reverts.panicOverflow.meaning,
      "Panic",
      [BigInt(reverts.panicOverflow.code)],
    ],
    [
      "panicDivisionByZero",
      reverts.panicDivisionByZero.call,
      reverts.panicDivisionByZero.data,
      reverts.panicDivisionByZero.meaning,
      "Panic",
      [BigInt(reverts.panicDivisionByZero.code)],
    ],
  ] as const)(
    "revert %s: eth_estimateGas fails with code 3, the stated message and data",
    async (_k, call, data, inMessage, errorName, args) => {
      const err = await rpc.call("eth_estimateGas", [call]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AnvilRpcError);
      const e = err as AnvilRpcError;
      expect(e.code).toBe(3);
      expect(e.data).toBe(data);
      expect(e.message).toContain(inMessage);
      const decoded = decodeErrorResult({ abi: [...standard, ...reverterAbi], data });
      expect(decoded.errorName).toBe(errorName);
      expect(decoded.args).toEqual(args);
    },
  );

  it("the custom error's selector is its signature's", () => {
    const c = committed.reverts.customError;
    expect(toFunctionSelector(c.signature)).toBe(c.selector);
    expect(c.data.startsWith(c.selector)).toBe(true);
    expect([reverts.panicOverflow.codeHex, reverts.panicDivisionByZero.codeHex]).toEqual(["0x11", "0x12"]);
  });

  it("the heavy block has 1,000+ transactions and thousands of logs, as stated", async () => {
    const h = committed.heavyBlock;
    const [block, receipts] = (await rpc.batch([
      ["eth_getBlockByNumber", [h.numberHex, false]],
      ["eth_getBlockReceipts", [h.numberHex]],
    ])) as [Rec, Rec[]];
    const hashes = block.transactions as string[];
    expect(block.hash).toBe(h.hash);
    expect(hashes.length).toBe(h.transactionCount);
    expect(h.transactionCount).toBeGreaterThanOrEqual(1_000);
    expect(hashes[0]).toBe(h.firstTransactionHash);
    expect(hashes.at(-1)).toBe(h.lastTransactionHash);
    expect(block.gasUsed).toBe(h.gasUsed);
    const logs = receipts.reduce((n, r) => n + (r.logs as unknown[]).length, 0);
    expect(logs).toBe(h.logCount);
    expect(h.logCount).toBeGreaterThanOrEqual(5_000);
    expect(receipts.every((r) => r.status === "0x1")).toBe(true);
  });

  it("every block, from genesis to latest, has the stated hash, timestamp and counts", async () => {
    const blocks = (await rpc.batch(
      committed.blocks.map((b) => ["eth_getBlockByNumber", [b.numberHex, false]] as const),
    )) as Rec[];
    blocks.forEach((block, i) => {
      const b = committed.blocks[i];
      expect(block).toMatchObject({
        number: b?.numberHex,
        hash: b?.hash,
        timestamp: toHex(b?.timestamp ?? -1),
        gasUsed: b?.gasUsed,
        baseFeePerGas: b?.baseFeePerGas,
      });
      expect((block.transactions as unknown[]).length).toBe(b?.transactionCount);
    });
    expect(committed.blocks.at(-1)?.hash).toBe(committed.latestBlock.hash);
    expect(await rpc.call("eth_blockNumber")).toBe(committed.latestBlock.numberHex);
    expect(await rpc.call("eth_chainId")).toBe(committed.chainIdHex);
    expect(committed.chainId).toBe(31337);
  });
});
