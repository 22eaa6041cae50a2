/**
 * Where a decoded field leads: the request that opens the thing it names (a block by its hash,
 * the account of an address). Pure, so the rules are tested without a DOM.
 */
import type { Field } from "../../../chain/field.ts";

/** A request a field opens; `label` is the accessible name of the link. */
export interface LinkTarget {
  method: string;
  params: unknown[];
  label?: string;
  /** Further small links shown beside the value (`receipts` beside a block number). */
  also?: ReadonlyArray<LinkTarget & { text: string }>;
}

/** Maps a field to the request it opens, or undefined when it opens nothing. */
export type LinkFor = (field: Field) => LinkTarget | undefined;

const ACCOUNT_KEYS = new Set(["miner", "to", "from", "contractAddress", "address", "feeRecipient"]);

/** A link to `eth_getBlockByHash [hash, false]`. */
function blockByHashLink(hash: string, label = `Open block ${hash}`): LinkTarget {
  return { method: "eth_getBlockByHash", params: [hash, false], label };
}

/** A link to `eth_getBlockByNumber [numberHex, false]`, with "receipts" beside it. */
function blockByNumberLink(numberHex: string, decimal: string): LinkTarget {
  return {
    method: "eth_getBlockByNumber",
    params: [numberHex, false],
    label: `Open block ${decimal}`,
    also: [blockReceiptsLink(numberHex, decimal)],
  };
}

/** A link to `eth_getBlockReceipts [numberHex]`. */
function blockReceiptsLink(numberHex: string, decimal: string): LinkTarget & { text: string } {
  return {
    method: "eth_getBlockReceipts",
    params: [numberHex],
    label: `Open receipts of block ${decimal}`,
    text: "receipts",
  };
}

/** A link to `eth_getProof [address, [], "latest"]`. */
export function accountLink(address: string): LinkTarget {
  return { method: "eth_getProof", params: [address, [], "latest"], label: `Open account ${address}` };
}

/** A link to `eth_getTransactionByBlockHashAndIndex [blockHash, "0x<index>"]`. */
export function txByBlockLink(blockHash: string, index: number | bigint, label?: string): LinkTarget {
  return {
    method: "eth_getTransactionByBlockHashAndIndex",
    params: [blockHash, `0x${index.toString(16)}`],
    label: label ?? `Open transaction ${index} of block ${blockHash}`,
  };
}

/**
 * The navigation rules of the Ethereum views: block hashes open the block, block numbers open the
 * block (and its receipts), addresses open the account proof. `hash` is taken as a block's hash:
 * views of other objects pass their own rules (see {@link txLinkFor}).
 */
export const evmLinkFor: LinkFor = (field) => {
  const v = field.value;
  switch (field.key) {
    case "hash":
    case "parentHash":
    case "blockHash":
      if (v.kind !== "hash") return undefined;
      return blockByHashLink(v.raw, field.key === "parentHash" ? `Open parent block ${v.raw}` : undefined);
    case "number":
    case "blockNumber":
      if (v.kind !== "quantity") return undefined;
      return blockByNumberLink(`0x${v.value.toString(16)}`, v.value.toString());
    default:
      if (ACCOUNT_KEYS.has(field.key) && v.kind === "address") return accountLink(v.checksum);
      return undefined;
  }
};

/** The rules for a transaction: as {@link evmLinkFor}, but its own `hash` leads nowhere. */
export const txLinkFor: LinkFor = (field) => (field.key === "hash" ? undefined : evmLinkFor(field));
