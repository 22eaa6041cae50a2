import { DEVNET } from "./devnet-examples.ts";
import type { FieldValue, ParamDef } from "./types.ts";

/** Params that several methods share, word for word from the spec. */

const BLOCK_DESCRIPTION =
  "A hex block number, or one of the tags latest, earliest, pending, safe, finalized.";

export function blockParam(
  label: "Block" | "Block number",
  example: string,
  examples: readonly FieldValue[] = [],
): ParamDef {
  return {
    name: "block",
    label,
    kind: "blockParam",
    required: true,
    description: BLOCK_DESCRIPTION,
    example,
    examples,
  };
}

/** A block hash: the devnet's block 6 by default, block 4 as the other example. */
export const blockHashParam = {
  name: "hash",
  label: "Block hash",
  kind: "hash32",
  required: true,
  description: "The block's hash (32 bytes).",
  example: DEVNET.block6Hash,
  examples: [DEVNET.block4Hash],
} as const satisfies ParamDef;

export const fullTransactionsParam = {
  name: "full",
  label: "Full transactions",
  kind: "bool",
  required: true,
  description: "`true` returns full transaction objects, `false` only their hashes.",
  example: false,
} as const satisfies ParamDef;

export function indexParam(label: "Uncle index" | "Transaction index", what: string): ParamDef {
  return {
    name: "index",
    label,
    kind: "quantity",
    required: true,
    description: `The ${what}'s position in the block, as a hex quantity.`,
    example: "0x0",
  };
}
