/** Fee arithmetic the families share: the Ethereum fee and the "L2 part plus an L1 fee" shape. */
import { quantityOrNull } from "../quantity.ts";
import type { FeeParts } from "./types.ts";

type Receipt = Readonly<Record<string, unknown>>;

/** Gas used × effective gas price, or null when either is missing. */
export function executionFee(receipt: Receipt): bigint | null {
  const gasUsed = quantityOrNull(receipt.gasUsed);
  const price = quantityOrNull(receipt.effectiveGasPrice);
  return gasUsed === null || price === null ? null : gasUsed * price;
}

/** The blob fee of an EIP-4844 transaction (blob gas used × blob gas price), or null. */
function blobFee(receipt: Receipt): bigint | null {
  const used = quantityOrNull(receipt.blobGasUsed);
  const price = quantityOrNull(receipt.blobGasPrice);
  return used === null || price === null ? null : used * price;
}

/** Ethereum: execution plus blob gas; no L1 part. */
export function ethereumFee(receipt: Receipt): FeeParts {
  const execution = executionFee(receipt);
  const blob = blobFee(receipt);
  return {
    l2: execution,
    l1: null,
    other: blob === null ? null : { label: "Blob fee", amount: blob },
    total: execution === null ? null : execution + (blob ?? 0n),
    note:
      blob === null
        ? "gas used × effective gas price"
        : "gas used × effective gas price, plus blob gas used × blob gas price",
  };
}

/**
 * A rollup that reports its L1 data fee beside the execution fee (`l1Fee`: OP-stack, Scroll):
 * the sender pays both. A receipt without `l1Fee` (a deposit, an L1 message) pays no L1 part.
 */
export function l2PlusL1Fee(receipt: Receipt, note: string, other?: FeeParts["other"]): FeeParts {
  const l2 = executionFee(receipt);
  const hasL1 = receipt.l1Fee !== undefined && receipt.l1Fee !== null;
  const l1 = hasL1 ? quantityOrNull(receipt.l1Fee) : 0n;
  const extra = other ?? null;
  return {
    l2,
    l1: hasL1 ? l1 : null,
    other: extra,
    total: l2 === null || l1 === null ? null : l2 + l1 + (extra?.amount ?? 0n),
    note,
  };
}
