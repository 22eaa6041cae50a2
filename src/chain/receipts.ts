/**
 * View model of `eth_getBlockReceipts`: one row per receipt, totals, well-known token events
 * decoded from the logs, and an integrity check of the receipts against their block.
 *
 * Building the model costs one cheap pass (totals and problems from quantities, no checksums, no
 * log decoding); a row (checksums) is decoded when it is read, its logs when they are read (the
 * row is opened), and the known-events total is a `Tally` the view counts in idle time.
 * A drawn row's decoding is kept per raw object, and the totals and the known-events count go on
 * from where they got when a longer answer shares their receipts, so a growing answer redoes nothing.
 * The totals keep nothing per receipt or per log: a WeakMap entry for each of a 40 MB answer's
 * 60,000 made every full garbage collection walk them (pauses of 57-72 ms at CPU 2x; without them,
 * none in half the traced runs, 33-55 ms in the others).
 */

import type { Hex } from "viem";
import { decodeEventLog, isAddress, parseAbi } from "viem/utils";
import { type ChainProfile, ETHEREUM_PROFILE, formatNative } from "./chain-profile.ts";
import { ethereumFee } from "./families/fees.ts";
import type { FeeParts } from "./families/types.ts";
import { chainFields, checksumOrNull, decodeContext, type Field, isRecord } from "./field.ts";
import { isHexData } from "./hexdata.ts";
import { type LazyRows, lazyRows, memoByIdentity, type Resumable, type Tally, tally } from "./lazy-rows.ts";
import {
  describeJsonType,
  fail,
  formatDecimal,
  formatGweiText,
  ok,
  type Parsed,
  quantityOrNull,
  shortenHex,
} from "./quantity.ts";
import { rowOutline } from "./row-text.ts";
import { describeTxType, type TxType } from "./tx-type.ts";

/** Outcome of a transaction as its receipt states it. */
export type ReceiptStatus =
  | { kind: "success"; text: string }
  | { kind: "failed"; text: string }
  /** Before Byzantium (EIP-658) receipts carry the post-transaction state `root`, no `status`. */
  | { kind: "root"; root: string; text: string }
  /** Executed but not yet in a block (`blockHash` null): no status yet (ZKsync answers such receipts). */
  | { kind: "pending"; text: string }
  | { kind: "unknown"; text: string };

/** A token event recognized in a log. Addresses are checksummed; amounts are raw integers. */
export type KnownEvent =
  | { name: "Transfer"; standard: "ERC-20"; from: string; to: string; value: bigint }
  | { name: "Transfer"; standard: "ERC-721"; from: string; to: string; tokenId: bigint }
  | { name: "Approval"; standard: "ERC-20"; owner: string; spender: string; value: bigint }
  | { name: "Approval"; standard: "ERC-721"; owner: string; approved: string; tokenId: bigint }
  | {
      name: "ApprovalForAll";
      standard: "ERC-721/ERC-1155";
      owner: string;
      operator: string;
      approved: boolean;
    };

/** A log of a receipt. */
export interface LogView {
  logIndex: bigint | null;
  /** Checksummed address of the emitting contract. */
  address: string | null;
  topics: string[];
  data: string;
  removed: boolean;
  /** The recognized event, or null (unknown event or not decodable with the known ABI). */
  event: KnownEvent | null;
  /** One line for the event (`"ERC-20 Transfer 0x12…34 → 0x56…78, value 1,000"`), or null. */
  eventText: string | null;
}

/** One receipt as a table row. */
export interface ReceiptRow {
  index: bigint | null;
  transactionHash: string | null;
  status: ReceiptStatus;
  gasUsed: bigint | null;
  cumulativeGasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  /** `"21.5 gwei"`, or `"?"`. */
  effectiveGasPriceText: string;
  /**
   * What the sender paid in wei, as the chain makes it up (`feeParts`): on Ethereum gas used ×
   * effective gas price plus blob gas; on a rollup the L1 data fee too. Null when unknown.
   */
  fee: bigint | null;
  /** `"0.0123 ETH"` in the network's native coin, or `"?"`. */
  feeText: string;
  /** The fee's parts (L2 execution, L1 data, other) and how the chain makes it up. */
  feeParts: FeeParts;
  /** The fields the network's family adds (`l1Fee`, `gasUsedForL1`, `l1BatchNumber`…). */
  chainFields: Field[];
  /** Checksummed address of the contract created, or null. */
  contractAddress: string | null;
  from: string | null;
  /** Null for a contract creation. */
  to: string | null;
  type: TxType;
  blobGasUsed: bigint | null;
  logCount: number;
  /** Decoded when read (the row is opened). */
  logs: LazyRows<LogView>;
}

/** Sums over the receipts of a block. */
export interface ReceiptTotals {
  count: number;
  gasUsed: bigint;
  /** Receipts with status `0x0`. */
  failed: number;
  /** Pre-Byzantium receipts (with `root`, without `status`). */
  withRoot: number;
  logs: number;
  /**
   * Logs recognized as token events; null until counted (it needs every log decoded: see
   * `ReceiptsView.knownEvents`).
   */
  knownEvents: number | null;
  /** Sum of `fee` (wei, as the chain makes it up: L1 part included) over the receipts that have one. */
  fees: bigint;
  blobGasUsed: bigint;
  contractsCreated: number;
}

/** What a pass over every receipt gives: the totals and what is malformed. */
export interface ReceiptsSummary {
  /** Every total but `knownEvents` (null here: counted by `ReceiptsView.knownEvents`). */
  totals: ReceiptTotals;
  /** Malformed receipts or fields. Empty for a well-formed answer. */
  problems: string[];
}

/** A decoded `eth_getBlockReceipts` result. */
export interface ReceiptsView {
  /** How many receipts (known at once). */
  count: number;
  /** One row per receipt, decoded when read. */
  rows: LazyRows<ReceiptRow>;
  /**
   * The totals and problems, added up in slices (`Resumable.run`) by the view: a pass over 10,000
   * receipts is a long task on a slow machine, and it grows with the answer.
   */
  summary: Resumable<ReceiptsSummary>;
  /** The count of known events, run in slices (`Tally.run`) by the view. */
  knownEvents: Tally;
}

const ERC20_EVENTS = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "event ApprovalForAll(address indexed owner, address indexed operator, bool approved)",
]);

const ERC721_EVENTS = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)",
]);

/**
 * Recognizes ERC-20 Transfer/Approval (3 topics, amount in data), ERC-721 Transfer/Approval
 * (4 topics, tokenId indexed) and ApprovalForAll, decoding with viem's `decodeEventLog`.
 * Anything else, or a log that does not decode strictly, gives null.
 */
export function decodeKnownEvent(topics: readonly string[], data: string): KnownEvent | null {
  const [signature, ...rest] = topics;
  if (signature === undefined || !topics.every(isHexData) || !isHexData(data)) return null;
  const abi = topics.length === 4 ? ERC721_EVENTS : ERC20_EVENTS;
  try {
    const decoded = decodeEventLog({
      abi,
      topics: [signature as Hex, ...(rest as Hex[])],
      data: data as Hex,
      strict: true,
    });
    const a = decoded.args as Record<string, unknown>;
    switch (decoded.eventName) {
      case "Transfer":
        return topics.length === 4
          ? {
              name: "Transfer",
              standard: "ERC-721",
              from: str(a.from),
              to: str(a.to),
              tokenId: big(a.tokenId),
            }
          : { name: "Transfer", standard: "ERC-20", from: str(a.from), to: str(a.to), value: big(a.value) };
      case "Approval":
        return topics.length === 4
          ? {
              name: "Approval",
              standard: "ERC-721",
              owner: str(a.owner),
              approved: str(a.approved),
              tokenId: big(a.tokenId),
            }
          : {
              name: "Approval",
              standard: "ERC-20",
              owner: str(a.owner),
              spender: str(a.spender),
              value: big(a.value),
            };
      case "ApprovalForAll":
        return {
          name: "ApprovalForAll",
          standard: "ERC-721/ERC-1155",
          owner: str(a.owner),
          operator: str(a.operator),
          approved: a.approved === true,
        };
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** One line for a recognized event. Amounts are raw integers (token decimals are unknown here). */
export function describeEvent(event: KnownEvent): string {
  const s = shortenHex;
  switch (event.name) {
    case "Transfer":
      return event.standard === "ERC-20"
        ? `ERC-20 Transfer ${s(event.from)} → ${s(event.to)}, value ${formatDecimal(event.value)}`
        : `ERC-721 Transfer ${s(event.from)} → ${s(event.to)}, token ${formatDecimal(event.tokenId)}`;
    case "Approval":
      return event.standard === "ERC-20"
        ? `ERC-20 Approval ${s(event.owner)} lets ${s(event.spender)} spend ${formatDecimal(event.value)}`
        : `ERC-721 Approval ${s(event.owner)} approves ${s(event.approved)} for token ${formatDecimal(event.tokenId)}`;
    case "ApprovalForAll":
      return `ApprovalForAll ${s(event.owner)} ${event.approved ? "approves" : "revokes"} operator ${s(event.operator)}`;
  }
}

/**
 * The known event of a log object. Not kept per log: the count keeps its figure per receipt, a drawn
 * row its whole decoding (`logOf`), and a WeakMap entry for each of a big answer's 50,000 logs made
 * every full garbage collection walk them all (10 ms more of a 58 ms pause at CPU 2x).
 */
function knownEventOfLog(raw: unknown): KnownEvent | null {
  const { topics, data } = logTopicsAndData(raw);
  return decodeKnownEvent(topics, data);
}

function logTopicsAndData(raw: unknown): { topics: string[]; data: string } {
  const log = isRecord(raw) ? raw : {};
  const given = log.topics;
  const topics = Array.isArray(given) ? given.filter((t): t is string => typeof t === "string") : [];
  const data = log.data;
  return { topics, data: typeof data === "string" ? data : "0x" };
}

/** Decodes one log object; never throws. */
export function decodeLog(raw: unknown): LogView {
  const log = isRecord(raw) ? raw : {};
  const { topics, data } = logTopicsAndData(raw);
  const event = knownEventOfLog(raw);
  return {
    logIndex: quantityOrNull(log.logIndex),
    address: checksumOrNull(log.address),
    topics,
    data,
    removed: log.removed === true,
    event,
    eventText: event === null ? null : describeEvent(event),
  };
}

const logOf = memoByIdentity(decodeLog);

/** The status of a receipt: `status` 0x1/0x0, or the pre-Byzantium `root`. */
export function receiptStatus(receipt: Readonly<Record<string, unknown>>): ReceiptStatus {
  if (receipt.status !== undefined && receipt.status !== null) {
    const status = quantityOrNull(receipt.status);
    if (status === 1n) return { kind: "success", text: "success" };
    if (status === 0n) return { kind: "failed", text: "failed" };
    return { kind: "unknown", text: `unknown status ${JSON.stringify(receipt.status)}` };
  }
  if (receipt.blockHash === null && (receipt.root === undefined || receipt.root === null)) {
    return { kind: "pending", text: "not yet in a block: no status yet" };
  }
  if (typeof receipt.root === "string") {
    return {
      kind: "root",
      root: receipt.root,
      text: `pre-Byzantium: state root ${shortenHex(receipt.root)}`,
    };
  }
  return { kind: "unknown", text: "no status and no root" };
}

/** The fee of a receipt as the network's family makes it up. */
export function receiptFee(receipt: Readonly<Record<string, unknown>>, chain: ChainProfile): FeeParts {
  return (chain.family.receiptFee ?? ethereumFee)(receipt);
}

/**
 * Decodes one receipt object of a network into a row (its logs decoded when read); never throws.
 * `chain` gives the fee's make-up, the native coin and the family's fields (Ethereum by default).
 */
export function decodeReceipt(raw: unknown, chain: ChainProfile = ETHEREUM_PROFILE): ReceiptRow {
  const r = isRecord(raw) ? raw : {};
  const gasUsed = quantityOrNull(r.gasUsed);
  const price = quantityOrNull(r.effectiveGasPrice);
  const feeParts = receiptFee(r, chain);
  const fee = feeParts.total;
  const logs = lazyRows(Array.isArray(r.logs) ? r.logs : [], logOf);
  return {
    index: quantityOrNull(r.transactionIndex),
    transactionHash: typeof r.transactionHash === "string" ? r.transactionHash : null,
    status: receiptStatus(r),
    gasUsed,
    cumulativeGasUsed: quantityOrNull(r.cumulativeGasUsed),
    effectiveGasPrice: price,
    effectiveGasPriceText: price === null ? "?" : formatGweiText(price),
    fee,
    feeText: fee === null ? "?" : formatNative(fee, chain.currency),
    feeParts,
    chainFields: chainFields(decodeContext(r, false, chain), chain.family.receiptFields),
    contractAddress: checksumOrNull(r.contractAddress),
    from: checksumOrNull(r.from),
    to: checksumOrNull(r.to),
    type: describeTxType(r.type, chain.family, r),
    blobGasUsed: quantityOrNull(r.blobGasUsed),
    logCount: logs.length,
    logs,
  };
}

/** Rows kept per network profile (the same receipt reads in ETH on one network, POL on another), then per receipt. */
const receiptsOf = memoByIdentity((chain: ChainProfile) =>
  memoByIdentity((raw: unknown) => decodeReceipt(raw, chain)),
);

/** What the totals and problems need of one receipt: quantities, no checksums, no log decoding. */
interface ReceiptFacts {
  gasUsed: bigint | null;
  fee: bigint | null;
  status: ReceiptStatus;
  logs: number;
  blobGasUsed: bigint | null;
  created: boolean;
}

function factsOfReceipt(raw: unknown, chain: ChainProfile): ReceiptFacts {
  const r = isRecord(raw) ? raw : {};
  const gasUsed = quantityOrNull(r.gasUsed);
  const created = r.contractAddress;
  return {
    gasUsed,
    fee: receiptFee(r, chain).total,
    status: receiptStatus(r),
    logs: Array.isArray(r.logs) ? r.logs.length : 0,
    blobGasUsed: quantityOrNull(r.blobGasUsed),
    // What `checksumOrNull` accepts, without computing the checksum.
    created: typeof created === "string" && isAddress(created, { strict: false }),
  };
}

/** The known events among a receipt's logs (every log decoded: the expensive total). */
function knownEventsOf(raw: unknown): number {
  const logs = isRecord(raw) && Array.isArray(raw.logs) ? raw.logs : [];
  let n = 0;
  for (const log of logs) if (knownEventOfLog(log) !== null) n += 1;
  return n;
}

/**
 * The known-events tally made last: a longer array of the same answer goes on from it. Both weakly
 * held: the tally holds its receipts, and a strong one here kept a 40 MB answer alive after its view
 * was gone, until the next receipts came.
 */
let lastKnownEvents: { result: WeakRef<readonly unknown[]>; tally: WeakRef<Tally> } | null = null;

/**
 * The known events of `result`, counted on from where the last tally got when `result` begins with
 * the receipts it counted (`continuesFrom`), else from receipt 0. Nothing is kept per receipt or
 * per log: a WeakMap entry for each made every full garbage collection of a 40 MB answer walk
 * 60,000 of them.
 */
function knownEventsTally(result: readonly unknown[]): Tally {
  const last = lastKnownEvents?.tally.deref();
  const from =
    last && continuesFrom(lastKnownEvents?.result.deref(), result, last.counted)
      ? { counted: last.counted, partial: last.partial }
      : undefined;
  const t = tally(result, knownEventsOf, from);
  lastKnownEvents = { result: new WeakRef(result), tally: new WeakRef(t) };
  return t;
}

/**
 * Whether `result` begins with the first `n` receipts of `before`. Raw receipts are objects parsed
 * from one answer: two answers never share one, and a growing answer keeps its rows in place, so
 * the first and last counted receipts being the same objects say the whole counted part is (O(1),
 * where comparing it all would grow with each piece). Plain values say nothing: a hostile node's
 * `[1, 2, 1]` after `[1, {…}, 1]` is another answer with equal ends.
 */
function continuesFrom(
  before: readonly unknown[] | undefined,
  result: readonly unknown[],
  n: number,
): boolean {
  if (before === undefined || n <= 0 || n > result.length) return false;
  const first = result[0];
  if (!isRecord(first) || before[0] !== first) return false;
  const last = result[n - 1];
  return isRecord(last) && before[n - 1] === last;
}

/**
 * Decodes an `eth_getBlockReceipts` result. Fails only when it is not an array. O(1): rows, logs,
 * the totals and the known-events count are lazy (see the module's comment).
 */
export function decodeBlockReceipts(
  result: unknown,
  chain: ChainProfile = ETHEREUM_PROFILE,
): Parsed<ReceiptsView> {
  if (!Array.isArray(result)) return fail(`expected an array of receipts, got ${describeJsonType(result)}`);
  return ok({
    count: result.length,
    rows: lazyRows(result, receiptsOf(chain)),
    summary: summarize(result, chain),
    knownEvents: knownEventsTally(result),
  });
}

/** How far a summary pass went over its array, and its sums so far. */
interface Pass {
  result: WeakRef<readonly unknown[]>;
  chain: ChainProfile;
  /** The receipts counted: `result[0 … next - 1]`. */
  next: number;
  totals: ReceiptTotals;
  problems: string[];
}

/** The pass that ran last: a longer array of the same answer goes on from it. */
let lastPass: Pass | null = null;

/**
 * A pass over `result`, from where the last pass stopped when `result` begins with that pass's
 * receipts (an answer arriving in pieces: each piece a longer array sharing its rows; `continuesFrom`),
 * else from receipt 0. The sums are copied: the last pass's value may still be shown.
 */
function startPass(result: readonly unknown[], chain: ChainProfile): Pass {
  const last = lastPass;
  if (last !== null && last.chain === chain && continuesFrom(last.result.deref(), result, last.next)) {
    return {
      result: new WeakRef(result),
      chain,
      next: last.next,
      totals: { ...last.totals, count: result.length },
      problems: [...last.problems],
    };
  }
  const totals: ReceiptTotals = {
    count: result.length,
    gasUsed: 0n,
    failed: 0,
    withRoot: 0,
    logs: 0,
    knownEvents: null,
    fees: 0n,
    blobGasUsed: 0n,
    contractsCreated: 0,
  };
  return { result: new WeakRef(result), chain, next: 0, totals, problems: [] };
}

/** The pass behind `ReceiptsView.summary`: a receipt's facts are read once a pass (the pass goes on across a growing answer's pieces). */
function summarize(result: readonly unknown[], chain: ChainProfile): Resumable<ReceiptsSummary> {
  let pass: Pass | null = null;
  return {
    run(more) {
      pass ??= startPass(result, chain);
      lastPass = pass;
      const { totals, problems } = pass;
      while (pass.next < result.length) {
        const i = pass.next;
        const raw = result[i];
        if (!isRecord(raw)) problems.push(`receipt ${i} is ${describeJsonType(raw)}, not an object`);
        // Its outline (its fields and how many logs it has) where the answer worker sent it: a
        // receipt kept as its text is not parsed whole for its facts (row-text.ts).
        const f = factsOfReceipt(rowOutline(raw), chain);
        if (f.gasUsed === null) problems.push(`receipt ${i}: "gasUsed" is missing or not a quantity`);
        if (f.status.kind === "unknown") problems.push(`receipt ${i}: ${f.status.text}`);
        totals.gasUsed += f.gasUsed ?? 0n;
        if (f.status.kind === "failed") totals.failed += 1;
        if (f.status.kind === "root") totals.withRoot += 1;
        totals.logs += f.logs;
        totals.fees += f.fee ?? 0n;
        totals.blobGasUsed += f.blobGasUsed ?? 0n;
        if (f.created) totals.contractsCreated += 1;
        pass.next = i + 1;
        if (pass.next < result.length && !more()) return null;
      }
      return { totals, problems };
    },
  };
}

/** One line of {@link checkBlockReceipts}. */
export interface IntegrityCheck {
  check: string;
  ok: boolean;
  detail: string;
}

/**
 * Checks an `eth_getBlockReceipts` result against the block it belongs to (the raw results of
 * `eth_getBlockByNumber/ByHash`, with or without transaction details):
 *
 * - the number of receipts equals the number of transactions;
 * - the receipts' `gasUsed` add up to the block's `gasUsed`;
 * - `cumulativeGasUsed` never decreases and ends at the block's `gasUsed`;
 * - every receipt names this block (`blockHash`, or `blockNumber` for a pending block);
 * - receipt `i` has `transactionIndex` i and the hash of the block's transaction i.
 */
export function checkBlockReceipts(block: unknown, receipts: unknown): IntegrityCheck[] {
  if (!isRecord(block)) {
    return [{ check: "block", ok: false, detail: `expected a block object, got ${describeJsonType(block)}` }];
  }
  if (!Array.isArray(receipts)) {
    return [{ check: "receipts", ok: false, detail: `expected an array, got ${describeJsonType(receipts)}` }];
  }
  const rows = receipts.map((r) => (isRecord(r) ? r : {}));
  const checks: IntegrityCheck[] = [];
  const txs = Array.isArray(block.transactions) ? block.transactions : null;
  const blockGas = quantityOrNull(block.gasUsed);

  checks.push(
    txs === null
      ? { check: "transaction count", ok: false, detail: "the block has no transactions list" }
      : {
          check: "transaction count",
          ok: txs.length === rows.length,
          detail: `${txs.length} transaction(s) in the block, ${rows.length} receipt(s)`,
        },
  );

  const gas = rows.map((r) => quantityOrNull(r.gasUsed));
  const badGas = gas.indexOf(null);
  if (blockGas === null) {
    checks.push({ check: "gas used sum", ok: false, detail: `the block's gasUsed is not a quantity` });
  } else if (badGas >= 0) {
    checks.push({ check: "gas used sum", ok: false, detail: `receipt ${badGas} has no valid gasUsed` });
  } else {
    const sum = gas.reduce<bigint>((acc, g) => acc + (g ?? 0n), 0n);
    checks.push({
      check: "gas used sum",
      ok: sum === blockGas,
      detail: `receipts add up to ${formatDecimal(sum)}, the block says ${formatDecimal(blockGas)}`,
    });
  }

  const cumulative = rows.map((r) => quantityOrNull(r.cumulativeGasUsed));
  let decrease = -1;
  for (let i = 1; i < cumulative.length; i++) {
    const prev = cumulative[i - 1];
    const cur = cumulative[i];
    if (prev === null || prev === undefined || cur === null || cur === undefined || cur < prev) {
      decrease = i;
      break;
    }
  }
  checks.push({
    check: "cumulative gas never decreases",
    ok: decrease < 0 && cumulative.every((c) => c !== null),
    detail:
      decrease < 0
        ? cumulative.every((c) => c !== null)
          ? "cumulativeGasUsed rises (or stays) from each receipt to the next"
          : "a receipt has no valid cumulativeGasUsed"
        : `receipt ${decrease} has cumulativeGasUsed below receipt ${decrease - 1}, or none`,
  });

  const last = cumulative.length > 0 ? cumulative[cumulative.length - 1] : 0n;
  checks.push({
    check: "cumulative gas ends at block gas used",
    ok: last !== null && last !== undefined && blockGas !== null && last === blockGas,
    detail: `last cumulativeGasUsed ${last === null || last === undefined ? "?" : formatDecimal(last)}, block gasUsed ${blockGas === null ? "?" : formatDecimal(blockGas)}`,
  });

  const blockHash = typeof block.hash === "string" ? block.hash.toLowerCase() : null;
  const blockNumber = quantityOrNull(block.number);
  const foreign = rows.findIndex((r) =>
    blockHash !== null
      ? typeof r.blockHash !== "string" || r.blockHash.toLowerCase() !== blockHash
      : quantityOrNull(r.blockNumber) !== blockNumber,
  );
  checks.push({
    check: "same block",
    ok: foreign < 0,
    detail:
      foreign < 0
        ? `every receipt names block ${blockHash ?? (blockNumber === null ? "?" : formatDecimal(blockNumber))}`
        : `receipt ${foreign} names another block`,
  });

  if (txs !== null) {
    const hashes = txs.map((t) => (typeof t === "string" ? t : isRecord(t) ? t.hash : undefined));
    const mismatch = rows.findIndex((r, i) => {
      const expected = hashes[i];
      return (
        quantityOrNull(r.transactionIndex) !== BigInt(i) ||
        typeof r.transactionHash !== "string" ||
        typeof expected !== "string" ||
        r.transactionHash.toLowerCase() !== expected.toLowerCase()
      );
    });
    checks.push({
      check: "transaction order",
      ok: mismatch < 0,
      detail:
        mismatch < 0
          ? "receipt i has transactionIndex i and the hash of the block's transaction i"
          : `receipt ${mismatch} does not match the block's transaction ${mismatch}`,
    });
  }
  return checks;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function big(value: unknown): bigint {
  return typeof value === "bigint" ? value : 0n;
}
