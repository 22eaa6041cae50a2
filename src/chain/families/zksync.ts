/**
 * ZKsync Era: EIP-712 transactions (0x71, account abstraction and paymasters), priority
 * transactions sent from L1 (0xff, unsigned), and the L1 batch each block and receipt belongs to.
 * Fees include the pubdata the transaction publishes, paid as gas (gas per pubdata byte).
 * Sources: the ZKsync Era docs (transaction types, JSON-RPC) and zksync-era's API types.
 */
import { executionFee } from "./fees.ts";
import type { ChainFamily, TxTypeSpec } from "./types.ts";

const TYPES: readonly TxTypeSpec[] = [
  {
    code: 0x71,
    name: "EIP-712",
    description:
      "ZKsync's own type (EIP-712 signed): account abstraction, paymasters, factory deps and a gas-per-pubdata limit.",
    absent: ["accessList", "yParity"],
  },
  {
    code: 0xff,
    name: "priority (L1 → L2)",
    description: "A transaction requested on L1 through the bridge's priority queue: not signed on L2.",
    absent: ["v", "r", "s", "yParity", "accessList", "chainId"],
  },
];

export const zksync: ChainFamily = {
  id: "zksync",
  name: "ZKsync",
  txTypes: TYPES,
  blockFields: {
    l1BatchNumber: {
      label: "L1 batch number",
      unit: "quantity",
      hint: "The batch proven on L1 that holds this block; null until sealed",
    },
    l1BatchTimestamp: { label: "L1 batch timestamp", unit: "timestamp" },
    sealFields: { label: "Seal fields", unit: "list" },
  },
  txFields: {
    l1BatchNumber: { label: "L1 batch number", unit: "quantity" },
    l1BatchTxIndex: { label: "Index in L1 batch", unit: "quantity" },
  },
  receiptFields: {
    l1BatchNumber: { label: "L1 batch number", unit: "quantity" },
    l1BatchTxIndex: { label: "Index in L1 batch", unit: "quantity" },
    l2ToL1Logs: { label: "L2-to-L1 logs", unit: "list", hint: "Messages to L1 this transaction emitted" },
    root: { label: "Root", unit: "hash" },
  },
  symbolicGasLimit: () =>
    "ZKsync seals blocks by time and by its batch's capacity (circuits, pubdata); the block gas limit it reports does not bound a block, so a share of it means nothing.",
  receiptFee: (receipt) => {
    const total = executionFee(receipt);
    return {
      l2: total,
      l1: null,
      other: null,
      total,
      note: "gas used × effective gas price, after the refund; the pubdata the transaction publishes to L1 is paid in gas (gas per pubdata byte), inside gas used",
    };
  },
};
