import { encodeFunctionData, keccak256, numberToHex } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { storeAbi } from "../contracts/abi.ts";
import { generateStarknetChain } from "../starknet/blocks.ts";
import { rpc, WsClient } from "./test-helpers.ts";

/**
 * The nine methods of the spec (plus eth_chainId and eth_blockNumber), each sent through the
 * gateway over HTTP and over WebSocket, answered by the real seeded Anvil (or the Starknet
 * simulator) with the data the seed manifest names.
 */
const devnet = inject("devnet");
const m = devnet.manifest;
const { key } = devnet;

type Answer = Record<string, unknown>;
type Call = (method: string, params?: unknown) => Promise<Answer>;

const transports = ["HTTP", "WebSocket"] as const;

describe.each(transports)("over %s", (transport) => {
  let evmWs: WsClient | undefined;
  let snWs: WsClient | undefined;
  let nextId = 1;

  beforeAll(async () => {
    if (transport === "WebSocket") {
      evmWs = await WsClient.open(`${devnet.appConfig.evm.wsUrl}/ws/v3/${key}`);
      snWs = await WsClient.open(`${devnet.appConfig.starknet.wsUrl}/ws/v3/${key}`);
    }
  });
  afterAll(() => {
    evmWs?.close();
    snWs?.close();
  });

  const via =
    (network: "evm" | "starknet"): Call =>
    async (method, params) => {
      if (transport === "HTTP") {
        const base = network === "evm" ? devnet.appConfig.evm.httpUrl : devnet.appConfig.starknet.httpUrl;
        return rpc(`${base}/v3/${key}`, method, params);
      }
      const ws = network === "evm" ? evmWs : snWs;
      if (!ws) throw new Error("WebSocket not open");
      const id = nextId++;
      const answer = await ws.request({
        jsonrpc: "2.0",
        id,
        method,
        ...(params === undefined ? {} : { params }),
      });
      expect(answer.id).toBe(id);
      return answer;
    };
  const evm = via("evm");
  const starknet = via("starknet");
  const ok = async (call: Call, method: string, params?: unknown) => {
    const answer = await call(method, params);
    expect(answer).not.toHaveProperty("error");
    expect(answer.jsonrpc).toBe("2.0");
    return answer.result as never;
  };

  it("eth_chainId and eth_blockNumber", async () => {
    expect(await ok(evm, "eth_chainId", [])).toBe(m.chainIdHex);
    expect(await ok(evm, "eth_blockNumber", [])).toBe(m.latestBlock.numberHex);
  });

  describe("eth_getStorageAt", () => {
    it("reads slot 0 now and before it was set", async () => {
      const { contract, slot0 } = m.storage;
      expect(await ok(evm, "eth_getStorageAt", [contract, slot0.slot, "latest"])).toBe(slot0.value);
      const before = numberToHex(slot0.setInBlock - 1);
      expect(await ok(evm, "eth_getStorageAt", [contract, slot0.slot, before])).toBe(slot0.initialValue);
    });

    it("reads each mapping entry at its keccak position, and zero for an absent key", async () => {
      const { contract, mapping } = m.storage;
      for (const entry of [...mapping.entries, mapping.absent]) {
        expect(await ok(evm, "eth_getStorageAt", [contract, entry.position, "latest"])).toBe(entry.value);
      }
    });
  });

  describe("eth_estimateGas", () => {
    it("estimates a plain ether transfer at 21000 gas, with or without the block", async () => {
      const tx = { from: m.accounts.deployer.address, to: m.accounts.alice.address, value: "0x1" };
      expect(await ok(evm, "eth_estimateGas", [tx])).toBe("0x5208");
      expect(await ok(evm, "eth_estimateGas", [tx, "latest"])).toBe("0x5208");
    });

    it("passes a state override and a block override through to Anvil, which applies both", async () => {
      // Code put at an empty address that stops only in block 0x100 (NUMBER PUSH2 0x100 EQ JUMPI),
      // else hits INVALID: it estimates only with both overrides applied.
      const empty = "0x00000000000000000000000000000000000000e1";
      const code = "0x4361010014600957fe5b00";
      const tx = { from: m.accounts.alice.address, to: empty };
      const state = { [empty]: { code } };
      expect(await ok(evm, "eth_estimateGas", [tx, null, state, { number: "0x100" }])).toBe("0x521e");
      expect(await ok(evm, "eth_estimateGas", [tx, "latest", state, { number: "0x100" }])).toBe("0x521e");
      expect(await evm("eth_estimateGas", [tx, "latest", state])).toHaveProperty("error");
      expect(await ok(evm, "eth_estimateGas", [tx, "latest", {}, { baseFeePerGas: "0x0" }])).toBe("0x5208");
    });

    it("estimates a contract call", async () => {
      const data = encodeFunctionData({ abi: storeAbi, functionName: "setValue", args: [7n] });
      const gas = await ok(evm, "eth_estimateGas", [
        { from: m.accounts.deployer.address, to: m.storage.contract, data },
      ]);
      expect(BigInt(gas)).toBeGreaterThan(21_000n);
      expect(BigInt(gas)).toBeLessThan(100_000n);
    });

    const reverts = [
      [
        "a reason string",
        m.reverts.reason.call,
        `execution reverted: ${m.reverts.reason.reason}`,
        m.reverts.reason.data,
      ],
      [
        "a custom error",
        m.reverts.customError.call,
        `execution reverted: custom error ${m.reverts.customError.selector}`,
        m.reverts.customError.data,
      ],
      [
        "a panic (overflow)",
        m.reverts.panicOverflow.call,
        `execution reverted: panic: ${m.reverts.panicOverflow.meaning} (${m.reverts.panicOverflow.codeHex})`,
        m.reverts.panicOverflow.data,
      ],
      [
        "a panic (division by zero)",
        m.reverts.panicDivisionByZero.call,
        `execution reverted: panic: ${m.reverts.panicDivisionByZero.meaning} (${m.reverts.panicDivisionByZero.codeHex})`,
        m.reverts.panicDivisionByZero.data,
      ],
    ] as const;
    it.each(reverts)(
      "answers %s with code 3, the decoded message and the ABI data",
      async (_n, call, message, data) => {
        const answer = await evm("eth_estimateGas", [call]);
        expect(answer.error).toStrictEqual({ code: 3, message, data });
      },
    );
  });

  describe("eth_getBlockByHash and eth_getBlockByNumber", () => {
    it("finds every seeded block by hash and by number, with the same header", async () => {
      for (const b of m.blocks) {
        const byHash = await ok(evm, "eth_getBlockByHash", [b.hash, false]);
        const byNumber = await ok(evm, "eth_getBlockByNumber", [b.numberHex, false]);
        expect(byHash).toStrictEqual(byNumber);
        expect(byHash).toMatchObject({ hash: b.hash, number: b.numberHex, gasUsed: b.gasUsed });
        expect((byHash as { transactions: unknown[] }).transactions).toHaveLength(b.transactionCount);
      }
    });

    it("gives full transaction objects when asked", async () => {
      const tx = m.transactions.eip1559;
      const block = await ok(evm, "eth_getBlockByNumber", [tx.blockNumberHex, true]);
      const [first] = (block as { transactions: Answer[] }).transactions;
      expect(first).toMatchObject({ hash: tx.hash, type: "0x2", value: tx.value, blockHash: tx.blockHash });
    });

    it("knows latest and earliest, and answers null for an unknown block", async () => {
      expect(await ok(evm, "eth_getBlockByNumber", ["latest", false])).toMatchObject({
        hash: m.latestBlock.hash,
      });
      expect(await ok(evm, "eth_getBlockByNumber", ["earliest", false])).toMatchObject({
        hash: m.blocks[0]?.hash,
      });
      expect(await ok(evm, "eth_getBlockByNumber", ["0xffff", false])).toBeNull();
      expect(await ok(evm, "eth_getBlockByHash", [`0x${"12".repeat(32)}`, false])).toBeNull();
    });

    it("serves the heavy block with all its transactions", async () => {
      const h = m.heavyBlock;
      const block = (await ok(evm, "eth_getBlockByHash", [h.hash, true])) as { transactions: Answer[] };
      expect(block.transactions).toHaveLength(h.transactionCount);
      expect(block.transactions[0]?.hash).toBe(h.firstTransactionHash);
      expect(block.transactions.at(-1)?.hash).toBe(h.lastTransactionHash);
    });
  });

  it("eth_getUncleByBlockNumberAndIndex answers null (Anvil has no uncles)", async () => {
    expect(await ok(evm, "eth_getUncleByBlockNumberAndIndex", ["latest", "0x0"])).toBeNull();
    expect(await ok(evm, "eth_getUncleByBlockNumberAndIndex", [m.heavyBlock.numberHex, "0x0"])).toBeNull();
  });

  describe("eth_getTransactionByBlockHashAndIndex", () => {
    const kinds = Object.entries(m.transactions);
    it.each(kinds)("finds the %s transaction", async (_kind, tx) => {
      const found = await ok(evm, "eth_getTransactionByBlockHashAndIndex", [
        tx.blockHash,
        tx.transactionIndexHex,
      ]);
      expect(found).toMatchObject({
        hash: tx.hash,
        type: tx.type,
        blockHash: tx.blockHash,
        blockNumber: tx.blockNumberHex,
        transactionIndex: tx.transactionIndexHex,
        to: tx.to === null ? null : tx.to.toLowerCase(),
      });
    });

    it("shows the access list of the type 1 transaction", async () => {
      const tx = m.transactions.accessList;
      const found = (await ok(evm, "eth_getTransactionByBlockHashAndIndex", [
        tx.blockHash,
        tx.transactionIndexHex,
      ])) as {
        accessList: { address: string; storageKeys: string[] }[];
      };
      expect(found.accessList.map((a) => ({ ...a, address: a.address.toLowerCase() }))).toStrictEqual(
        tx.accessList.map((a) => ({ ...a, address: a.address.toLowerCase() })),
      );
    });

    it("answers null past the last index", async () => {
      const tx = m.transactions.legacy;
      expect(await ok(evm, "eth_getTransactionByBlockHashAndIndex", [tx.blockHash, "0x9"])).toBeNull();
    });
  });

  describe("eth_getBlockReceipts", () => {
    it("returns the failed receipt with status 0x0, by hex and by decimal number", async () => {
      const tx = m.transactions.failed;
      for (const block of [tx.blockNumberHex, String(tx.blockNumber)]) {
        const receipts = (await ok(evm, "eth_getBlockReceipts", [block])) as Answer[];
        expect(receipts[tx.transactionIndex]).toMatchObject({ transactionHash: tx.hash, status: "0x0" });
      }
    });

    it("returns the token transfer's Transfer log and the contract creation's address", async () => {
      const t = m.transactions.tokenTransfer;
      const receipts = (await ok(evm, "eth_getBlockReceipts", [t.blockNumberHex])) as {
        logs: { topics: string[] }[];
      }[];
      expect(receipts[t.transactionIndex]?.logs[0]?.topics[0]).toBe(m.token.transferTopic);
      const c = m.transactions.contractCreation;
      const created = (await ok(evm, "eth_getBlockReceipts", [c.blockNumberHex])) as Answer[];
      expect(created[c.transactionIndex]?.contractAddress).toBe(c.contractAddress?.toLowerCase());
    });

    it("returns all receipts and logs of the heavy block", async () => {
      const h = m.heavyBlock;
      const receipts = (await ok(evm, "eth_getBlockReceipts", [h.numberHex])) as { logs: unknown[] }[];
      expect(receipts).toHaveLength(h.transactionCount);
      expect(receipts.reduce((n, r) => n + r.logs.length, 0)).toBe(h.logCount);
    });

    it("answers null for a block that does not exist", async () => {
      expect(await ok(evm, "eth_getBlockReceipts", ["0xffff"])).toBeNull();
    });
  });

  describe("eth_getProof", () => {
    it("proves slot 0 and a mapping entry of the Store contract", async () => {
      const { contract, slot0, mapping } = m.storage;
      const entry = mapping.entries[1]!;
      const proof = (await ok(evm, "eth_getProof", [contract, [slot0.slot, entry.position], "latest"])) as {
        address: string;
        accountProof: `0x${string}`[];
        storageProof: { key: string; value: string; proof: string[] }[];
      };
      expect(proof.address).toBe(contract.toLowerCase());
      expect(proof.storageProof.map((p) => [p.key, BigInt(p.value)])).toStrictEqual([
        [slot0.slot, BigInt(slot0.decimal)],
        [entry.position, BigInt(entry.decimal)],
      ]);
      for (const p of proof.storageProof) expect(p.proof.length).toBeGreaterThan(0);
      // The account proof starts at the state root of the block it was asked for.
      const latest = (await ok(evm, "eth_getBlockByNumber", ["latest", false])) as { stateRoot: string };
      expect(keccak256(proof.accountProof[0]!)).toBe(latest.stateRoot);
    });
  });

  describe("starknet_getBlockWithTxHashes", () => {
    const chain = generateStarknetChain();

    it("serves a sealed block by number and by hash", async () => {
      const b = chain.blocks[41]!;
      expect(
        await ok(starknet, "starknet_getBlockWithTxHashes", { block_id: { block_number: 41 } }),
      ).toStrictEqual(b);
      expect(
        await ok(starknet, "starknet_getBlockWithTxHashes", { block_id: { block_hash: b.block_hash } }),
      ).toStrictEqual(b);
    });

    it("serves the pending block without block_hash", async () => {
      const p = (await ok(starknet, "starknet_getBlockWithTxHashes", { block_id: "pending" })) as Answer;
      expect(p).not.toHaveProperty("block_hash");
      expect(p).not.toHaveProperty("block_number");
      expect(p).not.toHaveProperty("new_root");
      expect(p).toStrictEqual(chain.pending);
    });

    it("answers error 24 for an unknown block", async () => {
      const answer = await starknet("starknet_getBlockWithTxHashes", { block_id: { block_number: 100_000 } });
      expect(answer.error).toStrictEqual({ code: 24, message: "Block not found" });
    });
  });
});
