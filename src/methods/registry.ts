import type { ChainKind } from "../networks/network.ts";
import { ethEstimateGas } from "./eth-estimate-gas.ts";
import { ethGetBlockByHash } from "./eth-get-block-by-hash.ts";
import { ethGetBlockByNumber } from "./eth-get-block-by-number.ts";
import { ethGetBlockReceipts } from "./eth-get-block-receipts.ts";
import { ethGetProof } from "./eth-get-proof.ts";
import { ethGetStorageAt } from "./eth-get-storage-at.ts";
import { ethGetTransactionByBlockHashAndIndex } from "./eth-get-transaction-by-block-hash-and-index.ts";
import { ethGetUncleByBlockNumberAndIndex } from "./eth-get-uncle-by-block-number-and-index.ts";
import { starknetGetBlockWithTxHashes } from "./starknet-get-block-with-tx-hashes.ts";
import type { MethodDef } from "./types.ts";

export type Registry = {
  all: readonly MethodDef[];
  get(name: string): MethodDef | undefined;
  /** The chain's methods, in the registry's order: the same array every call. */
  forChain(chain: ChainKind): readonly MethodDef[];
};

/** A registry from a list of definitions; names must be unique. */
export function createRegistry(defs: readonly MethodDef[]): Registry {
  const byName = new Map<string, MethodDef>();
  for (const d of defs) {
    if (byName.has(d.name)) throw new Error(`Two method definitions are named ${d.name}.`);
    byName.set(d.name, d);
  }
  // One list per chain, made once: a caller may compare it by identity (a memo, a schema's key).
  const byChain = new Map<ChainKind, readonly MethodDef[]>();
  return {
    all: defs,
    get: (name) => byName.get(name),
    forChain: (chain) => {
      const kept = byChain.get(chain);
      if (kept) return kept;
      const list = defs.filter((d) => d.chain === chain);
      byChain.set(chain, list);
      return list;
    },
  };
}

/** The nine methods of the spec. A tenth is one new file and one line here. */
export const METHODS = [
  ethGetBlockByNumber,
  ethGetBlockByHash,
  ethGetTransactionByBlockHashAndIndex,
  ethGetBlockReceipts,
  ethGetStorageAt,
  ethGetProof,
  ethEstimateGas,
  ethGetUncleByBlockNumberAndIndex,
  starknetGetBlockWithTxHashes,
] as const satisfies readonly MethodDef[];

export const registry = createRegistry(METHODS);
export const getMethod = registry.get;
export const methodsForChain = registry.forChain;
