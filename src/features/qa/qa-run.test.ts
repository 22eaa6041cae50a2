import { describe, expect, it } from "vitest";
import { starknetFixture } from "../../chain/test-fixtures.ts";
import { DEVNET } from "../../methods/devnet-examples.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { HttpStatusError } from "../../rpc/errors.ts";
import type { RpcAnswer } from "../../rpc/types.ts";
import { redactKeys } from "./qa-redact.ts";
import { judge, type QaTarget, runQa, type Send, toJson, toMarkdown } from "./qa-run.ts";
import { CONTRACT, fakeChain, H, TX_BLOCK } from "./test-fake-chain.ts";

const meta = { transport: "http" as const, latencyMs: 12.4, sizeBytes: 100 };
const result = (r: unknown): RpcAnswer => ({ kind: "result", result: r, raw: { result: r }, meta });

const EVM = { id: "ethereum-mainnet", name: "Ethereum Mainnet", kind: "evm" as const, chainId: 1 };
const target = (id: string, send: Send, network: QaTarget["network"] = EVM): QaTarget => ({
  id,
  network,
  keySource: "stored",
  send,
});
const opts = { transports: ["http" as const], methods: methodsForChain };
const row = (run: Awaited<ReturnType<typeof runQa>>, t: string, method: string) =>
  run.targets.find((x) => x.id === t)?.rows.find((r) => r.method === method);

describe("judge", () => {
  const block = getMethod("eth_getBlockByNumber")!;
  it("fails a JSON-RPC error, with its code", () => {
    const r = judge(block, {
      ok: true,
      answer: { kind: "error", error: { code: -32000, message: "boom" }, raw: {}, meta },
    });
    expect(r).toEqual({ status: "fail", reason: "JSON-RPC error -32000: boom" });
  });
  it("passes null where the spec allows it, unless the sample says the object exists", () => {
    expect(judge(block, { ok: true, answer: result(null) }).status).toBe("pass");
    expect(judge(block, { ok: true, answer: result(null) }, true)).toEqual({
      status: "fail",
      reason: "null, but the sample found what was asked for",
    });
    expect(judge(getMethod("eth_getProof")!, { ok: true, answer: result(null) }).status).toBe("fail");
  });
  it("fails a result with a wrong shape, and a transport failure with its message", () => {
    expect(judge(getMethod("eth_estimateGas")!, { ok: true, answer: result(12) })).toMatchObject({
      status: "fail",
      reason: expect.stringMatching(/^shape: /),
    });
    const r = judge(block, {
      ok: false,
      error: new HttpStatusError({
        status: 401,
        statusText: "Unauthorized",
        bodySnippet: "invalid project id",
      }),
    });
    expect(r.reason).toMatch(/401/);
  });
});

describe("runQa on one network", () => {
  it("samples the network at its head minus the margin and sends every method with params from it", async () => {
    const chain = fakeChain({ head: 12 });
    const run = await runQa([target("A", chain.send)], opts);
    expect(chain.requests[0]?.method).toBe("eth_blockNumber");
    expect(chain.requests[1]).toMatchObject({ method: "eth_getBlockByNumber", params: ["0xa", false] });
    expect(run.block).toMatchObject({
      number: "0x8",
      hash: H(1000 + TX_BLOCK),
      lowestHead: "0xc",
      startedAt: "0xa",
      margin: 2,
    });
    const a = run.targets[0]!;
    expect(a.error).toBeNull();
    expect(a.rows.map((r) => [r.method, r.status])).toEqual(
      methodsForChain("evm").map((d) => [d.name, "pass"]),
    );
    expect(row(run, "A", "eth_getBlockByHash")?.params).toEqual([H(1008), false]);
    expect(row(run, "A", "eth_getProof")?.params).toEqual([CONTRACT, [H(0)], "0x8"]);
    // Nothing of the devnet's examples is sent.
    const sent = JSON.stringify(chain.requests).toLowerCase();
    for (const v of [DEVNET.deployer, DEVNET.alice, DEVNET.reverter])
      expect(sent).not.toContain(v.toLowerCase());
    expect(a.checks.filter((c) => c.status !== "pass")).toEqual([]);
    expect(run.comparison).toBeNull();
  });

  it("a null answer for what the sample found fails the method", async () => {
    const chain = fakeChain({ alter: (m, _p, r) => (m === "eth_getBlockByHash" ? null : r) });
    const run = await runQa([target("A", chain.send)], opts);
    expect(row(run, "A", "eth_getBlockByHash")).toMatchObject({
      status: "fail",
      reason: "null, but the sample found what was asked for",
    });
    expect(row(run, "A", "eth_getUncleByBlockNumberAndIndex")?.status).toBe("pass");
  });

  it("a method the sample has no params for is skipped, with why", async () => {
    // No transactions anywhere: no transaction, no called contract, no sender.
    const chain = fakeChain({
      alter: (m, _p, r) =>
        m === "eth_getBlockByNumber" && r && typeof r === "object" ? { ...r, transactions: [] } : r,
    });
    const run = await runQa([target("A", chain.send)], opts);
    expect(row(run, "A", "eth_getTransactionByBlockHashAndIndex")).toMatchObject({
      status: "skipped",
      params: null,
      reason: expect.stringMatching(/^skipped: the sample found no transaction in block 0x8/),
    });
    expect(row(run, "A", "eth_getStorageAt")?.reason).toMatch(/^skipped: the sample found no contract/);
    expect(row(run, "A", "eth_estimateGas")?.reason).toMatch(/^skipped: the sample found no sender/);
    expect(row(run, "A", "eth_getBlockByNumber")?.status).toBe("pass");
  });

  it("sends each method N times and gives the median and p95 of the latencies", async () => {
    let i = 0;
    const chain = fakeChain({ latency: () => (i++ % 5) * 10 + 10 });
    const run = await runQa([target("A", chain.send)], { ...opts, repeats: 5 });
    const r = row(run, "A", "eth_getBlockByNumber")!;
    expect(r.latenciesMs).toHaveLength(5);
    expect(r.latency).toMatchObject({ n: 5, medianMs: 30, p95Ms: 50 });
    expect(chain.requests.filter((x) => x.method === "eth_getUncleByBlockNumberAndIndex")).toHaveLength(5);
    expect(toMarkdown(run)).toMatch(
      /\| eth_getBlockByNumber \| HTTP \| pass \| .* \| 30 ms \| 50 ms \| 5 \|/,
    );
  });

  it("a repeat that fails fails the row and says how many did", async () => {
    let n = 0;
    const chain = fakeChain();
    const flaky: Send = async (body, t) => {
      if (body.method === "eth_getBlockReceipts" && n++ === 1) throw new TypeError("Failed to fetch");
      return chain.send(body, t);
    };
    const run = await runQa([target("A", flaky)], { ...opts, repeats: 3 });
    expect(row(run, "A", "eth_getBlockReceipts")).toMatchObject({
      status: "fail",
      reason: expect.stringMatching(/\(1 of 3 repeats failed\)$/),
      latency: expect.objectContaining({ n: 2 }),
    });
  });

  it("reports its progress, and a cancelled run sends nothing more", async () => {
    const controller = new AbortController();
    const chain = fakeChain();
    const updates: number[] = [];
    const run = await runQa([target("A", chain.send)], {
      ...opts,
      signal: controller.signal,
      onUpdate: (r) => {
        updates.push(r.targets[0]!.rows.length);
        if (r.targets[0]!.rows.length === 2) controller.abort();
      },
    });
    expect(run.cancelled).toBe(true);
    expect(run.targets[0]!.rows).toHaveLength(2);
    expect(Math.max(...updates)).toBe(2);
    expect(chain.requests.some((r) => r.method === "eth_getBlockReceipts")).toBe(false);
  });
});

describe("runQa comparing providers", () => {
  it("samples at the lowest head minus the margin, the same block for all, and agrees everywhere", async () => {
    const a = fakeChain({ head: 12 });
    const b = fakeChain({ head: 10 });
    const run = await runQa([target("A", a.send), target("B", b.send)], opts);
    expect(run.block).toMatchObject({ number: "0x8", lowestHead: "0xa", startedAt: "0x8", sampledFrom: "A" });
    expect(a.requests.find((r) => r.method === "eth_getBlockByNumber")?.params).toEqual(["0x8", false]);
    expect(row(run, "B", "eth_getProof")?.params).toEqual(row(run, "A", "eth_getProof")?.params);
    expect(run.comparison).toMatchObject({ targets: ["A", "B"], disagreements: [] });
    expect(run.comparison!.compared).toBeGreaterThan(15);
    expect(run.comparison!.agreed).toBe(run.comparison!.compared);
  });

  it("flags a receipt's status and a state root that one provider answers differently", async () => {
    const a = fakeChain();
    const c = fakeChain({
      alter: (m, _p, r) => {
        if (m === "eth_getBlockReceipts") (r as { status: string }[])[1]!.status = "0x0";
        if ((m === "eth_getBlockByNumber" || m === "eth_getBlockByHash") && r)
          (r as { stateRoot: string }).stateRoot = H(77);
        return r;
      },
    });
    const run = await runQa([target("A", a.send), target("B", a.send), target("C", c.send)], opts);
    const d = run.comparison!.disagreements;
    expect(d).toContainEqual({ field: "receipt 1 status", values: ["1", "1", "0"], agree: false });
    expect(d.find((x) => x.field === "state root")?.values[2]).toBe(H(77));
    expect(
      run.targets[2]!.checks.find((x) => x.check === "proof verifies against the state root")?.status,
    ).toBe("fail");
    const md = toMarkdown(run);
    expect(md).toContain("| receipt 1 status | 1 | 1 | 0 | **differs** |");
    expect(md).toMatch(/\| state root \| 0x[0-9a-f]{64} \| 0x[0-9a-f]{64} \| 0x0+4d \| \*\*differs\*\* \|/);
  });

  it("a target that fails fails its own column, never the run", async () => {
    const a = fakeChain();
    const down: Send = async () => {
      throw new TypeError("Failed to fetch");
    };
    const run = await runQa([target("A", down), target("B", a.send), target("C", a.send)], opts);
    expect(run.targets[0]!.error).toMatch(/^Could not read the chain's head: eth_blockNumber: /);
    expect(run.targets[0]!.rows).toEqual([]);
    expect(run.block?.sampledFrom).toBe("B");
    expect(run.targets[1]!.rows.every((r) => r.status === "pass")).toBe(true);
    expect(run.comparison?.targets).toEqual(["B", "C"]);
  });

  it("a target of another chain kind is refused with a message", async () => {
    const a = fakeChain();
    const starknet = { id: "starknet-mainnet", name: "Starknet Mainnet", kind: "starknet" as const };
    const run = await runQa([target("A", a.send), target("B", a.send, starknet)], opts);
    expect(run.targets[1]!.error).toMatch(/Starknet network; the run compares networks of one kind/);
    expect(run.targets[0]!.rows.length).toBeGreaterThan(0);
  });

  it("exports neither the stored nor the typed key, even when a failure carried it", async () => {
    const KEY = "qa-very-distinctive-key-7f3a9c";
    const a = fakeChain();
    const leaky: Send = async (body, t) => {
      if (body.method === "eth_getStorageAt")
        throw new TypeError(`Failed to fetch https://node.example/v3/${KEY} (${encodeURIComponent(KEY)})`);
      return a.send(body, t);
    };
    const raw = await runQa([target("A", a.send), { ...target("B", leaky), keySource: "typed" }], opts);
    expect(JSON.stringify(raw)).toContain(KEY);
    const run = redactKeys(raw, ["stored-key-1234", KEY]);
    const json = toJson(run);
    const md = toMarkdown(run);
    for (const text of [json, md]) {
      expect(text).not.toContain(KEY);
      expect(text).toContain("<API_KEY>");
    }
    expect(md).toContain("typed for this comparison");
    expect(JSON.parse(json).targets[1]).toMatchObject({ id: "B", keySource: "typed" });
    expect(JSON.parse(json).targets[1]).not.toHaveProperty("facts");
  });
});

describe("runQa on Starknet", () => {
  it("samples the block at the head minus the margin and checks it by number and by hash", async () => {
    // A real Starknet block (test/fixtures/starknet) with this chain's number and hash over it.
    const real = starknetFixture("confirmed_with_tx_hashes.v0_9.json") as Record<string, unknown>;
    const blocks = (n: number) => ({ ...real, block_number: n, block_hash: `0x${(100 + n).toString(16)}` });
    const send: Send = async (body) => {
      if (body.method === "starknet_blockNumber") return result(9);
      if (body.method === "starknet_chainId") return result("0x534e");
      const id = (body.params as { block_id: { block_number?: number; block_hash?: string } }).block_id;
      return result(blocks(id.block_number ?? Number(BigInt(id.block_hash ?? "0x0")) - 100));
    };
    const run = await runQa(
      [target("A", send, { id: "devnet-starknet", name: "Starknet devnet", kind: "starknet" })],
      opts,
    );
    expect(run.block).toMatchObject({ number: "7", hash: "0x6b" });
    expect(run.targets[0]!.rows).toMatchObject([
      { method: "starknet_getBlockWithTxHashes", status: "pass", params: { block_id: { block_number: 7 } } },
    ]);
    expect(run.targets[0]!.checks).toMatchObject([
      { check: "block by number = block by hash", status: "pass" },
    ]);
  });
});
