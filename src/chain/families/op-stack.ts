/**
 * The OP Stack (OP Mainnet, Base, Blast, Mantle and the other Superchain rollups): deposit
 * transactions (type 0x7e) made on L1, and receipts that report the L1 data fee the sender pays
 * beside the L2 execution fee. Sources: the OP Stack specs (deposits, Ecotone / Fjord / Isthmus
 * fee formulas) and op-geth's RPC types; Mantle's fields from its op-geth fork.
 */
import { quantityOrNull } from "../quantity.ts";
import { l2PlusL1Fee } from "./fees.ts";
import type { ChainFamily, ChainFieldSpec, TxTypeSpec } from "./types.ts";

/** Deposits carry no signature and no gas price: L1 bought their gas. */
const UNSIGNED = ["v", "r", "s", "yParity", "gasPrice", "chainId", "maxFeePerGas", "maxPriorityFeePerGas"];

export const OP_DEPOSIT: TxTypeSpec = {
  code: 0x7e,
  name: "deposit",
  description:
    "A deposit made on L1 (a bridge deposit, or the L1 attributes transaction that opens every L2 block): not signed on L2, its gas paid on L1.",
  absent: [...UNSIGNED, "accessList"],
};

/** The fields of a deposit transaction (the OP Stack spec's, Celo's too since it became an L2). */
export const DEPOSIT_FIELDS: Record<string, ChainFieldSpec> = {
  sourceHash: { label: "Source hash", unit: "hash", hint: "Identifies the L1 event the deposit comes from" },
  mint: { label: "Minted on L2", unit: "native", hint: "ETH locked on L1 and minted to the sender on L2" },
  isSystemTx: { label: "System transaction", unit: "boolean", hint: "Pre-Regolith system deposits" },
  depositReceiptVersion: { label: "Deposit receipt version", unit: "quantity" },
};

/** The L1 data fee fields of a receipt, Bedrock to Isthmus (Celo's L2 receipts carry them too). */
export const L1_FEE_FIELDS: Record<string, ChainFieldSpec> = {
  l1Fee: {
    label: "L1 data fee",
    unit: "native",
    hint: "What the sender paid for publishing the transaction on L1",
  },
  l1GasUsed: {
    label: "L1 gas used (estimated)",
    unit: "quantity",
    hint: "The L1 gas the transaction's data costs",
  },
  l1GasPrice: { label: "L1 base fee", unit: "gwei", hint: "The L1 base fee the rollup charged at" },
  l1FeeScalar: { label: "L1 fee scalar", unit: "text", hint: "Before Ecotone: the multiplier of the L1 fee" },
  l1BaseFeeScalar: {
    label: "L1 base fee scalar",
    unit: "quantity",
    hint: "Ecotone: weight of the L1 base fee",
  },
  l1BlobBaseFee: { label: "L1 blob base fee", unit: "gwei", hint: "Ecotone: the L1 blob base fee" },
  l1BlobBaseFeeScalar: {
    label: "L1 blob base fee scalar",
    unit: "quantity",
    hint: "Ecotone: weight of the blob base fee",
  },
  operatorFeeScalar: {
    label: "Operator fee scalar",
    unit: "quantity",
    hint: "Isthmus: per-gas operator fee, in millionths",
  },
  operatorFeeConstant: {
    label: "Operator fee constant",
    unit: "native",
    hint: "Isthmus: fixed operator fee",
  },
  depositNonce: { label: "Deposit nonce", unit: "quantity", hint: "The nonce the deposit used on L2" },
  depositReceiptVersion: { label: "Deposit receipt version", unit: "quantity" },
  // Mantle (its op-geth fork): the L1 fee is charged in MNT at this ETH/MNT ratio.
  tokenRatio: {
    label: "Token ratio (Mantle, ETH/MNT)",
    unit: "quantity",
    hint: "Mantle: the ETH to MNT ratio the L1 fee was charged at",
  },
};

/** Isthmus's operator fee: gas used × scalar / 1e6 + constant, when the receipt reports both. */
function operatorFee(receipt: Readonly<Record<string, unknown>>): bigint | null {
  const scalar = quantityOrNull(receipt.operatorFeeScalar);
  const constant = quantityOrNull(receipt.operatorFeeConstant);
  const gasUsed = quantityOrNull(receipt.gasUsed);
  if (scalar === null || constant === null || gasUsed === null) return null;
  return (gasUsed * scalar) / 1_000_000n + constant;
}

export const opStack: ChainFamily = {
  id: "op-stack",
  name: "OP Stack",
  txTypes: [OP_DEPOSIT],
  blockFields: {},
  txFields: {
    ...DEPOSIT_FIELDS,
    // Mantle's deposits also bridge ETH, which is not its native coin.
    ethValue: {
      label: "ETH value (Mantle)",
      unit: "native",
      hint: "Mantle: ETH bridged with the deposit (wei)",
    },
    ethTxValue: {
      label: "ETH transferred (Mantle)",
      unit: "native",
      hint: "Mantle: ETH sent to the receiver (wei)",
    },
  },
  receiptFields: L1_FEE_FIELDS,
  receiptFee: (receipt) => {
    const operator = operatorFee(receipt);
    return l2PlusL1Fee(
      receipt,
      operator === null
        ? "L2 execution (gas used × effective gas price) plus the L1 data fee (l1Fee)"
        : "L2 execution (gas used × effective gas price) plus the L1 data fee (l1Fee) plus the operator fee",
      operator === null || operator === 0n ? undefined : { label: "Operator fee", amount: operator },
    );
  },
};
