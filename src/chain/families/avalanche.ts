/**
 * Avalanche C-Chain (coreth): blocks carry the cost the block builder paid (`blockGasCost`) and
 * the hash and gas of the atomic transactions between the X-, P- and C-Chains (`extDataHash`,
 * `extDataGasUsed`). Native coin AVAX; gas prices in nAVAX (shown as gwei, the same 10^-9).
 * Source: ava-labs/coreth (core/types/block.go, plugin/evm).
 */
import type { ChainFamily } from "./types.ts";

export const avalanche: ChainFamily = {
  id: "avalanche",
  name: "Avalanche C-Chain",
  txTypes: [],
  blockFields: {
    blockGasCost: {
      label: "Block gas cost",
      unit: "quantity",
      hint: "The gas the builder had to pay over to produce this block early",
    },
    extDataHash: {
      label: "Atomic data hash",
      unit: "hash",
      hint: "Hash of the block's atomic (cross-chain) transactions",
    },
    extDataGasUsed: {
      label: "Atomic gas used",
      unit: "quantity",
      hint: "Gas of the block's atomic (cross-chain) transactions",
    },
    blockExtraData: {
      label: "Atomic transactions",
      unit: "data",
      hint: "The atomic (cross-chain) transactions, encoded",
    },
  },
  txFields: {},
  receiptFields: {},
};
