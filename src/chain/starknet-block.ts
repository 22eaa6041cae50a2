/**
 * View model of a Starknet block from `starknet_getBlockWithTxHashes`: status, the pending
 * shapes (the service spec's `PENDING` without `block_hash`/`block_number`/`new_root`, and spec
 * 0.9's pre-confirmed block with `block_number` but no hash, parent, root or status), the
 * timestamp, the sequencer, the gas prices in fri and wei, spec 0.10's commitments and counts
 * (felts in hex, counts in decimal), and the transaction hashes (or, from a node that answered
 * with whole transactions, their `transaction_hash`).
 */
import {
  decodeContext,
  decodeFields,
  type ExtraFieldSpec,
  type Field,
  type FieldGroup,
  type FieldSpec,
  type FieldValue,
  invalidValue,
  isRecord,
  listValue,
  otherFields,
  textValue,
  timestampValue,
} from "./field.ts";
import {
  describeJsonType,
  fail,
  formatDecimal,
  ok,
  type Parsed,
  parseQuantity,
  shortenHex,
} from "./quantity.ts";
import { parseTimestamp } from "./time.ts";

/** Block statuses of the Starknet JSON-RPC spec; `PRE_CONFIRMED` is spec 0.9's. */
const STARKNET_STATUSES = [
  "PENDING",
  "PRE_CONFIRMED",
  "ACCEPTED_ON_L2",
  "ACCEPTED_ON_L1",
  "REJECTED",
] as const;
export type StarknetStatus = (typeof STARKNET_STATUSES)[number];

/** The gas price kinds a block may carry. */
const GAS_PRICE_KEYS = ["l1_gas_price", "l1_data_gas_price", "l2_gas_price"] as const;
type GasPriceKey = (typeof GAS_PRICE_KEYS)[number];

/** A price as a hex felt and in decimal. */
interface PriceView {
  hex: string;
  value: bigint;
  /** `"51,740,000,000"`. */
  text: string;
}

/** One gas price of a block. */
interface GasPriceView {
  key: GasPriceKey;
  label: string;
  /** Price per unit of gas in fri (10⁻¹⁸ STRK), or null when not given. */
  fri: PriceView | null;
  /** Price per unit of gas in wei, or null when not given. */
  wei: PriceView | null;
}

/** A decoded Starknet block. */
export interface StarknetBlockView {
  /** The `status` field; for a block without one, `PRE_CONFIRMED` when it has a number, else `PENDING`. */
  status: StarknetStatus | "UNKNOWN";
  /** True when `status` came from the answer, false when inferred from the shape. */
  statusGiven: boolean;
  /** `"accepted on L2"`, `"pre-confirmed"`… */
  statusText: string;
  /** Pending or pre-confirmed: not sealed, no block hash. */
  pending: boolean;
  blockHash: string | null;
  blockNumber: bigint | null;
  parentHash: string | null;
  newRoot: string | null;
  timestamp: bigint | null;
  sequencer: string | null;
  gasPrices: GasPriceView[];
  /** `"BLOB"` or `"CALLDATA"`, or null. */
  l1DaMode: string | null;
  /** The protocol version of the Starknet network (a data field, not the service's version). */
  starknetVersion: string | null;
  transactions: string[];
  /**
   * identity (status, hashes, number, time, sequencer), fees (gas prices, DA mode), commitments
   * (spec 0.10: the transaction, event, receipt and state-diff commitments and their counts),
   * protocol.
   */
  groups: FieldGroup[];
  /** Fields beyond the ones above, kept. */
  other: Field[];
  problems: string[];
}

const FELT = /^0x[0-9a-fA-F]{1,64}$/;

/** A felt (field element) in hex; not padded, up to 252 bits. */
const feltValue = (raw: unknown): FieldValue =>
  typeof raw === "string" && FELT.test(raw)
    ? { kind: "hash", raw, bytes: 32, text: shortenHex(raw) }
    : invalidValue(raw, "a hex felt");

const blockNumberValue = (raw: unknown): FieldValue =>
  typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0
    ? { kind: "quantity", raw: String(raw), value: BigInt(raw), text: formatDecimal(BigInt(raw)) }
    : invalidValue(raw, "a non-negative integer");

const statusValue = (raw: unknown): FieldValue =>
  typeof raw === "string" && (STARKNET_STATUSES as readonly string[]).includes(raw)
    ? { kind: "text", raw, text: statusText(raw as StarknetStatus) }
    : invalidValue(raw, `one of ${STARKNET_STATUSES.join(", ")}`);

const priceValue = (raw: unknown): FieldValue => {
  if (!isRecord(raw)) return invalidValue(raw, "an object with price_in_fri and/or price_in_wei");
  const fri = price(raw.price_in_fri);
  const wei = price(raw.price_in_wei);
  if (fri === null && wei === null)
    return invalidValue(raw, "an object with price_in_fri and/or price_in_wei");
  const parts = [fri && `${fri.text} fri`, wei && `${wei.text} wei`].filter(Boolean);
  return { kind: "json", raw, text: parts.join(" · ") };
};

/** Label of `starknet_version`: the network's protocol version, not a version of the service. */
export const STARKNET_VERSION_LABEL = "Starknet protocol version (of the network)";

const IDENTITY: readonly FieldSpec[] = [
  { key: "status", label: "Status", decode: statusValue, optional: true },
  { key: "block_number", label: "Block number", decode: blockNumberValue, optional: true },
  { key: "block_hash", label: "Block hash", decode: feltValue, optional: true },
  { key: "parent_hash", label: "Parent hash", decode: feltValue, optional: true },
  { key: "new_root", label: "New state root", decode: feltValue, optional: true },
  { key: "timestamp", label: "Timestamp", decode: timestampValue },
  { key: "sequencer_address", label: "Sequencer", decode: feltValue },
];

const FEES: readonly FieldSpec[] = [
  { key: "l1_gas_price", label: "L1 gas price", decode: priceValue },
  { key: "l1_data_gas_price", label: "L1 data gas price", decode: priceValue, optional: true },
  { key: "l2_gas_price", label: "L2 gas price", decode: priceValue, optional: true },
  { key: "l1_da_mode", label: "L1 data availability mode", decode: textValue, optional: true },
];

/** Spec 0.10: what a sealed block commits to, each a felt, and the counts behind them. */
const COMMITMENTS: readonly FieldSpec[] = [
  { key: "transaction_commitment", label: "Transaction commitment", decode: feltValue, optional: true },
  { key: "event_commitment", label: "Event commitment", decode: feltValue, optional: true },
  { key: "receipt_commitment", label: "Receipt commitment", decode: feltValue, optional: true },
  { key: "state_diff_commitment", label: "State diff commitment", decode: feltValue, optional: true },
  { key: "transaction_count", label: "Transaction count", decode: blockNumberValue, optional: true },
  { key: "event_count", label: "Event count", decode: blockNumberValue, optional: true },
  { key: "state_diff_length", label: "State diff length", decode: blockNumberValue, optional: true },
];

const PROTOCOL: readonly FieldSpec[] = [
  { key: "starknet_version", label: STARKNET_VERSION_LABEL, decode: textValue },
];

const LISTS: readonly FieldSpec[] = [{ key: "transactions", label: "Transactions", decode: listValue }];

const EXTRAS: Readonly<Record<string, ExtraFieldSpec>> = {};

const GAS_PRICE_LABELS: Record<GasPriceKey, string> = {
  l1_gas_price: "L1 gas",
  l1_data_gas_price: "L1 data gas (blobs)",
  l2_gas_price: "L2 gas",
};

/** `"accepted on L2"` for `ACCEPTED_ON_L2`, and so on. */
export function statusText(status: StarknetStatus | "UNKNOWN"): string {
  switch (status) {
    case "PENDING":
      return "pending";
    case "PRE_CONFIRMED":
      return "pre-confirmed";
    case "ACCEPTED_ON_L2":
      return "accepted on L2";
    case "ACCEPTED_ON_L1":
      return "accepted on L1";
    case "REJECTED":
      return "rejected";
    case "UNKNOWN":
      return "unknown";
  }
}

/** Decodes a `starknet_getBlockWithTxHashes` result. Fails only when it is not an object. */
export function decodeStarknetBlock(result: unknown): Parsed<StarknetBlockView> {
  if (!isRecord(result)) return fail(`expected a block object, got ${describeJsonType(result)}`);
  const given = result.status;
  const hasHash = typeof result.block_hash === "string";
  let status: StarknetStatus | "UNKNOWN";
  if (typeof given === "string" && (STARKNET_STATUSES as readonly string[]).includes(given)) {
    status = given as StarknetStatus;
  } else if (given === undefined && !hasHash) {
    status = typeof result.block_number === "number" ? "PRE_CONFIRMED" : "PENDING";
  } else {
    status = "UNKNOWN";
  }
  const pending = status === "PENDING" || status === "PRE_CONFIRMED" || !hasHash;
  const ctx = decodeContext(result, pending);
  const groups: FieldGroup[] = [
    { id: "identity", title: "Identity", fields: decodeFields(IDENTITY, ctx) },
    { id: "fees", title: "Gas prices", fields: decodeFields(FEES, ctx) },
    { id: "commitments", title: "Commitments", fields: decodeFields(COMMITMENTS, ctx) },
    { id: "protocol", title: "Protocol", fields: decodeFields(PROTOCOL, ctx) },
  ];
  decodeFields(LISTS, ctx);
  if (!pending) {
    for (const key of ["block_hash", "block_number", "new_root", "parent_hash"]) {
      if (!Object.hasOwn(result, key)) ctx.problems.push(`missing field "${key}"`);
    }
  }
  if (given === undefined && !pending) ctx.problems.push(`missing field "status"`);
  const other = otherFields(ctx, EXTRAS);
  const timestamp = parseTimestamp(result.timestamp);
  const blockNumber = blockNumberValue(result.block_number);
  return ok({
    status,
    statusGiven: given !== undefined,
    statusText: statusText(status),
    pending,
    blockHash: feltOrNull(result.block_hash),
    blockNumber: blockNumber.kind === "quantity" ? blockNumber.value : null,
    parentHash: feltOrNull(result.parent_hash),
    newRoot: feltOrNull(result.new_root),
    timestamp: timestamp.ok ? timestamp.value : null,
    sequencer: feltOrNull(result.sequencer_address),
    gasPrices: GAS_PRICE_KEYS.filter((k) => isRecord(result[k])).map((key) => {
      const raw = result[key] as Record<string, unknown>;
      return {
        key,
        label: GAS_PRICE_LABELS[key],
        fri: price(raw.price_in_fri),
        wei: price(raw.price_in_wei),
      };
    }),
    l1DaMode: typeof result.l1_da_mode === "string" ? result.l1_da_mode : null,
    starknetVersion: typeof result.starknet_version === "string" ? result.starknet_version : null,
    transactions: Array.isArray(result.transactions)
      ? result.transactions.map(transactionHash).filter((t): t is string => t !== null)
      : [],
    groups,
    other,
    problems: ctx.problems,
  });
}

function price(raw: unknown): PriceView | null {
  if (typeof raw !== "string") return null;
  const parsed = parseQuantity(raw, { allowLeadingZeros: true });
  return parsed.ok ? { hex: raw, value: parsed.value, text: formatDecimal(parsed.value) } : null;
}

/** A hash, or a whole transaction's `transaction_hash` (a node that answered with transactions). */
function transactionHash(raw: unknown): string | null {
  if (typeof raw === "string") return raw;
  return isRecord(raw) ? feltOrNull(raw.transaction_hash) : null;
}

function feltOrNull(raw: unknown): string | null {
  return typeof raw === "string" && FELT.test(raw) ? raw : null;
}
