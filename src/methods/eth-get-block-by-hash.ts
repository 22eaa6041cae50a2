import { blockHashParam, fullTransactionsParam } from "./common-params.ts";
import type { MethodDef } from "./types.ts";

export const ethGetBlockByHash = {
  name: "eth_getBlockByHash",
  chain: "evm",
  summary: "A block by its hash.",
  paramsShape: "array",
  params: [blockHashParam, fullTransactionsParam],
  result: {
    kind: "block",
    nullable: true,
    description: "The block object, or `null` when no block has this hash.",
  },
  sample: {
    values: (s) => (s.kind === "evm" ? { hash: s.block.hash, full: false } : null),
    exists: (s) => s.kind === "evm",
  },
} as const satisfies MethodDef;
