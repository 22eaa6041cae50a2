/**
 * Examples that exist on the chosen network: a few real values asked of the network itself (a
 * recent block with transactions, one of its transactions that called a contract, that
 * contract's first non-empty storage slot, a sender for a plain transfer), from which every
 * method's example params follow. The form's first use of a method and the QA run both start
 * from a sample; the devnet keeps its seeded examples (methods/devnet-examples.ts).
 *
 * Pure: the network is reached through `call`, which resolves a result or throws. Every answer is
 * read defensively (a provider may answer anything); what cannot be found is left null with a
 * note saying why, never guessed.
 */
import { isRecord } from "../chain/record.ts";
import type { KnownContract } from "../networks/known-contracts.ts";
import type { ChainKind } from "../networks/network.ts";
import { getMethod } from "./registry.ts";
import type { FormValues, MethodDef } from "./types.ts";

/** Asks the network: resolves the JSON-RPC result, throws on an error or a failure. */
export type Call = (method: string, params: unknown[] | Record<string, unknown>) => Promise<unknown>;

export type EvmSample = {
  kind: "evm";
  /** A recent sealed block with at least one transaction (or the latest, if none was found). */
  block: { number: string; hash: string; stateRoot: string | null; transactions: number };
  /** A transaction of that block: the first that calls a contract, else the first. */
  tx: { index: string; hash: string; from: string; to: string | null; calls: boolean } | null;
  /** A contract and a non-empty slot of it: the one the transaction called, or a known one. */
  contract: { address: string; slot: string; name: string | null; source: "called" | "known" } | null;
  /** A plain transfer of 1 wei from an account that just paid for a transaction, to an empty one. */
  transfer: { from: string; to: string; value: string } | null;
  /** What could not be found, in words (shown beside the examples, and in a QA report). */
  notes: string[];
};

export type StarknetSample = {
  kind: "starknet";
  block: { number: number; hash: string };
  notes: string[];
};

export type NetworkSample = EvmSample | StarknetSample;

type SampleOptions = {
  /** Take the sample at this block (a hex number for EVM, a number for Starknet) instead of the latest. */
  at?: string | number;
  /** The network's well-known contracts (src/networks/examples/<id>.json). */
  known?: readonly KnownContract[];
};

/** How far back the sample looks for a block with transactions. */
const MAX_BLOCKS_BACK = 16;
/** How many transactions of the block it reads looking for a contract call. */
const MAX_TXS_READ = 8;
/** The plain storage slots tried on a called contract (then the EIP-1967 implementation slot). */
const PLAIN_SLOTS = ["0x0", "0x1", "0x2", "0x3"] as const;
/** EIP-1967's implementation slot: a proxy (USDC, most upgradeable tokens) keeps its logic's address here. */
export const EIP1967_IMPLEMENTATION_SLOT =
  "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
/** The transfer's recipient: an address nobody holds the key to and no code lives at. */
export const BURN_ADDRESS = "0x000000000000000000000000000000000000dEaD";

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const hexOf = (v: unknown): string | null =>
  typeof v === "string" && HEX.test(v) && v.length > 2 ? v : null;
const addressOf = (v: unknown): string | null => (typeof v === "string" && ADDRESS.test(v) ? v : null);
const hashOf = (v: unknown): string | null => (typeof v === "string" && HASH.test(v) ? v : null);
const isZeroWord = (v: unknown) => typeof v !== "string" || !HEX.test(v) || /^0x0*$/.test(v);
const toHex = (n: bigint) => `0x${n.toString(16)}`;

/** Asks the network for a sample of real values (a handful of small requests). */
export async function deriveSample(
  call: Call,
  kind: ChainKind,
  options: SampleOptions = {},
): Promise<NetworkSample> {
  return kind === "starknet" ? deriveStarknet(call, options) : deriveEvm(call, options);
}

async function deriveStarknet(call: Call, { at }: SampleOptions): Promise<StarknetSample> {
  const block_id = typeof at === "number" ? { block_number: at } : "latest";
  const block = await call("starknet_getBlockWithTxHashes", { block_id });
  if (!isRecord(block) || typeof block.block_number !== "number" || typeof block.block_hash !== "string")
    throw new Error(
      "starknet_getBlockWithTxHashes did not answer a sealed block (no block_number or block_hash).",
    );
  return { kind: "starknet", block: { number: block.block_number, hash: block.block_hash }, notes: [] };
}

type BlockHead = { number: string; hash: string; stateRoot: string | null; txs: unknown[] };

function readBlock(answer: unknown, asked: string): BlockHead {
  if (!isRecord(answer)) throw new Error(`eth_getBlockByNumber(${asked}) answered no block.`);
  const number = hexOf(answer.number);
  const hash = hashOf(answer.hash);
  if (!number || !hash)
    throw new Error(`eth_getBlockByNumber(${asked}) answered a block without a number or hash.`);
  const txs = Array.isArray(answer.transactions) ? answer.transactions : [];
  return { number, hash, stateRoot: hashOf(answer.stateRoot), txs };
}

async function deriveEvm(call: Call, { at, known = [] }: SampleOptions): Promise<EvmSample> {
  const notes: string[] = [];
  const start = typeof at === "string" ? at : "latest";
  const first = readBlock(await call("eth_getBlockByNumber", [start, false]), start);
  // A recent block with transactions: the latest may be empty (an idle chain, a devnet).
  let block = first;
  for (let back = 1n; block.txs.length === 0 && back <= BigInt(MAX_BLOCKS_BACK); back++) {
    const n = BigInt(first.number) - back;
    if (n < 0n) break;
    block = readBlock(await call("eth_getBlockByNumber", [toHex(n), false]), toHex(n));
  }
  if (block.txs.length === 0) {
    notes.push(`No transaction in the ${MAX_BLOCKS_BACK + 1} blocks up to ${first.number}.`);
    block = first;
  }

  const tx = await findTransaction(call, block, notes);
  const contract = await findContract(call, block.number, tx, known, notes);
  const transfer = tx ? { from: tx.from, to: BURN_ADDRESS, value: "0x1" } : null;
  if (!transfer) notes.push("No sender found for a plain transfer.");
  return {
    kind: "evm",
    block: {
      number: block.number,
      hash: block.hash,
      stateRoot: block.stateRoot,
      transactions: block.txs.length,
    },
    tx,
    contract,
    transfer,
    notes,
  };
}

/**
 * A transaction nobody signed: an L2's system or bridge transaction (an OP Stack deposit, ArbOS's
 * internal transaction, Polygon's state sync), whose signature is zero. Its sender is no account a user could send from, nor its receiver a contract
 * they call: the sample prefers a signed one.
 */
function unsigned(tx: Record<string, unknown>): boolean {
  const zero = (v: unknown) => typeof v === "string" && /^0x0*$/.test(v);
  return zero(tx.r) && zero(tx.s);
}

async function findTransaction(call: Call, block: BlockHead, notes: string[]): Promise<EvmSample["tx"]> {
  let fallback: EvmSample["tx"] = null;
  let system: EvmSample["tx"] = null;
  const count = Math.min(block.txs.length, MAX_TXS_READ);
  for (let i = 0; i < count; i++) {
    const index = toHex(BigInt(i));
    const answer = await call("eth_getTransactionByBlockHashAndIndex", [block.hash, index]);
    if (!isRecord(answer)) continue;
    const hash = hashOf(answer.hash);
    const from = addressOf(answer.from);
    if (!hash || !from) continue;
    const to = addressOf(answer.to);
    const input = typeof answer.input === "string" ? answer.input : "0x";
    const calls = to !== null && input.length > 2;
    const tx = { index, hash, from, to, calls };
    if (unsigned(answer)) {
      system ??= tx;
      continue;
    }
    if (calls) return tx;
    fallback ??= tx;
  }
  fallback ??= system;
  if (block.txs.length > 0 && !fallback) notes.push(`No readable transaction in block ${block.number}.`);
  else if (fallback)
    notes.push(`No contract call among the first ${count} transactions of block ${block.number}.`);
  return fallback;
}

async function readSlot(call: Call, address: string, slot: string, block: string): Promise<boolean> {
  try {
    return !isZeroWord(await call("eth_getStorageAt", [address, slot, block]));
  } catch {
    return false;
  }
}

async function findContract(
  call: Call,
  block: string,
  tx: EvmSample["tx"],
  known: readonly KnownContract[],
  notes: string[],
): Promise<EvmSample["contract"]> {
  if (tx?.calls && tx.to) {
    for (const slot of [...PLAIN_SLOTS, EIP1967_IMPLEMENTATION_SLOT])
      if (await readSlot(call, tx.to, slot, block))
        return { address: tx.to, slot, name: null, source: "called" };
    notes.push(`The contract ${tx.to} holds nothing in slots 0 to 3 or the EIP-1967 slot.`);
  }
  // Each listed slot in turn: a slot known to be set on one version of a contract may be empty on
  // another (a predeploy's later layout), and the next one still gives an example.
  for (const c of known)
    for (const { slot } of c.slots)
      if (await readSlot(call, c.address, slot, block))
        return { address: c.address, slot, name: c.name, source: "known" };
  notes.push(
    known.length ? "None of the network's known contracts answered a non-empty slot." : "No contract found.",
  );
  return null;
}

const defOf = (method: string | MethodDef) => (typeof method === "string" ? getMethod(method) : method);

/** A sample of the method's own chain kind: a sample of the other kind has nothing for it. */
const fits = (def: MethodDef, sample: NetworkSample) => def.chain === sample.kind;

/** One method's example values from a sample (its definition's `sample.values`), or null. */
export function sampleValues(method: string | MethodDef, sample: NetworkSample): FormValues | null {
  const def = defOf(method);
  return def && fits(def, sample) ? def.sample.values(sample) : null;
}

/**
 * Whether the sample says the object a method asks for exists, so a null answer is a failure
 * (the QA run): the block, its transaction, its receipts; the definition's `sample.exists`.
 */
export function sampleSaysExists(method: string | MethodDef, sample: NetworkSample): boolean {
  const def = defOf(method);
  return def && fits(def, sample) ? (def.sample.exists?.(sample) ?? false) : false;
}

/** Why a sample gives a method no values: the definition's `sample.lacking`, then the sample's notes. */
export function sampleLacking(def: MethodDef, sample: NetworkSample): string {
  if (!fits(def, sample)) return `not a${sample.kind === "evm" ? "n EVM" : " Starknet"} method`;
  const { lacking } = def.sample;
  const why =
    typeof lacking === "function" ? lacking(sample) : (lacking ?? "the sample has no values for it");
  return sample.notes.length ? `${why} (${sample.notes.join(" ")})` : why;
}
