/**
 * The heading and navigation of the transaction view: where the transaction sits (block and
 * index) and the links to the previous and next transaction of that block. Pure.
 */
import { findField } from "../../../chain/field.ts";
import { formatDecimal } from "../../../chain/quantity.ts";
import type { TransactionView } from "../../../chain/transaction.ts";
import { type LinkTarget, txByBlockLink } from "./link-targets.ts";

interface TxHeaderModel {
  /** `"Transaction 0 of block 6"`, `"Pending transaction"`. */
  title: string;
  index: bigint | null;
  blockNumber: bigint | null;
  blockHash: string | null;
  prev: LinkTarget | null;
  next: LinkTarget | null;
}

/**
 * Derives the header from the decoded transaction, falling back on the request's params
 * (`[blockHash, index]`) for the block hash and the index when the answer lacks them.
 */
export function txHeader(view: TransactionView, params: unknown): TxHeaderModel {
  const p = Array.isArray(params) ? params : [];
  const q = (key: string): bigint | null => {
    const v = findField(view.groups, key)?.value;
    return v?.kind === "quantity" ? v.value : null;
  };
  const hashField = findField(view.groups, "blockHash")?.value;
  const blockHash =
    hashField?.kind === "hash" ? hashField.raw : !view.pending && typeof p[0] === "string" ? p[0] : null;
  const index = q("transactionIndex");
  const blockNumber = q("blockNumber");
  let title: string;
  if (view.pending) title = "Pending transaction";
  else if (index !== null && blockNumber !== null)
    title = `Transaction ${index} of block ${formatDecimal(blockNumber)}`;
  else if (index !== null) title = `Transaction ${index}`;
  else title = "Transaction";
  const link = (i: bigint, which: string) =>
    blockHash === null ? null : txByBlockLink(blockHash, i, `${which} transaction (${i})`);
  return {
    title,
    index,
    blockNumber,
    blockHash,
    prev: index !== null && index > 0n ? link(index - 1n, "Previous") : null,
    next: index !== null ? link(index + 1n, "Next") : null,
  };
}
