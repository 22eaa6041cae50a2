import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetBlockReceipts = {
  name: "eth_getBlockReceipts",
  chain: "evm",
  summary: "All transaction receipts of a block.",
  paramsShape: "array",
  params: [
    {
      name: "block",
      label: "Block number",
      kind: "blockParamOrDecimal",
      required: true,
      description:
        "A hexadecimal or decimal block number, or one of the tags latest, earliest, pending, finalized, safe. `pending` returns the same as `latest`.",
      example: DEVNET.block8,
      examples: ["9", "latest"],
    },
  ],
  result: {
    kind: "receipts",
    nullable: true,
    description: "The receipts of the block's transactions, or `null` when there is no such block.",
  },
  sample: {
    values: (s) => (s.kind === "evm" ? { block: s.block.number } : null),
    exists: (s) => s.kind === "evm",
  },
} as const satisfies MethodDef;
