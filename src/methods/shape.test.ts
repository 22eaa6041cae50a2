import { describe, expect, it } from "vitest";
import {
  mainnetFixture,
  mainnetFixtures,
  starknetFixture,
  starknetFixtures,
} from "../chain/test-fixtures.ts";
import { METHODS } from "./registry.ts";
import { checkResultShape } from "./shape.ts";

type Obj = Record<string, unknown>;
const without = (o: Obj, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const block = mainnetFixture("eth_getBlockByNumber.01.json").result as Obj;
const fullBlock = mainnetFixture("eth_getBlockByNumber.14.json").result as Obj & { transactions: Obj[] };
const tx = mainnetFixture("eth_getTransactionByBlockHashAndIndex.06.json").result as Obj;
const receipts = mainnetFixture("eth_getBlockReceipts.10.json").result as Obj[];
/** The first receipt with logs. */
const WITH_LOGS = receipts.findIndex((r) => Array.isArray(r.logs) && r.logs.length > 0);
const preByzantium = mainnetFixture("eth_getBlockReceipts.01.json").result as Obj[];
const proof = mainnetFixture("eth_getProof.23.json").result as Obj & { accountProof: string[] };
const sealed = starknetFixture("confirmed_with_tx_hashes.v0_9.json") as Obj;

describe("every real answer has the spec's shape", () => {
  it.each(
    mainnetFixtures()
      .filter((f) => f.error === undefined)
      .map((f) => [f.name, f.method, f.result] as const),
  )("%s", (_name, method, result) => {
    expect(checkResultShape(method, result)).toEqual([]);
  });

  it.each(starknetFixtures())("starknet %s", (_name, result) => {
    expect(checkResultShape("starknet_getBlockWithTxHashes", result)).toEqual([]);
  });

  it("covers the nine methods", () => {
    const methods = new Set(mainnetFixtures().map((f) => f.method));
    methods.add("starknet_getBlockWithTxHashes");
    expect([...methods].sort()).toEqual(METHODS.map((m) => m.name).sort());
  });
});

describe("spec-shaped hand-made answers pass", () => {
  it.each<[string, string, unknown]>([
    [
      "an uncle (no transactions, totalDifficulty null)",
      "eth_getUncleByBlockNumberAndIndex",
      { ...without(block, "transactions"), totalDifficulty: null },
    ],
    [
      "an uncle with totalDifficulty",
      "eth_getUncleByBlockNumberAndIndex",
      { ...without(block, "transactions"), totalDifficulty: "0x1" },
    ],
    [
      "a pending transaction",
      "eth_getTransactionByBlockHashAndIndex",
      { ...tx, blockHash: null, blockNumber: null, transactionIndex: null },
    ],
    ["a contract creation", "eth_getTransactionByBlockHashAndIndex", { ...tx, to: null }],
    [
      "a legacy transaction with the spec's chainID",
      "eth_getTransactionByBlockHashAndIndex",
      {
        ...without(tx, "chainId", "accessList", "yParity", "maxFeePerGas", "maxPriorityFeePerGas"),
        chainID: "0x1",
        type: "0x0",
      },
    ],
    [
      "a pending block with null fields",
      "eth_getBlockByNumber",
      { ...block, hash: null, number: null, nonce: null, logsBloom: null },
    ],
    [
      "a block with totalDifficulty",
      "eth_getBlockByHash",
      { ...block, totalDifficulty: "0xc70d815d562d3cfa955" },
    ],
    ["an empty receipts list", "eth_getBlockReceipts", []],
    ["no such block", "eth_getBlockByHash", null],
    ["no such uncle", "eth_getUncleByBlockNumberAndIndex", null],
    ["no such transaction", "eth_getTransactionByBlockHashAndIndex", null],
    [
      "the service spec's pending Starknet block",
      "starknet_getBlockWithTxHashes",
      { ...without(sealed, "block_hash", "block_number", "new_root"), status: "PENDING" },
    ],
  ])("%s", (_name, method, result) => {
    expect(checkResultShape(method, result)).toEqual([]);
  });
});

describe("problems are caught and named", () => {
  it.each<[string, string, unknown, string[]]>([
    ["missing stateRoot", "eth_getBlockByNumber", without(block, "stateRoot"), ['missing field "stateRoot"']],
    [
      "gasUsed as a number",
      "eth_getBlockByHash",
      { ...block, gasUsed: 5 },
      ['"gasUsed" should be a hex quantity'],
    ],
    [
      "gasUsed with leading zeros",
      "eth_getBlockByHash",
      { ...block, gasUsed: "0x0031" },
      ['"gasUsed" should be a hex quantity'],
    ],
    [
      "a short hash",
      "eth_getBlockByHash",
      { ...block, parentHash: "0x1234" },
      ['"parentHash" should be a 32-byte hash'],
    ],
    ["a missing nonce", "eth_getBlockByNumber", without(block, "nonce"), ['missing field "nonce"']],
    [
      "a bad miner",
      "eth_getBlockByNumber",
      { ...block, miner: null },
      ['"miner" should be a 20-byte address'],
    ],
    [
      "a number that is neither a quantity nor a pending null",
      "eth_getBlockByNumber",
      { ...block, number: "12" },
      ['"number" should be a hex quantity (null only while pending)'],
    ],
    [
      "a bad full transaction inside a block",
      "eth_getBlockByNumber",
      {
        ...fullBlock,
        transactions: fullBlock.transactions.map((t, i) => (i === 3 ? { ...t, hash: "0x12" } : t)),
      },
      ['"transactions[3].hash" should be a 32-byte hash'],
    ],
    [
      "a bad transaction hash inside a block",
      "eth_getBlockByNumber",
      { ...block, transactions: ["0x12"] },
      ['"transactions[0]" should be a 32-byte hash'],
    ],
    [
      "a block without transactions",
      "eth_getBlockByNumber",
      without(block, "transactions"),
      ['missing field "transactions"'],
    ],
    ["a block that is not an object", "eth_getBlockByNumber", "0x1", ["result should be a block object"]],
    [
      "an uncle without uncles",
      "eth_getUncleByBlockNumberAndIndex",
      without(block, "transactions", "uncles"),
      ['missing field "uncles"'],
    ],
    [
      "a transaction without from",
      "eth_getTransactionByBlockHashAndIndex",
      without(tx, "from"),
      ['missing field "from"'],
    ],
    [
      "yParity 0x2",
      "eth_getTransactionByBlockHashAndIndex",
      { ...tx, yParity: "0x2" },
      ['"yParity" should be 0x0 or 0x1'],
    ],
    [
      "input without 0x",
      "eth_getTransactionByBlockHashAndIndex",
      { ...tx, input: "abcd" },
      ['"input" should be hex data'],
    ],
    [
      "an access list entry without storageKeys",
      "eth_getTransactionByBlockHashAndIndex",
      { ...tx, accessList: [{ address: tx.from }] },
      ['missing field "accessList[0].storageKeys"'],
    ],
    [
      "a receipt with status 0x2",
      "eth_getBlockReceipts",
      receipts.map((r, i) => (i === 2 ? { ...r, status: "0x2" } : r)),
      ['"[2].status" should be 0x0 or 0x1'],
    ],
    [
      "a receipt with neither status nor root",
      "eth_getBlockReceipts",
      [without(preByzantium[0] as Obj, "root")],
      ['missing field "[0].status" (or "root" before Byzantium)'],
    ],
    [
      "a log with a bad topic",
      "eth_getBlockReceipts",
      receipts.map((r, i) =>
        i === WITH_LOGS
          ? { ...r, logs: (r.logs as Obj[]).map((l, j) => (j === 0 ? { ...l, topics: ["0x1"] } : l)) }
          : r,
      ),
      [`"[${WITH_LOGS}].logs[0].topics[0]" should be a 32-byte hash`],
    ],
    ["receipts that are not an array", "eth_getBlockReceipts", {}, ["result should be an array of receipts"]],
    [
      "a proof node that is not hex data",
      "eth_getProof",
      { ...proof, accountProof: proof.accountProof.map((n, i) => (i === 2 ? "0x123" : n)) },
      ['"accountProof[2]" should be hex data'],
    ],
    [
      "a proof without storageHash",
      "eth_getProof",
      without(proof, "storageHash"),
      ['missing field "storageHash"'],
    ],
    ["a null proof", "eth_getProof", null, ["result should not be null"]],
    ["a short storage word", "eth_getStorageAt", "0x1", ["result should be a 32-byte hex word"]],
    ["an empty gas quantity", "eth_estimateGas", "0x", ["result should be a hex quantity"]],
    ["a gas number", "eth_estimateGas", 21000, ["result should be a hex quantity"]],
    [
      "a Starknet block number as a string",
      "starknet_getBlockWithTxHashes",
      { ...sealed, block_number: "12" },
      ['"block_number" should be a non-negative integer'],
    ],
    [
      "a sealed Starknet block without new_root",
      "starknet_getBlockWithTxHashes",
      without(sealed, "new_root"),
      ['missing field "new_root"'],
    ],
    [
      "a Starknet block without hash but accepted",
      "starknet_getBlockWithTxHashes",
      without(sealed, "block_hash"),
      ['"status" should be PENDING or PRE_CONFIRMED for a block without "block_hash"'],
    ],
    [
      "an empty Starknet price",
      "starknet_getBlockWithTxHashes",
      { ...sealed, l1_gas_price: {} },
      ['"l1_gas_price" should be a price object with price_in_fri or price_in_wei'],
    ],
    [
      "an unknown Starknet status",
      "starknet_getBlockWithTxHashes",
      { ...sealed, status: "DONE" },
      ['"status" should be PENDING, PRE_CONFIRMED, ACCEPTED_ON_L2, ACCEPTED_ON_L1 or REJECTED'],
    ],
    ["a null Starknet block", "starknet_getBlockWithTxHashes", null, ["result should not be null"]],
  ])("%s", (_name, method, result, problems) => {
    expect(checkResultShape(method, result)).toEqual(problems);
  });

  it("knows nothing of other methods", () => {
    expect(checkResultShape("eth_chainId", "0x1")).toEqual([]);
    // A known method is checked; a key of Object.prototype is no method.
    expect(checkResultShape("eth_getProof", null)).toEqual(["result should not be null"]);
    expect(checkResultShape("toString", null)).toEqual([]);
  });
});
