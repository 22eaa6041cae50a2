/**
 * What the receipts view needs beyond `decodeBlockReceipts`: which block the receipts belong to,
 * the heading, the block request of the integrity check, and labels and tones per row. Pure.
 */
import { type ChainProfile, formatNative } from "../../../chain/chain-profile.ts";
import { isRecord } from "../../../chain/field.ts";
import { formatDecimal, quantityOrNull } from "../../../chain/quantity.ts";
import {
  checkBlockReceipts,
  type IntegrityCheck,
  type ReceiptStatus,
  type ReceiptTotals,
} from "../../../chain/receipts.ts";
import type { Tone } from "../../../components/ui/tone.ts";
import type { RpcAnswer } from "../../../rpc/types.ts";

/** The block the receipts name (from the first receipt, else from the request's params). */
export interface ReceiptsBlock {
  /** `"Receipts of block 8"`. */
  title: string;
  blockHash: string | null;
  blockNumber: bigint | null;
  /**
   * The params of `eth_getBlockByNumber` (or `ByHash`) that fetch this block for the check, or
   * null when neither the receipts nor the request say which block.
   */
  check: { method: "eth_getBlockByNumber" | "eth_getBlockByHash"; params: [string, false] } | null;
}

export function receiptsBlock(result: unknown, params: unknown): ReceiptsBlock {
  const first = Array.isArray(result) && isRecord(result[0]) ? result[0] : {};
  const p0 = Array.isArray(params) ? params[0] : undefined;
  const blockHash =
    typeof first.blockHash === "string"
      ? first.blockHash
      : typeof p0 === "string" && p0.length === 66
        ? p0
        : null;
  const blockNumber =
    quantityOrNull(first.blockNumber) ??
    (typeof p0 === "string" && p0.length < 66 ? quantityOrNull(p0) : null);
  let title = "Receipts";
  if (blockNumber !== null) title = `Receipts of block ${formatDecimal(blockNumber)}`;
  else if (typeof p0 === "string") title = `Receipts of block ${p0}`;
  let check: ReceiptsBlock["check"] = null;
  if (blockNumber !== null)
    check = { method: "eth_getBlockByNumber", params: [`0x${blockNumber.toString(16)}`, false] };
  else if (blockHash !== null) check = { method: "eth_getBlockByHash", params: [blockHash, false] };
  return { title, blockHash, blockNumber, check };
}

/** The badge tone of a status: failed is red, success green, pre-Byzantium root neutral. */
export function statusTone(status: ReceiptStatus): Tone {
  switch (status.kind) {
    case "success":
      return "ok";
    case "failed":
      return "bad";
    case "root":
      return "neutral";
    default:
      return "warn";
  }
}

/** The badge text of a status: `"success"`, `"failed"`, `"root"`, `"unknown"`. */
export function statusLabel(status: ReceiptStatus): string {
  if (status.kind === "pending") return "pending";
  return status.kind === "root" ? "root" : status.kind === "unknown" ? "unknown" : status.text;
}

/** Said in the totals while the known events are being counted (in idle time, on big answers). */
const COUNTING_KNOWN_EVENTS = "counting known events…";

/** "1 receipt", "1,100 receipts". */
const receiptsPhrase = (count: number) => `${formatDecimal(count)} receipt${count === 1 ? "" : "s"}`;

/** The totals' line while they are added up (a big answer, before its pass is done). */
export function addingUpPhrases(count: number): string[] {
  return [receiptsPhrase(count), "adding up the totals…"];
}

/**
 * The totals as short phrases: `["1,100 receipts", "74,673,200 gas used", "0 failed", "5,500 logs"]`.
 * A `knownEvents` of null (still counting) says so.
 */
export function totalsPhrases(totals: ReceiptTotals, chain?: ChainProfile): string[] {
  const n = (x: number | bigint) => formatDecimal(BigInt(x));
  const phrases = [
    receiptsPhrase(totals.count),
    `${n(totals.gasUsed)} gas used`,
    `${n(totals.failed)} failed`,
    `${n(totals.logs)} log${totals.logs === 1 ? "" : "s"}`,
  ];
  if (totals.knownEvents === null) phrases.push(COUNTING_KNOWN_EVENTS);
  else if (totals.knownEvents > 0)
    phrases.push(`${n(totals.knownEvents)} known event${totals.knownEvents === 1 ? "" : "s"}`);
  if (totals.contractsCreated > 0)
    phrases.push(`${n(totals.contractsCreated)} contract${totals.contractsCreated === 1 ? "" : "s"} created`);
  if (totals.withRoot > 0) phrases.push(`${n(totals.withRoot)} pre-Byzantium (root)`);
  // The fees as the chain makes them up (L1 data fees included on a rollup), in its coin.
  if (chain && totals.fees > 0n) phrases.push(`${formatNative(totals.fees, chain.currency)} in fees`);
  return phrases;
}

/** The accessible name of a row's expand button. */
export function logsButtonLabel(index: bigint | number | null, position: number): string {
  return `Logs of transaction ${index ?? position}`;
}

/** What the integrity check shows once the block's answer is in. */
export type CheckOutcome =
  | { kind: "checks"; checks: IntegrityCheck[]; passed: number }
  | { kind: "not-found"; text: string }
  | { kind: "error"; text: string };

/** Turns the block's answer into the check's outcome: the checks, "not found", or the node's error. */
export function checkOutcome(blockAnswer: RpcAnswer, receipts: unknown): CheckOutcome {
  if (blockAnswer.kind === "error") {
    return {
      kind: "error",
      text: `The node answered an error for the block: ${blockAnswer.error.message} (code ${blockAnswer.error.code})`,
    };
  }
  if (blockAnswer.result === null) {
    return { kind: "not-found", text: "The node has no such block (result null): nothing to check against." };
  }
  const checks = checkBlockReceipts(blockAnswer.result, receipts);
  return { kind: "checks", checks, passed: checks.filter((c) => c.ok).length };
}
