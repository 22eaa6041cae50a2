import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetTransactionByBlockHashAndIndex = {
  name: "eth_getTransactionByBlockHashAndIndex",
  chain: "evm",
  summary: "A transaction by the hash of its block and its index in that block.",
  paramsShape: "array",
  params: [
    {
      name: "hash",
      label: "Block hash",
      kind: "hash32",
      required: true,
      description: "The block's hash (32 bytes).",
      example: DEVNET.block6Hash,
      examples: [DEVNET.block4Hash],
    },
    {
      name: "index",
      label: "Transaction index",
      kind: "quantity",
      required: true,
      description: "The transaction's position in the block, as a hex quantity.",
      example: "0x0",
    },
  ],
  result: {
    kind: "transaction",
    nullable: true,
    description: "The transaction object, or `null` when there is no such transaction.",
  },
} as const satisfies MethodDef;
