/**
 * Test-only: a small EVM chain behind a QA `Send`, for the run's unit tests. Its blocks,
 * transactions and receipts take every field from a real mainnet answer (test/fixtures:
 * eth_getBlockByNumber.14, eth_getBlockReceipts.10) with the numbers, hashes and links of this
 * chain written over them; its state is a real trie built here with @ethereumjs/mpt, so its
 * eth_getProof answers verify against its blocks' stateRoot. Blocks 0..head; only block 8 holds
 * transactions (a plain transfer, then a call to CONTRACT, whose slot 0 holds 42).
 */
import { createMerkleProof, createMPT } from "@ethereumjs/mpt";
import { encode as rlpEncode } from "@ethereumjs/rlp";
import { bigIntToUnpaddedBytes } from "@ethereumjs/util";
import { bytesToHex, hexToBytes, keccak256, pad } from "viem/utils";
import { mainnetFixture } from "../../chain/test-fixtures.ts";
import { getMethod } from "../../methods/registry.ts";
import type { ParamKind } from "../../methods/types.ts";
import type { JsonRpcRequest, RpcAnswer } from "../../rpc/types.ts";
import type { Send } from "./qa-run.ts";

export const H = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
export const A = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
export const CONTRACT = A(7);
export const TX_BLOCK = 8;
const CODE_HASH = keccak256("0x6000");

type Rec = Record<string, unknown>;
const template = {
  block: mainnetFixture("eth_getBlockByNumber.14.json").result as Rec,
  receipt: (mainnetFixture("eth_getBlockReceipts.10.json").result as Rec[])[0]!,
};
const txTemplate = (template.block.transactions as Rec[])[0]!;

let state: Promise<{ root: string; proof(slot: string): Promise<Rec> }> | null = null;

/** The chain's state: CONTRACT with nonce 1, balance 5 wei, slot 0 = 42. */
function buildState() {
  state ??= (async () => {
    const storage = await createMPT();
    const slotKey = (slot: string) => hexToBytes(keccak256(pad(slot as `0x${string}`, { size: 32 })));
    await storage.put(slotKey("0x0"), rlpEncode(bigIntToUnpaddedBytes(42n)));
    const storageRoot = bytesToHex(storage.root());
    const accounts = await createMPT();
    const accountKey = hexToBytes(keccak256(CONTRACT as `0x${string}`));
    await accounts.put(
      accountKey,
      rlpEncode([
        bigIntToUnpaddedBytes(1n),
        bigIntToUnpaddedBytes(5n),
        hexToBytes(storageRoot),
        hexToBytes(CODE_HASH),
      ]),
    );
    const accountProof = (await createMerkleProof(accounts, accountKey)).map((n) => bytesToHex(n));
    return {
      root: bytesToHex(accounts.root()),
      proof: async (slot: string): Promise<Rec> => ({
        address: CONTRACT,
        accountProof,
        balance: "0x5",
        codeHash: CODE_HASH,
        nonce: "0x1",
        storageHash: storageRoot,
        storageProof: [
          {
            key: slot,
            value: BigInt(slot) === 0n ? "0x2a" : "0x0",
            proof: (await createMerkleProof(storage, slotKey(slot))).map((n) => bytesToHex(n)),
          },
        ],
      }),
    };
  })();
  return state;
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

function transactions(n: number): Rec[] {
  if (n !== TX_BLOCK) return [];
  const common = { blockHash: H(1000 + n), blockNumber: hex(n) };
  return [
    { ...txTemplate, ...common, hash: H(1), from: A(1), to: A(2), input: "0x", transactionIndex: "0x0" },
    {
      ...txTemplate,
      ...common,
      hash: H(2),
      from: A(3),
      to: CONTRACT,
      input: "0xa9059cbb",
      transactionIndex: "0x1",
    },
  ];
}

const GAS = [21_000, 30_000];

function block(n: number, full: boolean, root: string): Rec {
  const txs = transactions(n);
  return {
    ...template.block,
    number: hex(n),
    hash: H(1000 + n),
    parentHash: n === 0 ? H(0) : H(1000 + n - 1),
    stateRoot: root,
    gasUsed: hex(txs.length ? GAS[0]! + GAS[1]! : 0),
    transactions: full ? txs : txs.map((t) => t.hash),
  };
}

function receipts(n: number): Rec[] {
  let cumulative = 0;
  return transactions(n).map((t, i) => {
    cumulative += GAS[i]!;
    return {
      ...template.receipt,
      blockHash: t.blockHash,
      blockNumber: t.blockNumber,
      transactionHash: t.hash,
      transactionIndex: t.transactionIndex,
      from: t.from,
      to: t.to,
      contractAddress: null,
      gasUsed: hex(GAS[i]!),
      cumulativeGasUsed: hex(cumulative),
      status: "0x1",
      logs: [],
    };
  });
}

export type FakeChainOptions = {
  head?: number;
  /** Changes an answer (return the result to send instead). */
  alter?: (method: string, params: unknown, result: unknown) => unknown;
  /** The latency each answer reports, by the count of requests so far. */
  latency?: (i: number) => number;
  chainId?: string;
};

/** A sender over the fake chain, and every request it was sent. */
export function fakeChain(options: FakeChainOptions = {}) {
  const head = options.head ?? 10;
  const requests: JsonRpcRequest[] = [];
  const numberOf = (tag: unknown) => (tag === "latest" ? head : Number(BigInt(tag as string)));
  const byHash = (h: unknown) => {
    for (let n = 0; n <= head; n++) if (H(1000 + n) === h) return n;
    return null;
  };
  const txByHash = (h: unknown) => {
    for (let n = 0; n <= head; n++) for (const t of transactions(n)) if (t.hash === h) return t;
    return null;
  };
  /**
   * A method of the registry is answered by its result kind, its params read by their kinds (a
   * block parameter, a hash of a block or a transaction, an index, an address, slots): a method
   * added to the registry is answered without a line here.
   */
  const answer = async (method: string, p: unknown[]): Promise<unknown> => {
    const { root, proof } = await buildState();
    if (method === "eth_blockNumber") return hex(head);
    if (method === "eth_chainId") return options.chainId ?? "0x1";
    const def = getMethod(method);
    if (def?.chain !== "evm") throw new Error(`the fake chain has no ${method}`);
    const arg = (...kinds: ParamKind[]) => p[def.params.findIndex((x) => kinds.includes(x.kind))];
    const named = (name: string) => p[def.params.findIndex((x) => x.name === name)];
    const blockTag = arg("blockParam", "blockParamOrDecimal");
    const n = blockTag !== undefined ? numberOf(blockTag) : byHash(arg("hash32"));
    const inChain = n !== null && n <= head;
    switch (def.result.kind) {
      case "block":
        return inChain ? block(n, named("full") === true, root) : null;
      case "uncle":
        return null;
      case "transaction": {
        const index = named("index");
        if (index === undefined) return txByHash(arg("hash32"));
        return inChain ? (transactions(n)[Number(BigInt(index as string))] ?? null) : null;
      }
      case "receipts":
        return inChain ? receipts(n) : null;
      case "storageWord":
        return String(arg("address")).toLowerCase() === CONTRACT && BigInt(arg("quantity") as string) === 0n
          ? pad("0x2a", { size: 32 })
          : H(0);
      case "proof":
        return proof((arg("storageKeys") as string[])[0] ?? "0x0");
      case "gasEstimate":
        return "0x5208";
      case "starknetBlock":
        throw new Error(`the fake chain is an EVM chain: no ${method}`);
    }
  };
  const send: Send = async (body, transport) => {
    requests.push(body);
    const p = Array.isArray(body.params) ? body.params : [];
    let result = await answer(body.method, p);
    if (options.alter) result = options.alter(body.method, body.params, structuredClone(result));
    const raw = { jsonrpc: "2.0", id: body.id, result };
    const answered: RpcAnswer = {
      kind: "result",
      result,
      raw,
      meta: {
        transport,
        latencyMs: options.latency?.(requests.length) ?? 5,
        sizeBytes: JSON.stringify(raw).length,
      },
    };
    return answered;
  };
  return { send, requests };
}

/** The fake chain as an `Ask` (for the checks alone). */
export function fakeAsk(options: FakeChainOptions = {}) {
  const { send, requests } = fakeChain(options);
  let id = 1;
  return {
    requests,
    ask: async (method: string, params: unknown[] | Record<string, unknown>) => {
      const a = await send({ jsonrpc: "2.0", id: id++, method, params }, "http");
      if (a.kind === "error") throw new Error(a.error.message);
      return a.result;
    },
  };
}
