import { keccak256, stringToHex } from "viem";

/**
 * The Starknet simulator's chain: a few hundred sealed blocks and one pending block, derived
 * from a seed string so that every start (and every test, and the docs) sees the same hashes.
 * Field names, order and value formats follow `starknet_getBlockWithTxHashes` as today's nodes
 * answer it (RPC 0.8: `l1_gas_price`, `l2_gas_price`, `l1_data_gas_price`, `l1_da_mode`...).
 */

export type FeltHex = `0x${string}`;

export interface ResourcePrice {
  price_in_fri: FeltHex;
  price_in_wei: FeltHex;
}

interface BlockHeaderCommon {
  parent_hash: FeltHex;
  timestamp: number;
  sequencer_address: FeltHex;
  l1_gas_price: ResourcePrice;
  l2_gas_price: ResourcePrice;
  l1_data_gas_price: ResourcePrice;
  l1_da_mode: "BLOB" | "CALLDATA";
  starknet_version: string;
  transactions: FeltHex[];
}

export interface StarknetSealedBlock extends BlockHeaderCommon {
  status: "ACCEPTED_ON_L1" | "ACCEPTED_ON_L2";
  block_hash: FeltHex;
  block_number: number;
  new_root: FeltHex;
}

/** The block being built: no `block_hash`, `block_number` or `new_root`, as the spec says. */
export interface StarknetPendingBlock extends BlockHeaderCommon {
  status: "PENDING";
}

export interface StarknetChain {
  /** `starknet_chainId`: the short string `SN_DEVNET`, hex-encoded as nodes answer it. */
  chainId: FeltHex;
  /** Sealed blocks; `blocks[n].block_number === n`. */
  blocks: readonly StarknetSealedBlock[];
  latest: StarknetSealedBlock;
  pending: StarknetPendingBlock;
  /** Looks a block up by the numeric value of its hash (so `0x0abc` finds `0xabc`). */
  byHash(hash: bigint): StarknetSealedBlock | undefined;
}

export interface StarknetChainOptions {
  /** How many sealed blocks (numbers 0 to count - 1). */
  blockCount?: number;
  /** How many of the newest sealed blocks are still only `ACCEPTED_ON_L2`. */
  acceptedOnL2Count?: number;
  /** Changes every hash; the default gives the chain docs/devnet.md describes. */
  seed?: string;
}

export const STARKNET_DEFAULTS = {
  blockCount: 300,
  acceptedOnL2Count: 10,
  seed: "rpc-playground-starknet-devnet",
  /** 2025-01-01T00:00:00Z: block 0's timestamp; blocks follow about every 30 s. */
  genesisTimestamp: 1_735_689_600,
  chainName: "SN_DEVNET",
} as const;

/** Starknet's field prime, 2^251 + 17 * 2^192 + 1: every felt is below it. */
export const FELT_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;
const MASK_251 = (1n << 251n) - 1n;

/** A felt as nodes print it: 0x-prefixed lowercase hex without leading zeros. */
export const feltHex = (v: bigint): FeltHex => `0x${v.toString(16)}`;

/** keccak256 of `seed:label`, cut to 251 bits (always below the field prime). */
export function deriveFelt(seed: string, label: string): bigint {
  return BigInt(keccak256(stringToHex(`${seed}:${label}`))) & MASK_251;
}

/** A short string (at most 31 ASCII characters) as a felt, e.g. `SN_MAIN` -> 0x534e5f4d41494e. */
export function shortStringFelt(s: string): FeltHex {
  if (s.length > 31 || !/^[\x20-\x7e]*$/.test(s)) throw new Error("not a Cairo short string");
  return s.length === 0 ? "0x0" : stringToHex(s);
}

function txCount(u: bigint, n: number): number {
  if (n === 0) return 0;
  const r = Number(u % 1000n);
  if (r < 90) return 0;
  if (r < 700) return 1 + (r % 24);
  if (r < 960) return 25 + (r % 97);
  return 150 + ((r * 7) % 200);
}

function starknetVersion(n: number, count: number): string {
  if (n < Math.floor(count / 3)) return "0.13.3";
  if (n < Math.floor((2 * count) / 3)) return "0.13.4";
  return "0.13.5";
}

function prices(seed: string, label: string) {
  const u = deriveFelt(seed, `prices:${label}`);
  const l1Wei = 600_000_000n + (u % 2_400_000_000n);
  const l1Fri = l1Wei * (30_000n + ((u >> 64n) % 6_000n));
  const l2Fri = 2_500_000_000n + ((u >> 96n) % 1_000_000_000n);
  const dataFri = 20_000n + ((u >> 128n) % 30_000n);
  return {
    l1_gas_price: { price_in_fri: feltHex(l1Fri), price_in_wei: feltHex(l1Wei) },
    l2_gas_price: { price_in_fri: feltHex(l2Fri), price_in_wei: feltHex(l2Fri / 33_000n + 1n) },
    l1_data_gas_price: { price_in_fri: feltHex(dataFri), price_in_wei: feltHex(1n + ((u >> 160n) % 3n)) },
  };
}

/** Builds the simulator's chain. Pure and deterministic: same options, same blocks. */
export function generateStarknetChain(options: StarknetChainOptions = {}): StarknetChain {
  const count = options.blockCount ?? STARKNET_DEFAULTS.blockCount;
  const onL2 = options.acceptedOnL2Count ?? STARKNET_DEFAULTS.acceptedOnL2Count;
  const seed = options.seed ?? STARKNET_DEFAULTS.seed;
  if (!Number.isInteger(count) || count < 1) throw new Error("blockCount must be a positive integer");

  const sequencer = feltHex(deriveFelt(seed, "sequencer"));
  const blocks: StarknetSealedBlock[] = [];
  let timestamp: number = STARKNET_DEFAULTS.genesisTimestamp;
  let parent: FeltHex = "0x0";
  for (let n = 0; n < count; n++) {
    const u = deriveFelt(seed, `block:${n}:shape`);
    if (n > 0) timestamp += 24 + Number(u % 13n);
    const hash = feltHex(deriveFelt(seed, `block:${n}:hash`));
    const transactions: FeltHex[] = [];
    for (let i = 0, k = txCount(u, n); i < k; i++)
      transactions.push(feltHex(deriveFelt(seed, `tx:${n}:${i}`)));
    blocks.push({
      status: n >= count - onL2 ? "ACCEPTED_ON_L2" : "ACCEPTED_ON_L1",
      block_hash: hash,
      parent_hash: parent,
      block_number: n,
      new_root: feltHex(deriveFelt(seed, `block:${n}:root`)),
      timestamp,
      sequencer_address: sequencer,
      ...prices(seed, String(n)),
      l1_da_mode: n < 20 ? "CALLDATA" : "BLOB",
      starknet_version: starknetVersion(n, count),
      transactions,
    });
    parent = hash;
  }
  const latest = blocks[blocks.length - 1] as StarknetSealedBlock;
  const pendingTxs: FeltHex[] = [];
  for (let i = 0; i < 7; i++) pendingTxs.push(feltHex(deriveFelt(seed, `tx:pending:${i}`)));
  const pending: StarknetPendingBlock = {
    status: "PENDING",
    parent_hash: latest.block_hash,
    timestamp: latest.timestamp + 12,
    sequencer_address: sequencer,
    ...prices(seed, "pending"),
    l1_da_mode: "BLOB",
    starknet_version: latest.starknet_version,
    transactions: pendingTxs,
  };
  const index = new Map(blocks.map((b) => [BigInt(b.block_hash), b]));
  return {
    chainId: shortStringFelt(STARKNET_DEFAULTS.chainName),
    blocks,
    latest,
    pending,
    byHash: (hash) => index.get(hash),
  };
}
