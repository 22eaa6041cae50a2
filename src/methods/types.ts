import type { ChainKind } from "../networks/network.ts";

/** The five block tags of the spec's block parameter. */
export const BLOCK_TAGS = ["latest", "earliest", "pending", "safe", "finalized"] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];

/** The tags Starknet's `block_id` takes as strings. */
export const STARKNET_TAGS = ["latest", "pending"] as const;

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
  | "starknetBlockId";

export type StarknetBlockIdForm = "latest" | "pending" | "hash" | "number";
export type StarknetBlockIdValue = { form: StarknetBlockIdForm; value: string };
export type CallObjectValue = Partial<Record<CallField, string>>;

/** A form field's value: text as typed (never normalised while typing), a flag, rows, or an object. */
export type FieldValue = string | boolean | string[] | CallObjectValue | StarknetBlockIdValue;
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
};
