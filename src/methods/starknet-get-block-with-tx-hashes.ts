import type { MethodDef } from "./types.ts";

export const starknetGetBlockWithTxHashes = {
  name: "starknet_getBlockWithTxHashes",
  chain: "starknet",
  summary: 'A Starknet block with the hashes of its transactions. Its params are an object: {"block_id": …}.',
  paramsShape: "object",
  params: [
    {
      name: "block_id",
      label: "Block ID",
      kind: "starknetBlockId",
      required: true,
      description:
        'Which block: `"latest"`, `"pending"`, `{"block_hash": "0x…"}` or `{"block_number": 42}` (a decimal integer).',
      example: { form: "latest", value: "" },
      examples: [
        { form: "pending", value: "" },
        { form: "number", value: "0" },
      ],
    },
  ],
  result: {
    kind: "starknetBlock",
    nullable: false,
    description: "The block; a pending block has no block_hash, block_number or new_root.",
  },
} as const satisfies MethodDef;
