/**
 * Arbitrum (Nitro): the transaction types ArbOS adds (0x64 to 0x6a, and 0x78 for the classic
 * chain's transactions), the block's L1 and outbox fields, receipts whose gas includes the L1
 * part (`gasUsedForL1`), and a block gas limit (2^50) that is a placeholder. Sources: Nitro's
 * go-ethereum fork (core/types/arb_types.go, internal/ethapi) and Arbitrum's docs.
 */
import { quantityOrNull } from "../quantity.ts";
import { executionFee } from "./fees.ts";
import type { ChainFamily, TxTypeSpec } from "./types.ts";

/** Made by ArbOS or by the bridge, not signed by a user: no signature, often no nonce. */
const UNSIGNED = ["v", "r", "s", "yParity", "nonce", "accessList", "chainId"];

const TYPES: readonly TxTypeSpec[] = [
  {
    code: 0x64,
    name: "deposit",
    description: "ETH deposited from L1 through the bridge, minted to the receiver on L2.",
    absent: [...UNSIGNED, "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"],
  },
  {
    code: 0x65,
    name: "unsigned",
    description: "A call sent from L1 on behalf of an L1 account (aliased), without an L2 signature.",
    absent: UNSIGNED,
  },
  {
    code: 0x66,
    name: "contract",
    description: "A call sent from an L1 contract (aliased address), without a signature.",
    absent: UNSIGNED,
  },
  {
    code: 0x68,
    name: "retry",
    description: "The execution of a retryable ticket, automatic or redeemed by someone.",
    absent: UNSIGNED,
  },
  {
    code: 0x69,
    name: "retryable submit",
    description: "A retryable ticket created from L1: it escrows the call's value and schedules a retry.",
    absent: UNSIGNED,
  },
  {
    code: 0x6a,
    name: "Arbitrum internal",
    description: "ArbOS's own transaction that starts each block (it records the L1 block and base fee).",
    absent: [...UNSIGNED, "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"],
  },
  {
    code: 0x78,
    name: "Arbitrum legacy",
    description: "A transaction of the classic (pre-Nitro) chain, kept with its original hash.",
  },
];

/** Arbitrum's fixed block gas limit: 2^50, a placeholder, not a bound. */
const PLACEHOLDER_LIMIT = 1n << 50n;

export const arbitrum: ChainFamily = {
  id: "arbitrum",
  name: "Arbitrum",
  txTypes: TYPES,
  blockFields: {
    l1BlockNumber: { label: "L1 block number", unit: "quantity", hint: "The L1 block ArbOS last saw" },
    sendCount: { label: "Outbox send count", unit: "quantity", hint: "L2-to-L1 messages sent so far" },
    sendRoot: { label: "Outbox send root", unit: "hash", hint: "Merkle root of the L2-to-L1 messages" },
  },
  txFields: {
    requestId: { label: "Request id", unit: "hash", hint: "The L1 inbox message that made this transaction" },
    refundTo: { label: "Refund to", unit: "address" },
    l1BaseFee: { label: "L1 base fee", unit: "gwei" },
    depositValue: { label: "Deposit value", unit: "native", hint: "ETH deposited from L1 with the ticket" },
    retryTo: { label: "Retry to", unit: "address" },
    retryValue: { label: "Retry value", unit: "native" },
    retryData: { label: "Retry data", unit: "data" },
    beneficiary: { label: "Beneficiary", unit: "address", hint: "Receives the ticket's leftover escrow" },
    maxSubmissionFee: { label: "Max submission fee", unit: "native" },
    ticketId: { label: "Ticket id", unit: "hash", hint: "The retryable ticket this transaction redeems" },
    maxRefund: { label: "Max refund", unit: "native" },
    submissionFeeRefund: { label: "Submission fee refund", unit: "native" },
    l1BlockNumber: { label: "L1 block number", unit: "quantity" },
  },
  receiptFields: {
    gasUsedForL1: {
      label: "Gas used for L1",
      unit: "quantity",
      hint: "The part of gas used that pays for posting the transaction's data on L1",
    },
    l1BlockNumber: { label: "L1 block number", unit: "quantity", hint: "The L1 block ArbOS saw when it ran" },
  },
  symbolicGasLimit: (block) => {
    const limit = quantityOrNull(block.gasLimit);
    return limit === null || limit >= PLACEHOLDER_LIMIT
      ? "Arbitrum's block gas limit (2^50) is a placeholder: blocks are bounded by ArbOS's speed limit, so a share of it means nothing."
      : null;
  },
  receiptFee: (receipt) => {
    const total = executionFee(receipt);
    const price = quantityOrNull(receipt.effectiveGasPrice);
    const forL1 = quantityOrNull(receipt.gasUsedForL1);
    const l1 = forL1 === null || price === null ? null : forL1 * price;
    return {
      l2: total === null || l1 === null ? total : total - l1,
      l1,
      other: null,
      total,
      note: "gas used × effective gas price; gas used includes the L1 part (gasUsedForL1), priced at the same gas price",
    };
  },
};
