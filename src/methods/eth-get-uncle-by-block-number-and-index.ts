import { blockParam, indexParam } from "./common-params.ts";
import type { MethodDef } from "./types.ts";

export const ethGetUncleByBlockNumberAndIndex = {
  name: "eth_getUncleByBlockNumberAndIndex",
  chain: "evm",
  summary: "An uncle of a block, by block number and uncle index. Blocks after the Merge have no uncles.",
  paramsShape: "array",
  params: [blockParam("Block number", "latest", ["0xc5043f"]), indexParam("Uncle index", "uncle")],
  result: {
    kind: "uncle",
    nullable: true,
    description: "The uncle object (a block without transactions), or `null` when there is no such uncle.",
  },
  // The uncle is not known to exist: null is a valid answer.
  sample: { values: (s) => (s.kind === "evm" ? { block: s.block.number, index: "0x0" } : null) },
} as const satisfies MethodDef;
