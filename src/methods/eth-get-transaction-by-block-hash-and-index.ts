import { blockHashParam, indexParam } from "./common-params.ts";
import type { MethodDef } from "./types.ts";

export const ethGetTransactionByBlockHashAndIndex = {
  name: "eth_getTransactionByBlockHashAndIndex",
  chain: "evm",
  summary: "A transaction by the hash of its block and its index in that block.",
  paramsShape: "array",
  params: [blockHashParam, indexParam("Transaction index", "transaction")],
  result: {
    kind: "transaction",
    nullable: true,
    description: "The transaction object, or `null` when there is no such transaction.",
  },
  sample: {
    values: (s) => (s.kind === "evm" && s.tx ? { hash: s.block.hash, index: s.tx.index } : null),
    lacking: (s) => `the sample found no transaction in block ${s.block.number}`,
    exists: (s) => s.kind === "evm" && s.tx !== null,
  },
} as const satisfies MethodDef;
