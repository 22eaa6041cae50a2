/**
 * View model of a transaction object (`eth_getTransactionByBlockHashAndIndex`, and the full
 * transactions of `eth_getBlockByHash/ByNumber` with the detail flag): the type named, the value
 * in ether, fees in gwei, the input split at its selector, the signature, the access list, and
 * the pending state (`blockHash`, `blockNumber`, `transactionIndex` null).
 */
import { getAddress, isAddress } from "viem/utils";
import { type ChainProfile, ETHEREUM_PROFILE, formatNative } from "./chain-profile.ts";
import {
  addressValue,
  chainFields,
  checksumOrNull,
  dataValue,
  decodeContext,
  decodeFields,
  type ExtraFieldSpec,
  type Field,
  type FieldGroup,
  type FieldSpec,
  hashValue,
  isRecord,
  listValue,
  otherFields,
  quantityValue,
  timestampValue,
  weiValue,
  wordValue,
} from "./field.ts";
import { type InputSplit, inputSelector, splitInput } from "./hexdata.ts";
import {
  describeJsonType,
  fail,
  formatGweiText,
  ok,
  type Parsed,
  quantityOrNull,
  shortenHex,
} from "./quantity.ts";
import { describeTxType, omittedByDesign, type TxType } from "./tx-type.ts";

/** One entry of an EIP-2930 access list. */
interface AccessListEntry {
  /** Checksummed address. */
  address: string;
  storageKeys: string[];
}

/** A decoded transaction. */
export interface TransactionView {
  hash: string | null;
  /** `blockHash`, `blockNumber` or `transactionIndex` is null: not yet in a block. */
  pending: boolean;
  type: TxType;
  /** Checksummed sender, or null when missing or malformed. */
  from: string | null;
  /** Checksummed receiver; null for a contract creation (see `contractCreation`). */
  to: string | null;
  contractCreation: boolean;
  /** Value in wei. */
  value: bigint | null;
  /** `input` split at its selector, or null when it is not hex data. */
  input: InputSplit | null;
  /** The access list, or null when the transaction has none (legacy). */
  accessList: AccessListEntry[] | null;
  /**
   * overview, fees, input, signature, accessList when present, and `chain`: the fields the
   * network's family adds (a deposit's source hash, Arbitrum's request id), titled by the family.
   */
  groups: FieldGroup[];
  /** Fields beyond the spec (`blockTimestamp`, `maxFeePerBlobGas`, `blobVersionedHashes`…). */
  other: Field[];
  /** Fields that are missing or malformed. Empty for a well-formed answer. */
  problems: string[];
}

const gwei = weiValue("gwei");

const OVERVIEW: readonly FieldSpec[] = [
  { key: "hash", label: "Transaction hash", decode: hashValue },
  {
    key: "type",
    label: "Type",
    decode: (raw, chain = ETHEREUM_PROFILE, tx) => typeField(raw, describeTxType(raw, chain.family, tx)),
  },
  { key: "blockHash", label: "Block hash", decode: hashValue, pendingNull: true },
  { key: "blockNumber", label: "Block number", decode: quantityValue, pendingNull: true },
  { key: "transactionIndex", label: "Index in block", decode: quantityValue, pendingNull: true },
  { key: "from", label: "From", decode: addressValue },
  { key: "to", label: "To", decode: addressValue, nullText: "contract creation" },
  { key: "value", label: "Value", decode: weiValue("native") },
  { key: "nonce", label: "Nonce", decode: quantityValue },
  { key: "chainId", label: "Chain id", decode: quantityValue, optional: true, aliases: ["chainID"] },
];

const FEES: readonly FieldSpec[] = [
  { key: "gas", label: "Gas limit", decode: quantityValue },
  // Null from some nodes on a dynamic-fee transaction (Celo's CIP-42): its max fees say the price.
  { key: "gasPrice", label: "Gas price", decode: gwei, nullText: "not given (a dynamic-fee transaction)" },
  { key: "maxFeePerGas", label: "Max fee per gas", decode: gwei, optional: true },
  { key: "maxPriorityFeePerGas", label: "Max priority fee per gas", decode: gwei, optional: true },
];

const INPUT: readonly FieldSpec[] = [
  {
    key: "input",
    label: "Input",
    decode: dataValue,
    detail: (_v, tx) => {
      const split = splitInput(tx.input);
      if (!split.ok) return null;
      if (split.value.empty) return "empty (plain transfer)";
      if (split.value.selector === null) return "shorter than a selector";
      return `selector ${split.value.selector}, ${split.value.words.length} argument word(s)`;
    },
  },
];

const SIGNATURE: readonly FieldSpec[] = [
  { key: "v", label: "v", decode: quantityValue },
  { key: "r", label: "r", decode: wordValue },
  { key: "s", label: "s", decode: wordValue },
  {
    key: "yParity",
    label: "y parity",
    decode: quantityValue,
    optional: true,
    detail: (v) => (v.kind === "quantity" ? (v.value === 0n ? "even" : v.value === 1n ? "odd" : null) : null),
  },
];

const ACCESS: readonly FieldSpec[] = [
  { key: "accessList", label: "Access list", decode: listValue, optional: true },
];

/** Known fields beyond the spec, decoded rather than guessed. */
const EXTRAS: Readonly<Record<string, ExtraFieldSpec>> = {
  blockTimestamp: { label: "Block timestamp", decode: timestampValue, pendingNull: true },
  maxFeePerBlobGas: { label: "Max fee per blob gas", decode: gwei },
  blobVersionedHashes: { label: "Blob versioned hashes", decode: listValue },
  authorizationList: { label: "Authorization list (EIP-7702)", decode: listValue },
};

function typeField(raw: unknown, type: TxType) {
  if (type.code === null)
    return { kind: "invalid" as const, raw, text: type.name, problem: "should be a hex quantity" };
  // A family's type and an unknown type name their hex already; Ethereum's get it here.
  const text = type.spec || type.label.includes(String(raw)) ? type.label : `${type.label} (${String(raw)})`;
  return { kind: "text" as const, raw: String(raw), text };
}

const PENDING_KEYS = ["blockHash", "blockNumber", "transactionIndex"] as const;

/** True when the transaction object says it is pending (one of the block fields is null). */
function isPendingTransaction(tx: Readonly<Record<string, unknown>>): boolean {
  return PENDING_KEYS.some((k) => tx[k] === null);
}

/**
 * Decodes a transaction object of a network (`chain`: its family and native coin; Ethereum's by
 * default). Fails only when `result` is not an object.
 */
export function decodeTransaction(
  result: unknown,
  chain: ChainProfile = ETHEREUM_PROFILE,
): Parsed<TransactionView> {
  if (!isRecord(result)) return fail(`expected a transaction object, got ${describeJsonType(result)}`);
  const pending = isPendingTransaction(result);
  const type = describeTxType(result.type, chain.family, result);
  const ctx = decodeContext(result, pending, chain, omittedByDesign(type));
  const groups: FieldGroup[] = [
    { id: "overview", title: "Overview", fields: decodeFields(OVERVIEW, ctx) },
    { id: "fees", title: "Gas and fees", fields: decodeFields(FEES, ctx) },
    { id: "input", title: "Input", fields: decodeFields(INPUT, ctx) },
    { id: "signature", title: "Signature", fields: decodeFields(SIGNATURE, ctx) },
  ];
  const access = decodeFields(ACCESS, ctx);
  if (access.length > 0) groups.push({ id: "accessList", title: "Access list", fields: access });
  const own = chainFields(ctx, chain.family.txFields);
  if (own.length > 0) groups.push({ id: "chain", title: `${chain.family.name} fields`, fields: own });
  const other = otherFields(ctx, EXTRAS);
  const input = splitInput(result.input);
  const accessList = decodeAccessList(result.accessList);
  if (accessList !== null && !accessList.ok) ctx.problems.push(`"accessList" ${accessList.error}`);
  return ok({
    hash: typeof result.hash === "string" ? result.hash : null,
    pending,
    type,
    from: checksumOrNull(result.from),
    to: checksumOrNull(result.to),
    contractCreation: result.to === null,
    value: quantityOrNull(result.value),
    input: input.ok ? input.value : null,
    accessList: accessList?.ok ? accessList.value : null,
    groups,
    other,
    problems: ctx.problems,
  });
}

/** Decodes an access list; null when there is none (`undefined`). */
export function decodeAccessList(raw: unknown): Parsed<AccessListEntry[]> | null {
  if (raw === undefined) return null;
  if (!Array.isArray(raw)) return fail(`should be an array, got ${describeJsonType(raw)}`);
  const entries: AccessListEntry[] = [];
  for (const [i, item] of raw.entries()) {
    if (!isRecord(item) || typeof item.address !== "string" || !isAddress(item.address, { strict: false })) {
      return fail(`entry ${i} should have an address`);
    }
    const keys = item.storageKeys;
    if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === "string")) {
      return fail(`entry ${i} should have a storageKeys array of strings`);
    }
    entries.push({ address: getAddress(item.address), storageKeys: keys });
  }
  return ok(entries);
}

/** One line of a block's transaction table. */
export interface TransactionSummary {
  index: bigint | null;
  hash: string | null;
  /** Checksummed sender. */
  from: string | null;
  /** Checksummed receiver, or null for a contract creation. */
  to: string | null;
  /** `"0x1234…abcd"` or `"contract creation"`. */
  toText: string;
  value: bigint | null;
  /** `"1.5 ETH"`, in the network's native coin. */
  valueText: string;
  type: TxType;
  gas: bigint | null;
  gasPrice: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  maxFeePerBlobGas: bigint | null;
  /** `"12.5 gwei"` (legacy, access list) or `"max 30 gwei, tip 1.5 gwei"` (EIP-1559 and later). */
  feeText: string;
  /** The 4-byte selector of `input`, or null (plain transfer). */
  selector: string | null;
  /** `input` as received (named per visible row by chain/names.ts), or null when it is not a string. */
  input: string | null;
}

/** Summarizes a full transaction object for a table row; never throws. */
export function summarizeTransaction(
  tx: unknown,
  chain: ChainProfile = ETHEREUM_PROFILE,
): TransactionSummary {
  const t = isRecord(tx) ? tx : {};
  const to = checksumOrNull(t.to);
  const value = quantityOrNull(t.value);
  const gasPrice = quantityOrNull(t.gasPrice);
  const maxFeePerGas = quantityOrNull(t.maxFeePerGas);
  const maxPriorityFeePerGas = quantityOrNull(t.maxPriorityFeePerGas);
  let feeText = "";
  if (maxFeePerGas !== null) {
    feeText = `max ${formatGweiText(maxFeePerGas)}`;
    if (maxPriorityFeePerGas !== null) feeText += `, tip ${formatGweiText(maxPriorityFeePerGas)}`;
  } else if (gasPrice !== null) {
    feeText = formatGweiText(gasPrice);
  }
  return {
    index: quantityOrNull(t.transactionIndex),
    hash: typeof t.hash === "string" ? t.hash : null,
    from: checksumOrNull(t.from),
    to,
    toText: t.to === null ? "contract creation" : to !== null ? shortenHex(to) : "?",
    value,
    valueText: value === null ? "?" : formatNative(value, chain.currency),
    type: describeTxType(t.type, chain.family, t),
    gas: quantityOrNull(t.gas),
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
    maxFeePerBlobGas: quantityOrNull(t.maxFeePerBlobGas),
    feeText,
    selector: inputSelector(t.input),
    input: typeof t.input === "string" ? t.input : null,
  };
}
