import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetBlockByHash = {
  name: "eth_getBlockByHash",
  chain: "evm",
  summary: "A block by its hash.",
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
      name: "full",
      label: "Full transactions",
      kind: "bool",
      required: true,
      description: "`true` returns full transaction objects, `false` only their hashes.",
      example: false,
    },
  ],
  result: {
    kind: "block",
    nullable: true,
    description: "The block object, or `null` when no block has this hash.",
  },
} as const satisfies MethodDef;
