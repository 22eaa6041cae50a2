/**
 * What the block and uncle views show beyond the decoded fields: the heading, the prev / next /
 * receipts links, and the links of uncles and transactions. Pure: `decodeBlock` does the decoding.
 */
import type { BlockView } from "../../../chain/block.ts";
import { formatDecimal, quantityOrNull } from "../../../chain/quantity.ts";
import { type LinkTarget, txByBlockLink } from "./link-targets.ts";

/** `9n` → `"0x9"`. */
export function toHex(n: bigint | number): string {
  return `0x${n.toString(16)}`;
}

/** The links and titles around a decoded block or uncle. */
interface BlockHeaderModel {
  /** `"Block 9"`, `"Pending block"`, `"Uncle 0 of block 12"`. */
  title: string;
  numberHex: string | null;
  prev: LinkTarget | null;
  next: LinkTarget | null;
  /** `eth_getBlockReceipts [numberHex]` (blocks only). */
  receipts: LinkTarget | null;
}

/**
 * The header of a block view. `params` are the request's: prev / next keep its detail flag, and
 * an uncle's title names the block and index it was asked for.
 */
export function blockHeader(view: BlockView, params: unknown): BlockHeaderModel {
  const p = Array.isArray(params) ? params : [];
  const n = view.number;
  const numberHex = n === null ? null : toHex(n);
  if (view.kind === "uncle") {
    const parent = quantityOrNull(p[0]);
    const index = quantityOrNull(p[1]);
    const of = parent !== null ? ` of block ${formatDecimal(parent)}` : "";
    const title = index !== null ? `Uncle ${index}${of}` : n !== null ? `Uncle ${formatDecimal(n)}` : "Uncle";
    return { title, numberHex, prev: null, next: null, receipts: null };
  }
  const full = p[1] === true;
  const byNumber = (m: bigint, label: string): LinkTarget => ({
    method: "eth_getBlockByNumber",
    params: [toHex(m), full],
    label,
  });
  return {
    title: n === null ? "Pending block" : `Block ${formatDecimal(n)}`,
    numberHex,
    prev: n !== null && n > 0n ? byNumber(n - 1n, `Previous block (${formatDecimal(n - 1n)})`) : null,
    next: n !== null ? byNumber(n + 1n, `Next block (${formatDecimal(n + 1n)})`) : null,
    receipts:
      numberHex === null
        ? null
        : {
            method: "eth_getBlockReceipts",
            params: [numberHex],
            label: "Receipts of this block",
          },
  };
}

/** The link of uncle `index` of the block numbered `numberHex`. */
export function uncleLink(numberHex: string, index: number): LinkTarget {
  return {
    method: "eth_getUncleByBlockNumberAndIndex",
    params: [numberHex, toHex(index)],
    label: `uncle ${index}`,
  };
}

/**
 * The link of a block's transaction at `index`; null when the block's hash is unknown (pending).
 * The accessible name says which transaction it is: `"Open transaction 3"`.
 */
export function blockTxLink(blockHash: string | null, index: bigint | number): LinkTarget | null {
  return blockHash === null ? null : txByBlockLink(blockHash, index, `Open transaction ${index}`);
}

/** `1100` → `"1,100 transactions"`. */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatDecimal(BigInt(count))} ${count === 1 ? noun : plural}`;
}
