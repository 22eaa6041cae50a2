import { blockParam, fullTransactionsParam } from "./common-params.ts";
import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetBlockByNumber = {
  name: "eth_getBlockByNumber",
  chain: "evm",
  summary: "A block by its number or tag.",
  paramsShape: "array",
  params: [
    blockParam("Block number", "latest", [DEVNET.heavyBlock, "0x0", "pending"]),
    fullTransactionsParam,
  ],
  result: {
    kind: "block",
    nullable: true,
    description: "The block object, or `null` when there is no such block.",
  },
  sample: {
    values: (s) => (s.kind === "evm" ? { block: s.block.number, full: false } : null),
    exists: (s) => s.kind === "evm",
  },
} as const satisfies MethodDef;
