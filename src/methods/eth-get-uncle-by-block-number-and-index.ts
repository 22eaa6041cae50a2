import type { MethodDef } from "./types.ts";

export const ethGetUncleByBlockNumberAndIndex = {
  name: "eth_getUncleByBlockNumberAndIndex",
  chain: "evm",
  summary: "An uncle of a block, by block number and uncle index. Blocks after the Merge have no uncles.",
  paramsShape: "array",
  params: [
    {
      name: "block",
      label: "Block number",
      kind: "blockParam",
      required: true,
      description: "A hex block number, or one of the tags latest, earliest, pending, safe, finalized.",
      example: "latest",
      examples: ["0xc5043f"],
    },
    {
      name: "index",
      label: "Uncle index",
      kind: "quantity",
      required: true,
      description: "The uncle's position in the block, as a hex quantity.",
      example: "0x0",
    },
  ],
  result: {
    kind: "uncle",
    nullable: true,
    description: "The uncle object (a block without transactions), or `null` when there is no such uncle.",
  },
} as const satisfies MethodDef;
