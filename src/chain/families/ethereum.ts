/**
 * Ethereum and the chains that add nothing to its model (its testnets, the devnet, Blast's and
 * Linea's transactions are Ethereum's). Its transaction types are everyone's: `tx-type.ts`.
 */
import { ethereumFee } from "./fees.ts";
import type { ChainFamily } from "./types.ts";

export const ethereum: ChainFamily = {
  id: "ethereum",
  name: "Ethereum",
  txTypes: [],
  blockFields: {},
  txFields: {},
  receiptFields: {},
  receiptFee: ethereumFee,
};
