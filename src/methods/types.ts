import type { ChainKind } from "../networks/network.ts";
import type { NetworkSample } from "./network-sample.ts";

/** The five block tags of the spec's block parameter. */
export const BLOCK_TAGS = ["latest", "earliest", "pending", "safe", "finalized"] as const;

/** The tags Starknet's `block_id` takes as strings. */
/** Block tags of Starknet's `block_id`: `pending` up to spec 0.8, `pre_confirmed` and `l1_accepted` from 0.9. */
export const STARKNET_TAGS = ["latest", "pending", "pre_confirmed", "l1_accepted"] as const;

/** The fields of the spec's transaction call object, in the spec's order. */
export const CALL_FIELDS = [
  "from",
  "to",
  "gas",
  "gasPrice",
  "maxPriorityFeePerGas",
  "maxFeePerGas",
  "value",
  "data",
] as const;
export type CallField = (typeof CALL_FIELDS)[number];

/**
 * What a param is; each kind has a definition (methods/param-kinds: validator, wire form, JSON Schema)
 * and a field (features/request/fields).
 */
export type ParamKind =
  | "address"
  | "hash32"
  | "quantity"
  | "blockParam"
  /** The block parameter of `eth_getBlockReceipts`: a decimal integer is accepted too. */
  | "blockParamOrDecimal"
  | "bool"
  | "storageKeys"
  | "callObject"
  | "starknetBlockId"
  /** `eth_estimateGas`'s state override set (beyond the spec): accounts by address. */
  | "stateOverride"
  /** `eth_estimateGas`'s block override set (beyond the spec): fields of the block context. */
  | "blockOverride";

export type StarknetBlockIdForm = (typeof STARKNET_TAGS)[number] | "hash" | "number";
export type StarknetBlockIdValue = { form: StarknetBlockIdForm; value: string };
export type CallObjectValue = Partial<Record<CallField, string>>;

/** The fields of one account's state override, in geth's order (its docs, "State override set"). */
export const ACCOUNT_OVERRIDE_FIELDS = [
  "balance",
  "nonce",
  "code",
  "state",
  "stateDiff",
  "movePrecompileToAddress",
] as const;
export type AccountOverrideField = (typeof ACCOUNT_OVERRIDE_FIELDS)[number];

/** A storage slot and the value it is given, both as typed. */
export type SlotValue = { slot: string; value: string };

/**
 * One account of a state override: its address and the fields set (absent: not overridden).
 * `state` and `stateDiff` do not go together; both may still be held, so a body that has both
 * comes into the form as written and shows the problem.
 */
export type AccountOverrideValue = {
  address: string;
  balance?: string;
  nonce?: string;
  code?: string;
  state?: SlotValue[];
  stateDiff?: SlotValue[];
  movePrecompileToAddress?: string;
};

/** A state override set as the form holds it: one row per account, in the body's order. */
export type StateOverrideValue = { accounts: AccountOverrideValue[] };

/** The fields of a block override, in geth's order (its docs, "Block overrides"). */
export const BLOCK_OVERRIDE_FIELDS = [
  "number",
  "time",
  "gasLimit",
  "feeRecipient",
  "prevRandao",
  "baseFeePerGas",
  "blobBaseFee",
] as const;
export type BlockOverrideField = (typeof BLOCK_OVERRIDE_FIELDS)[number];
export type BlockOverrideValue = Partial<Record<BlockOverrideField, string>>;

/** A form field's value: text as typed (never normalised while typing), a flag, rows, or an object. */
export type FieldValue =
  | string
  | boolean
  | string[]
  | CallObjectValue
  | StarknetBlockIdValue
  | StateOverrideValue
  | BlockOverrideValue;
export type FormValues = Record<string, FieldValue>;

export type ParamDef = {
  /** Key in the form values; also the name the editor's hover shows. */
  name: string;
  /** The form field's label (and its accessible name). */
  label: string;
  kind: ParamKind;
  /** Required params are always sent; an optional one is left out of the body while empty. */
  required: boolean;
  /** From the spec. */
  description: string;
  /** What the field holds on a fresh start: an example that answers on the local devnet. */
  example: FieldValue;
  /** More values a user may try (shown as completions in the editor). */
  examples?: readonly FieldValue[];
  /**
   * Set for a param the service spec does not list but real nodes accept: which ones, as
   * "accepted by geth, Erigon, …". The editor's hover and the form's label say so.
   */
  beyondSpec?: string;
};

/** What the answer is, for the views and the spec-shape checks. */
export type ResultKind =
  | "storageWord"
  | "gasEstimate"
  | "block"
  | "uncle"
  | "transaction"
  | "receipts"
  | "proof"
  | "starknetBlock";

export type MethodDef = {
  /** The wire name. */
  name: string;
  chain: ChainKind;
  summary: string;
  /** Positional params (`[...]`), or Starknet's named params object (`{"block_id": ...}`). */
  paramsShape: "array" | "object";
  params: readonly ParamDef[];
  result: { kind: ResultKind; nullable: boolean; description: string };
  /** How the method is asked on a live network (not the devnet): the form's examples there and the QA run. */
  sample: SampleUse;
};

/**
 * What a method takes from a network's sample (methods/network-sample.ts: a recent block, one of its
 * transactions, a contract with a set slot, a sender for a transfer).
 */
type SampleUse = {
  /** Its example values from the sample, in the form's shapes; null when the sample lacks what it needs. */
  values: (s: NetworkSample) => FormValues | null;
  /** What the sample lacked when `values` gave null, for the QA run's "skipped: …" (the sample's notes follow). */
  lacking?: string | ((s: NetworkSample) => string);
  /** The sample says the object asked for exists, so a null answer fails the QA run. */
  exists?: (s: NetworkSample) => boolean;
  /** Params that take the network's well-known contracts (src/networks/examples): an address, a slot, a list of slots. */
  known?: Readonly<Record<string, "address" | "slot" | "slots">>;
};
