import { describe, expect, it } from "vitest";
import { mainnetFixture } from "../../chain/test-fixtures.ts";
import { BURN_ADDRESS, type EvmSample } from "../../methods/network-sample.ts";
import { type Ask, differences, evmChecks, type QaCheck, starknetChecks } from "./qa-checks.ts";
import { A, CONTRACT, fakeAsk, H, TX_BLOCK } from "./test-fake-chain.ts";

const SAMPLE: EvmSample = {
  kind: "evm",
  block: { number: "0x8", hash: H(1000 + TX_BLOCK), stateRoot: null, transactions: 2 },
  tx: { index: "0x1", hash: H(2), from: A(3), to: CONTRACT, calls: true },
  contract: { address: CONTRACT, slot: "0x0", name: null, source: "called" },
  transfer: { from: A(3), to: BURN_ADDRESS, value: "0x1" },
  notes: [],
};

const byName = (checks: QaCheck[], name: string) => {
  const c = checks.find((x) => x.check === name);
  if (!c) throw new Error(`no check "${name}" in ${checks.map((x) => x.check).join(", ")}`);
  return c;
};
const statuses = (checks: QaCheck[]) => Object.fromEntries(checks.map((c) => [c.check, c.status]));

type Alter = (method: string, params: unknown, result: unknown) => unknown;
type Rec = Record<string, unknown>;
/** Changes the answers of one method: `result` is that method's (an object, or a list of them). */
const on =
  <R = Rec>(method: string, change: (result: R, params: unknown[]) => unknown): Alter =>
  (m, p, r) =>
    m === method ? change(r as R, p as unknown[]) : r;

describe("evmChecks on the fake chain (real mainnet fields, a real state trie)", () => {
  it("passes every check, and says how many transactions it compared", async () => {
    const chain = fakeAsk();
    const { checks, facts } = await evmChecks(chain.ask, SAMPLE);
    // Slot "0x0" goes out as a 32-byte word: geth and the devnet refuse a short storage key.
    expect(chain.requests.find((r) => r.method === "eth_getProof")?.params).toEqual([
      CONTRACT,
      [H(0)],
      "0x8",
    ]);
    expect(checks.filter((c) => c.status !== "pass")).toEqual([]);
    expect(Object.keys(statuses(checks))).toEqual([
      "block by hash = block by number",
      "transactions by block hash and index",
      "receipts: transaction count",
      "receipts: gas used sum",
      "receipts: cumulative gas never decreases",
      "receipts: cumulative gas ends at block gas used",
      "receipts: same block",
      "receipts: transaction order",
      "receipts: block number",
      "storage = proof's storage value",
      "proof verifies against the state root",
      "a plain transfer estimates 21,000 gas",
    ]);
    expect(byName(checks, "transactions by block hash and index").detail).toMatch(/checked 2 of 2/);
    expect(byName(checks, "storage = proof's storage value").detail).toMatch(/holds 42 in both/);
    expect(facts.find((f) => f.field === "receipt 1 gas used")?.value).toBe("30000");
    expect(facts.find((f) => f.field === "storage value")?.value).toBe("42");
    expect(facts.find((f) => f.field === "chain id")?.value).toBe("1");
  });

  it("a block by hash that differs from the block by number fails, naming the field", async () => {
    const alter = on("eth_getBlockByHash", (r) => ({ ...r, miner: A(9) }));
    const { checks } = await evmChecks(fakeAsk({ alter }).ask, SAMPLE);
    expect(byName(checks, "block by hash = block by number")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("miner"),
    });
  });

  it("null for a block the sample found is a failure", async () => {
    const alter = on("eth_getBlockByHash", () => null);
    const { checks } = await evmChecks(fakeAsk({ alter }).ask, SAMPLE);
    expect(byName(checks, "block by hash = block by number")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/answered null/),
    });
  });

  it("a transaction by index that is not the block's fails; the bound limits how many are fetched", async () => {
    const alter = on("eth_getTransactionByBlockHashAndIndex", (r, p) =>
      p[1] === "0x1" ? { ...r, gas: "0x1" } : r,
    );
    const { checks } = await evmChecks(fakeAsk({ alter }).ask, SAMPLE);
    expect(byName(checks, "transactions by block hash and index")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/transaction 0x1 differs .* gas/),
    });
    const bounded = fakeAsk({ alter });
    const one = await evmChecks(bounded.ask, SAMPLE, { txBound: 1 });
    expect(byName(one.checks, "transactions by block hash and index")).toMatchObject({
      status: "pass",
      detail: expect.stringMatching(/checked 1 of 2 .*bound is 1/),
    });
    expect(bounded.requests.filter((r) => r.method === "eth_getTransactionByBlockHashAndIndex")).toHaveLength(
      1,
    );
  });

  it("receipts out of order, of another block number, or missing fail", async () => {
    const swapped = on<Rec[]>("eth_getBlockReceipts", (r) => [r[1], r[0]]);
    expect(statuses((await evmChecks(fakeAsk({ alter: swapped }).ask, SAMPLE)).checks)).toMatchObject({
      "receipts: transaction order": "fail",
    });
    const otherNumber = on<Rec[]>("eth_getBlockReceipts", (r) =>
      r.map((x) => ({ ...x, blockNumber: "0x9" })),
    );
    expect(statuses((await evmChecks(fakeAsk({ alter: otherNumber }).ask, SAMPLE)).checks)).toMatchObject({
      "receipts: block number": "fail",
      "receipts: same block": "pass",
    });
    const short = on<Rec[]>("eth_getBlockReceipts", (r) => r.slice(0, 1));
    expect(statuses((await evmChecks(fakeAsk({ alter: short }).ask, SAMPLE)).checks)).toMatchObject({
      "receipts: transaction count": "fail",
    });
    const none = on("eth_getBlockReceipts", () => null);
    expect(statuses((await evmChecks(fakeAsk({ alter: none }).ask, SAMPLE)).checks)).toMatchObject({
      receipts: "fail",
    });
  });

  it("storage that differs from the proof's value fails; a proof that does not verify fails", async () => {
    const storage = on("eth_getStorageAt", () => H(43));
    const s = await evmChecks(fakeAsk({ alter: storage }).ask, SAMPLE);
    expect(byName(s.checks, "storage = proof's storage value")).toMatchObject({
      status: "fail",
      detail: "eth_getStorageAt says 43, eth_getProof 42",
    });
    const balance = on("eth_getProof", (r) => ({ ...r, balance: "0x6" }));
    const p = await evmChecks(fakeAsk({ alter: balance }).ask, SAMPLE);
    expect(byName(p.checks, "proof verifies against the state root")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/balance 5 ≠ 6/),
    });
    const root = on("eth_getBlockByNumber", (r) => ({ ...r, stateRoot: H(77) }));
    const q = await evmChecks(fakeAsk({ alter: root }).ask, SAMPLE);
    expect(byName(q.checks, "proof verifies against the state root").status).toBe("fail");
  });

  it("a transfer that does not estimate 21,000 fails, except as a note where the chain adds the L1 fee", async () => {
    const gas = on("eth_estimateGas", () => "0x5a3c");
    const fails = await evmChecks(fakeAsk({ alter: gas }).ask, SAMPLE);
    expect(byName(fails.checks, "a plain transfer estimates 21,000 gas")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/estimates 23,100 gas .*not 21,000/),
    });
    const arbitrum = await evmChecks(fakeAsk({ alter: gas }).ask, SAMPLE, { chainId: 42161 });
    expect(byName(arbitrum.checks, "a plain transfer estimates 21,000 gas")).toMatchObject({
      status: "note",
      detail: expect.stringMatching(/Arbitrum One adds the L1 data fee/),
    });
  });

  it("a request that fails fails its check with the message, and the others still run", async () => {
    const { ask } = fakeAsk();
    const broken: Ask = async (method, params) => {
      if (method === "eth_getProof") throw new Error("eth_getProof: JSON-RPC error -32601: method not found");
      return ask(method, params);
    };
    const { checks } = await evmChecks(broken, SAMPLE);
    expect(byName(checks, "storage = proof's storage value")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/-32601/),
    });
    expect(byName(checks, "a plain transfer estimates 21,000 gas").status).toBe("pass");
  });

  it("what the sample lacks is skipped, with why", async () => {
    const { checks } = await evmChecks(fakeAsk().ask, { ...SAMPLE, contract: null, transfer: null });
    expect(statuses(checks)).toMatchObject({
      "storage = proof's storage value": "skipped",
      "proof verifies against the state root": "skipped",
      "a plain transfer estimates 21,000 gas": "skipped",
    });
  });
});

describe("evmChecks on a real mainnet block (eth_getBlockByNumber.14)", () => {
  const block = mainnetFixture("eth_getBlockByNumber.14.json").result as {
    number: string;
    hash: string;
    stateRoot: string;
    transactions: Record<string, unknown>[];
  };
  const txs = block.transactions;
  const ask =
    (change?: (i: number, tx: Record<string, unknown>) => unknown): Ask =>
    async (method, params) => {
      const p = params as unknown[];
      if (method === "eth_getBlockByNumber" || method === "eth_getBlockByHash") return structuredClone(block);
      if (method === "eth_getTransactionByBlockHashAndIndex") {
        const i = Number(BigInt(p[1] as string));
        const tx = structuredClone(txs[i]!);
        return change ? change(i, tx) : tx;
      }
      throw new Error(`${method}: not in the fixtures`);
    };
  const sample: EvmSample = {
    ...SAMPLE,
    block: { number: block.number, hash: block.hash, stateRoot: block.stateRoot, transactions: txs.length },
    contract: null,
    transfer: null,
  };

  it("the block equals itself by hash, and its first 25 of 147 transactions by index", async () => {
    const { checks, facts } = await evmChecks(ask(), sample);
    expect(byName(checks, "block by hash = block by number").status).toBe("pass");
    expect(byName(checks, "transactions by block hash and index")).toMatchObject({
      status: "pass",
      detail: "checked 25 of 147 transaction(s) (the run's bound is 25): each equals the block's",
    });
    expect(facts.find((f) => f.field === "state root")?.value).toBe(block.stateRoot);
    expect(byName(checks, "receipts").status).toBe("fail");
  });

  it("a real transaction with one changed field is caught", async () => {
    const { checks } = await evmChecks(
      ask((i, tx) => (i === 20 ? { ...tx, value: "0x1" } : tx)),
      sample,
    );
    expect(byName(checks, "transactions by block hash and index").detail).toMatch(
      /^transaction 0x14 differs .*value/,
    );
  });
});

describe("starknetChecks", () => {
  const block = {
    block_hash: "0xabc",
    block_number: 5,
    parent_hash: "0x1",
    new_root: "0x2",
    transactions: ["0x9"],
  };
  const sample = { kind: "starknet" as const, block: { number: 5, hash: "0xabc" }, notes: [] };
  it("the block by number equals the block by hash", async () => {
    const { checks, facts } = await starknetChecks(
      async (m) => (m === "starknet_chainId" ? "0x534e5f5345504f4c4941" : structuredClone(block)),
      sample,
    );
    expect(checks).toEqual([
      {
        check: "block by number = block by hash",
        status: "pass",
        detail: "the two answers for block 5 are identical",
      },
    ]);
    expect(facts).toContainEqual({ field: "new root", value: "0x2" });
    expect(facts).toContainEqual({ field: "transaction 0 hash", value: "0x9" });
  });
  it("fails when they differ", async () => {
    const { checks } = await starknetChecks(
      async (_m, p) =>
        "block_hash" in ((p as { block_id: object }).block_id ?? {}) ? { ...block, new_root: "0x3" } : block,
      sample,
    );
    expect(checks[0]).toMatchObject({ status: "fail", detail: expect.stringContaining("new_root") });
  });
});

describe("differences", () => {
  it("lists the differing paths, ignoring key order", () => {
    expect(differences({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
    expect(differences({ a: 1, b: [1, 2], c: 3 }, { a: 2, b: [1, 3] })).toEqual([
      "a",
      "b[1]",
      "c (only in the first)",
    ]);
    expect(differences([1], [1, 2])).toEqual(["(value).length (1 ≠ 2)"]);
  });
});
