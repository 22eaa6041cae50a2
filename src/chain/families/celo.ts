/**
 * Celo: fees payable in a token (`feeCurrency`: CIP-64 type 0x7b, CIP-66 type 0x7a, CIP-42 type
 * 0x7c and Celo's legacy transactions), and since March 2025 an OP Stack L2 (deposits 0x7e).
 * Blocks of its L1 era carry `randomness` and `epochSnarkData` and leave out the proof-of-work
 * fields. Native coin CELO. Sources: the Celo docs (CIP-42/64/66, "Celo L2"), celo-org/op-geth.
 */
import { quantityOrNull } from "../quantity.ts";
import { l2PlusL1Fee } from "./fees.ts";
import { DEPOSIT_FIELDS, L1_FEE_FIELDS, OP_DEPOSIT } from "./op-stack.ts";
import type { ChainFamily } from "./types.ts";

export const celo: ChainFamily = {
  id: "celo",
  name: "Celo",
  txTypes: [
    {
      code: 0x7b,
      name: "fee currency (CIP-64)",
      description: "An EIP-1559 transaction whose fee may be paid in an ERC-20 token (feeCurrency).",
    },
    {
      code: 0x7a,
      name: "fee currency with max (CIP-66)",
      description: "A fee-currency transaction with a cap on the fee in that token (maxFeeInFeeCurrency).",
    },
    {
      code: 0x7c,
      name: "fee currency (CIP-42, retired)",
      description: "Celo's first EIP-1559 transaction with a fee currency and gateway fee; retired.",
    },
    OP_DEPOSIT,
  ],
  blockFields: {
    randomness: { label: "Randomness", unit: "text", hint: "Celo L1: the validators' randomness beacon" },
    epochSnarkData: {
      label: "Epoch SNARK data",
      unit: "text",
      hint: "Celo L1: data for the light client's epoch proof",
    },
  },
  txFields: {
    feeCurrency: {
      label: "Fee currency",
      unit: "address",
      hint: "The ERC-20 token the fee is paid in; null: CELO",
    },
    maxFeeInFeeCurrency: { label: "Max fee in fee currency", unit: "quantity" },
    gatewayFee: { label: "Gateway fee", unit: "native" },
    gatewayFeeRecipient: { label: "Gateway fee recipient", unit: "address" },
    ethCompatible: { label: "Ethereum-compatible encoding", unit: "boolean" },
    ...DEPOSIT_FIELDS,
  },
  receiptFields: {
    baseFeeInFeeCurrency: {
      label: "Base fee in fee currency",
      unit: "quantity",
      hint: "The base fee converted into the transaction's fee currency (its smallest unit)",
    },
    ...L1_FEE_FIELDS,
  },
  blockMayOmit: ["difficulty", "nonce", "mixHash", "sha3Uncles", "uncles", "gasLimit", "totalDifficulty"],
  receiptFee: (receipt) => {
    const parts = l2PlusL1Fee(
      receipt,
      "gas used × effective gas price, plus the L1 data fee (l1Fee) where reported",
    );
    // A fee-currency transaction's receipt reports the base fee in that token: its amounts are the token's.
    return quantityOrNull(receipt.baseFeeInFeeCurrency) === null
      ? parts
      : {
          ...parts,
          note: "paid in the transaction's fee currency (an ERC-20 token): the amounts are in that token's units, not CELO",
          feeCurrency: "the transaction's feeCurrency",
        };
  },
};
