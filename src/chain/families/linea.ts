/**
 * Linea: a zkEVM rollup whose blocks and transactions are Ethereum's (no type or field of its
 * own); its fee is gas used × effective gas price, the L1 cost folded into the gas price. Native
 * coin ETH.
 */
import { ethereumFee } from "./fees.ts";
import type { ChainFamily } from "./types.ts";

export const linea: ChainFamily = {
  id: "linea",
  name: "Linea",
  txTypes: [],
  blockFields: {},
  txFields: {},
  receiptFields: {},
  receiptFee: (receipt) => ({
    ...ethereumFee(receipt),
    note: "gas used × effective gas price (Linea prices its L1 data cost into the gas price)",
  }),
};
