import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetBlockByNumber = {
  name: "eth_getBlockByNumber",
  chain: "evm",
  summary: "A block by its number or tag.",
  paramsShape: "array",
  params: [
    {
      name: "block",
      label: "Block number",
      kind: "blockParam",
      required: true,
      description: "A hex block number, or one of the tags latest, earliest, pending, safe, finalized.",
      example: "latest",
      examples: [DEVNET.heavyBlock, "0x0", "pending"],
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
    description: "The block object, or `null` when there is no such block.",
  },
} as const satisfies MethodDef;
