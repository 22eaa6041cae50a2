/**
 * The few header fields the views read for themselves from `eth_getBlockByNumber [block, false]`:
 * the state root a proof is checked against, and the base fee a gas estimate is priced at.
 */
import { isRecord } from "../../../chain/field.ts";
import { describeJsonType, fail, ok, type Parsed, quantityOrNull } from "../../../chain/quantity.ts";

/** What the views need of a block header. */
export interface BlockHeader {
  number: bigint | null;
  hash: string | null;
  stateRoot: string;
  /** Absent before London (EIP-1559): null. */
  baseFeePerGas: bigint | null;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Reads a header out of an `eth_getBlockByNumber` result. Fails for `null` (no such block) and for
 * an object without a 32-byte `stateRoot`.
 */
export function parseBlockHeader(result: unknown): Parsed<BlockHeader> {
  if (result === null) return fail("the node has no such block (result null)");
  if (!isRecord(result)) return fail(`expected a block object, got ${describeJsonType(result)}`);
  const { stateRoot, hash } = result;
  if (typeof stateRoot !== "string" || !HASH.test(stateRoot))
    return fail("the block has no 32-byte stateRoot");
  return ok({
    number: quantityOrNull(result.number),
    hash: typeof hash === "string" && HASH.test(hash) ? hash : null,
    stateRoot: stateRoot.toLowerCase(),
    baseFeePerGas: quantityOrNull(result.baseFeePerGas),
  });
}
