/**
 * Starknet: not an EVM chain; its blocks have their own view (`starknet-block.ts`). The family
 * is here so a Starknet network names its family and currency like every other.
 */
import type { ChainFamily } from "./types.ts";

export const starknet: ChainFamily = {
  id: "starknet",
  name: "Starknet",
  txTypes: [],
  blockFields: {},
  txFields: {},
  receiptFields: {},
};
