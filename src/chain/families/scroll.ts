/**
 * Scroll: L1 messages (type 0x7e) relayed from Ethereum without a signature, and receipts that
 * report the L1 data fee (`l1Fee`) the sender pays beside the execution fee. Source: Scroll's
 * docs ("Transaction fees on Scroll", "L1 and L2 bridging") and its go-ethereum fork (l2geth).
 */
import { l2PlusL1Fee } from "./fees.ts";
import type { ChainFamily } from "./types.ts";

export const scroll: ChainFamily = {
  id: "scroll",
  name: "Scroll",
  txTypes: [
    {
      code: 0x7e,
      name: "L1 message",
      description:
        "A message enqueued on L1 and included on L2 by the sequencer: not signed on L2, no gas price.",
      absent: [
        "v",
        "r",
        "s",
        "yParity",
        "nonce",
        "gasPrice",
        "chainId",
        "accessList",
        "maxFeePerGas",
        "maxPriorityFeePerGas",
      ],
    },
  ],
  blockFields: {},
  txFields: {
    queueIndex: {
      label: "L1 queue index",
      unit: "quantity",
      hint: "The message's place in the L1 message queue",
    },
    sender: { label: "L1 sender", unit: "address" },
  },
  receiptFields: {
    l1Fee: {
      label: "L1 data fee",
      unit: "native",
      hint: "What the sender paid for publishing the transaction on L1",
    },
  },
  receiptFee: (receipt) =>
    l2PlusL1Fee(receipt, "L2 execution (gas used × effective gas price) plus the L1 data fee (l1Fee)"),
};
