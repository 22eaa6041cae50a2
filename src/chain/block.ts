/**
 * View model of a block (`eth_getBlockByHash`, `eth_getBlockByNumber`) or an uncle
 * (`eth_getUncleByBlockNumberAndIndex`): the spec's fields in groups, every other field kept in
 * `other`, the pending nulls marked, and the transactions as hashes or as summaries.
 *
 * Decoding costs the header plus a cheap pass over the transactions (are they hashes or objects):
 * a transaction's summary (checksums, selector) is made only when its row is read.
 */
import { type ChainProfile, ETHEREUM_PROFILE } from "./chain-profile.ts";
import {
  addressValue,
  byteSizeValue,
  chainFields,
  checksumOrNull,
  dataValue,
  decodeContext,
  decodeFields,
  type ExtraFieldSpec,
  type Field,
  type FieldGroup,
  type FieldSpec,
  fixedHexValue,
  gweiAmountValue,
  hashValue,
  isRecord,
  listValue,
  otherFields,
  quantityValue,
  timestampValue,
  weiValue,
} from "./field.ts";
import { extraDataClient, extraDataText } from "./hexdata.ts";
import { type LazyRows, lazyRows, memoByIdentity } from "./lazy-rows.ts";
import { describeJsonType, fail, gasShare, ok, type Parsed, quantityOrNull } from "./quantity.ts";
import { parseTimestamp } from "./time.ts";
import { summarizeTransaction, type TransactionSummary } from "./transaction.ts";

/** A block's transactions as the answer gave them. */
export type BlockTransactions =
  /** An uncle (no `transactions` field) or an answer without the field. */
  | { kind: "none" }
  /** Detail flag `false` (or an empty block): the transaction hashes. */
  | { kind: "hashes"; hashes: string[] }
  /**
   * Detail flag `true`: one summary per transaction object, made when the row is read (a table
   * reads only the rows it draws) and kept per transaction object.
   */
  | { kind: "full"; items: LazyRows<TransactionSummary> };

/** One validator withdrawal (EIP-4895). `amount` is in gwei on the wire; `amountWei` in wei. */
export interface WithdrawalView {
  index: bigint | null;
  validatorIndex: bigint | null;
  /** Checksummed address. */
  address: string | null;
  amountWei: bigint | null;
}

/** A decoded block or uncle. */
export interface BlockView {
  kind: "block" | "uncle";
  /** A field the spec nulls for pending blocks (`hash`, `number`, `nonce`, `logsBloom`) is null. */
  pending: boolean;
  number: bigint | null;
  hash: string | null;
  /** Unix seconds; format with `formatUtc` / `formatRelative`. */
  timestamp: bigint | null;
  gasUsed: bigint | null;
  gasLimit: bigint | null;
  /**
   * `"52.05%"`: gas used as a share of the limit, or null when either is missing or when the
   * chain's limit is a placeholder (see `gasLimitNote`).
   */
  gasUsedShare: string | null;
  /** Why the gas limit bounds nothing on this chain (Arbitrum's 2^50), or null. */
  gasLimitNote: string | null;
  /** identity, gas, roots, difficulty, sizes, and `chain`: the fields the network's family adds. */
  groups: FieldGroup[];
  /** Every field beyond the spec, in answer order (`withdrawals`, `blobGasUsed`, …), never dropped. */
  other: Field[];
  transactions: BlockTransactions;
  /** Uncle hashes. */
  uncles: string[];
  /** Withdrawals when the answer has them (after Shanghai), else null. */
  withdrawals: WithdrawalView[] | null;
  /** Missing or malformed fields. Empty for a well-formed answer. */
  problems: string[];
}

const IDENTITY: readonly FieldSpec[] = [
  { key: "number", label: "Block number", decode: quantityValue, pendingNull: true },
  { key: "hash", label: "Block hash", decode: hashValue, pendingNull: true },
  { key: "parentHash", label: "Parent hash", decode: hashValue },
  { key: "nonce", label: "Nonce", decode: fixedHexValue(8), pendingNull: true },
  { key: "miner", label: "Miner (fee recipient)", decode: addressValue },
  { key: "timestamp", label: "Timestamp", decode: timestampValue },
  {
    key: "extraData",
    label: "Extra data",
    decode: dataValue,
    detail: (_v, block) => {
      const text = extraDataText(block.extraData);
      if (text !== null) return `"${text}"`;
      const client = extraDataClient(block.extraData);
      return client === null ? null : `client: ${client}`;
    },
  },
  { key: "mixHash", label: "Mix hash", decode: hashValue },
];

const GAS: readonly FieldSpec[] = [
  { key: "gasLimit", label: "Gas limit", decode: quantityValue },
  {
    key: "gasUsed",
    label: "Gas used",
    decode: quantityValue,
    detail: (v, block) => {
      const limit = quantityOrNull(block.gasLimit);
      if (v.kind !== "quantity" || limit === null) return null;
      const share = gasShare(v.value, limit);
      return share === null ? null : `${share} of the gas limit`;
    },
  },
  { key: "baseFeePerGas", label: "Base fee per gas", decode: weiValue("gwei"), optional: true },
];

const ROOTS: readonly FieldSpec[] = [
  { key: "stateRoot", label: "State root", decode: hashValue },
  { key: "transactionsRoot", label: "Transactions root", decode: hashValue },
  { key: "receiptsRoot", label: "Receipts root", decode: hashValue },
  { key: "sha3Uncles", label: "Uncles hash (sha3Uncles)", decode: hashValue },
  { key: "logsBloom", label: "Logs bloom", decode: fixedHexValue(256), pendingNull: true },
  { key: "withdrawalsRoot", label: "Withdrawals root", decode: hashValue, optional: true },
];

/**
 * `totalDifficulty` is optional here although the spec lists it: post-merge clients dropped it,
 * and none of the mainnet answers in the fixtures carry it.
 */
const DIFFICULTY: readonly FieldSpec[] = [
  { key: "difficulty", label: "Difficulty", decode: quantityValue },
  {
    key: "totalDifficulty",
    label: "Total difficulty",
    decode: quantityValue,
    optional: true,
    nullText: "not given",
  },
];

const SIZES: readonly FieldSpec[] = [{ key: "size", label: "Size", decode: byteSizeValue }];

const LISTS: readonly FieldSpec[] = [
  { key: "transactions", label: "Transactions", decode: listValue, optional: true },
  { key: "uncles", label: "Uncles", decode: listValue, optional: true },
];

/** Fields beyond the spec that have a known meaning, decoded rather than guessed. */
const EXTRAS: Readonly<Record<string, ExtraFieldSpec>> = {
  withdrawals: { label: "Withdrawals (EIP-4895)", decode: listValue },
  blobGasUsed: { label: "Blob gas used (EIP-4844)", decode: quantityValue },
  excessBlobGas: { label: "Excess blob gas (EIP-4844)", decode: quantityValue },
  parentBeaconBlockRoot: { label: "Parent beacon block root (EIP-4788)", decode: hashValue },
  requestsHash: { label: "Requests hash (EIP-7685)", decode: hashValue },
  sealFields: { label: "Seal fields", decode: listValue },
};

const PENDING_KEYS = ["hash", "number", "nonce", "logsBloom"] as const;

/**
 * Decodes a block (`kind` "block") or an uncle (`kind` "uncle"). Fails only when `result` is not
 * an object; field problems are listed in `problems`. A `null` result (no such block) is the
 * caller's third state and is not decoded here.
 */
export function decodeBlock(
  result: unknown,
  kind: "block" | "uncle" = "block",
  chain: ChainProfile = ETHEREUM_PROFILE,
): Parsed<BlockView> {
  const what = kind === "uncle" ? "an uncle" : "a block";
  if (!isRecord(result)) return fail(`expected ${what} object, got ${describeJsonType(result)}`);
  const pending = PENDING_KEYS.some((k) => result[k] === null);
  const family = chain.family;
  const ctx = decodeContext(result, pending, chain, family.blockMayOmit ?? []);
  const gasLimitNote = family.symbolicGasLimit?.(result) ?? null;
  const groups: FieldGroup[] = [
    { id: "identity", title: "Identity", fields: decodeFields(IDENTITY, ctx) },
    { id: "gas", title: "Gas and fees", fields: decodeFields(GAS, ctx) },
    { id: "roots", title: "Roots", fields: decodeFields(ROOTS, ctx) },
    { id: "difficulty", title: "Difficulty", fields: decodeFields(DIFFICULTY, ctx) },
    { id: "sizes", title: "Size", fields: decodeFields(SIZES, ctx) },
  ];
  decodeFields(LISTS, ctx);
  if (kind === "block" && !Object.hasOwn(result, "transactions"))
    ctx.problems.push(`missing field "transactions"`);
  if (!Object.hasOwn(result, "uncles") && !ctx.mayOmit.has("uncles"))
    ctx.problems.push(`missing field "uncles"`);
  if (gasLimitNote !== null) markSymbolicLimit(groups, gasLimitNote);
  const own = chainFields(ctx, family.blockFields);
  if (own.length > 0) groups.push({ id: "chain", title: `${family.name} fields`, fields: own });
  const other = otherFields(ctx, EXTRAS);
  const gasUsed = quantityOrNull(result.gasUsed);
  const gasLimit = quantityOrNull(result.gasLimit);
  const timestamp = parseTimestamp(result.timestamp);
  return ok({
    kind,
    pending,
    number: quantityOrNull(result.number),
    hash: typeof result.hash === "string" ? result.hash : null,
    timestamp: timestamp.ok ? timestamp.value : null,
    gasUsed,
    gasLimit,
    gasUsedShare:
      gasUsed !== null && gasLimit !== null && gasLimitNote === null ? gasShare(gasUsed, gasLimit) : null,
    gasLimitNote,
    groups,
    other,
    transactions: decodeBlockTransactions(result.transactions, ctx.problems, chain),
    uncles: stringsOf(result.uncles),
    withdrawals: decodeWithdrawals(result.withdrawals),
    problems: ctx.problems,
  });
}

/**
 * `summarizeTransaction` for one network profile, kept per transaction object: a longer answer
 * reuses the rows decoded.
 */
const summariesFor = memoByIdentity((chain: ChainProfile) =>
  memoByIdentity((tx: unknown) => summarizeTransaction(tx, chain)),
);

/** The gas limit is a placeholder: its field says so, and gas used gets no share of it. */
function markSymbolicLimit(groups: FieldGroup[], note: string): void {
  for (const group of groups) {
    for (const field of group.fields) {
      if (field.key === "gasLimit") {
        field.detail = "a placeholder on this chain: it bounds nothing";
        field.hint = note;
      } else if (field.key === "gasUsed") {
        delete field.detail;
        field.hint = `No share of the limit: ${note}`;
      }
    }
  }
}

function decodeBlockTransactions(raw: unknown, problems: string[], chain: ChainProfile): BlockTransactions {
  const summaryOf = summariesFor(chain);
  if (!Array.isArray(raw)) return { kind: "none" };
  if (raw.every((t): t is string => typeof t === "string")) return { kind: "hashes", hashes: raw };
  if (raw.every(isRecord)) return { kind: "full", items: lazyRows(raw, summaryOf) };
  problems.push(`"transactions" should hold either hashes or transaction objects`);
  return { kind: "full", items: lazyRows(raw.filter(isRecord), summaryOf) };
}

function decodeWithdrawals(raw: unknown): WithdrawalView[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.map((w) => {
    const item = isRecord(w) ? w : {};
    const amount = gweiAmountValue(item.amount);
    return {
      index: quantityOrNull(item.index),
      validatorIndex: quantityOrNull(item.validatorIndex),
      address: checksumOrNull(item.address),
      amountWei: amount.kind === "wei" ? amount.value : null,
    };
  });
}

function stringsOf(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string") : [];
}
