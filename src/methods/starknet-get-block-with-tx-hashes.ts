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
        'Which block: `"latest"`, `"pending"` (spec ≤ 0.8), `"pre_confirmed"` or `"l1_accepted"` (spec 0.9+), `{"block_hash": "0x…"}` or `{"block_number": 42}` (a decimal integer).',
      example: { form: "latest", value: "" },
      examples: [
        { form: "pending", value: "" },
        { form: "pre_confirmed", value: "" },
        { form: "l1_accepted", value: "" },
        { form: "number", value: "0" },
      ],
    },
  ],
  result: {
    kind: "starknetBlock",
    nullable: false,
    description:
      "The block; a pending block has no block_hash, block_number or new_root; a pre_confirmed block (spec 0.9+) has a block_number and no block_hash, parent_hash, new_root or status.",
  },
  sample: {
    values: (s) =>
      s.kind === "starknet" ? { block_id: { form: "number", value: String(s.block.number) } } : null,
    exists: (s) => s.kind === "starknet",
  },
} as const satisfies MethodDef;
