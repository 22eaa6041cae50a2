/**
 * The EVM methods the gateway forwards, with a light check of their params: the right kind
 * (array), the right count, and values that are obviously malformed (an address that is not
 * 20 bytes of hex, a hash that is not 32 bytes...). Everything subtler is left to Anvil, whose
 * own -32602 answers pass through unchanged.
 */

import { methodsForChain } from "../../src/methods/registry.ts";
import type { MethodDef, ParamKind } from "../../src/methods/types.ts";
import { isRecord } from "./json-rpc.ts";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;
const BLOCK_TAGS = new Set(["latest", "earliest", "pending", "safe", "finalized"]);

type Param = {
  name: string;
  /** Returns why the value is wrong, or undefined when it is acceptable. */
  check: (v: unknown) => string | undefined;
  /** Rewrites an accepted value into what Anvil understands (only where the spec allows more). */
  normalize?: (v: unknown) => unknown;
};

interface MethodParams {
  params: readonly Param[];
  /** How many trailing params may be left out. */
  optionalTail: number;
}

const pattern =
  (re: RegExp, what: string) =>
  (v: unknown): string | undefined =>
    typeof v === "string" && re.test(v) ? undefined : `must be ${what}`;

const address = pattern(ADDRESS, "a 20-byte hex address (0x followed by 40 hex digits)");
const hash32 = pattern(HASH32, "a 32-byte hex hash (0x followed by 64 hex digits)");
const quantity = pattern(QUANTITY, "a hex quantity such as 0x0");
// A storage key: a quantity of at most 32 bytes, as QUANTITY allows.
const word = pattern(QUANTITY, "a hex value of at most 32 bytes");

const boolean = (v: unknown) => (typeof v === "boolean" ? undefined : "must be true or false");

function blockParam(v: unknown): string | undefined {
  const message = "must be a hex block number or one of latest, earliest, pending, safe, finalized";
  if (typeof v === "string") return BLOCK_TAGS.has(v) || QUANTITY.test(v) ? undefined : message;
  if (isRecord(v)) {
    // EIP-1898: { blockHash } or { blockNumber }, as the nodes behind real providers accept.
    if (typeof v.blockHash === "string" && v.blockNumber === undefined) return hash32(v.blockHash);
    if (typeof v.blockNumber === "string" && v.blockHash === undefined) return quantity(v.blockNumber);
  }
  return message;
}

/** `eth_getBlockReceipts` also takes a decimal integer (the spec says so); Anvil wants hex. */
const isDecimalBlock = (v: unknown) =>
  (typeof v === "string" && DECIMAL.test(v)) || (typeof v === "number" && Number.isSafeInteger(v) && v >= 0);

const receiptsBlockParam: Param = {
  name: "block number",
  check: (v) =>
    isDecimalBlock(v)
      ? undefined
      : blockParam(v) &&
        "must be a hex or decimal block number or one of latest, earliest, pending, safe, finalized",
  normalize: (v) => (isDecimalBlock(v) ? `0x${BigInt(v as string | number).toString(16)}` : v),
};

const CALL_FIELDS: Record<string, (v: unknown) => string | undefined> = {
  from: address,
  to: (v) => (v === null ? undefined : address(v)),
  gas: quantity,
  gasPrice: quantity,
  maxPriorityFeePerGas: quantity,
  maxFeePerGas: quantity,
  value: quantity,
  nonce: quantity,
  data: pattern(DATA, "hex data (0x followed by an even number of hex digits)"),
  input: pattern(DATA, "hex data (0x followed by an even number of hex digits)"),
};

function callObject(v: unknown): string | undefined {
  if (!isRecord(v)) return "must be a transaction call object";
  for (const [field, check] of Object.entries(CALL_FIELDS)) {
    if (v[field] === undefined) continue;
    const why = check(v[field]);
    if (why) return `field ${field} ${why}`;
  }
  if (v.gasPrice !== undefined && (v.maxFeePerGas !== undefined || v.maxPriorityFeePerGas !== undefined)) {
    return "must not set both gasPrice and the EIP-1559 fee fields";
  }
  return undefined;
}

/**
 * `eth_estimateGas`'s state override (beyond the spec; geth, Erigon, Nethermind, Reth and Anvil
 * take it): null, or an object keyed by address whose values are objects. Their fields are
 * Anvil's to check (it names an unknown one, and refuses state with stateDiff).
 */
function stateOverride(v: unknown): string | undefined {
  if (v === null) return undefined;
  if (!isRecord(v)) return "must be an object keyed by address, or null";
  for (const [addr, account] of Object.entries(v)) {
    if (!ADDRESS.test(addr)) return `key ${JSON.stringify(addr.slice(0, 50))} must be a 20-byte hex address`;
    if (!isRecord(account)) return `the override of ${addr} must be an object`;
  }
  return undefined;
}

/** `eth_estimateGas`'s block override (beyond the spec): null or an object; Anvil reads its fields. */
const blockOverride = (v: unknown): string | undefined =>
  v === null || isRecord(v) ? undefined : "must be an object, or null";

/** A block parameter that may be null (the node's default) where a later param follows it. */
const blockParamOrNull = (v: unknown): string | undefined => (v === null ? undefined : blockParam(v));

function storageKeys(v: unknown): string | undefined {
  if (!Array.isArray(v)) return "must be an array of 32-byte storage keys";
  for (const [i, k] of v.entries()) {
    const why = word(k);
    if (why) return `entry ${i} ${why}`;
  }
  return undefined;
}

/** How the gateway checks a param of each kind of the app's registry (the compiler asks for a new kind). */
const CHECKS = {
  address: { check: address },
  hash32: { check: hash32 },
  quantity: { check: quantity },
  blockParam: { check: blockParam, name: "block parameter" },
  blockParamOrDecimal: receiptsBlockParam,
  bool: { check: boolean },
  storageKeys: { check: storageKeys },
  callObject: { check: callObject },
  starknetBlockId: { check: () => "is a Starknet block id: not an EVM param" },
  stateOverride: { check: stateOverride },
  blockOverride: { check: blockOverride },
} as const satisfies Record<ParamKind, Omit<Param, "name"> & { name?: string }>;

/**
 * A method of the registry as the gateway checks it: each param by its kind, named as the app's
 * form labels it. An optional block parameter may be null (the node's default) when a later
 * param follows it.
 */
function fromDefinition(def: MethodDef): MethodParams {
  const params = def.params.map((d): Param => {
    const { name, ...check } = CHECKS[d.kind] as Omit<Param, "name"> & { name?: string };
    const param = { ...check, name: name ?? d.label.toLowerCase() };
    return d.kind === "blockParam" && !d.required ? { ...param, check: blockParamOrNull } : param;
  });
  const optionalTail = def.params.length - (def.params.findLastIndex((d) => d.required) + 1);
  return { params, optionalTail };
}

/**
 * The methods the gateway forwards: the app's EVM methods (src/methods/registry.ts, one file
 * each), and the chain id and head, which the app asks for itself.
 */
export const EVM_METHODS: Record<string, MethodParams> = {
  eth_chainId: { params: [], optionalTail: 0 },
  eth_blockNumber: { params: [], optionalTail: 0 },
  ...Object.fromEntries(methodsForChain("evm").map((d) => [d.name, fromDefinition(d)])),
};

export const EVM_METHOD_NAMES: readonly string[] = Object.keys(EVM_METHODS);

/** Whether the gateway forwards this EVM method (own names only: "constructor" is not one). */
export const isEvmMethod = (method: string): boolean => Object.hasOwn(EVM_METHODS, method);

export type ParamsCheck = { ok: true; params: unknown[] } | { ok: false; reason: string };

/** Checks the params of an offered EVM method; returns them normalised for Anvil. */
export function checkEvmParams(method: string, raw: unknown): ParamsCheck {
  const spec = isEvmMethod(method) ? EVM_METHODS[method] : undefined;
  if (!spec) return { ok: false, reason: `${method} is not offered` };
  const names = spec.params.map((x) => x.name).join(", ");
  const shape = spec.params.length === 0 ? "no params" : `params [${names}]`;
  const min = spec.params.length - spec.optionalTail;
  if (raw === undefined) {
    if (min === 0) return { ok: true, params: [] };
    return { ok: false, reason: `${method} expects ${shape}; params are missing` };
  }
  if (!Array.isArray(raw)) {
    return { ok: false, reason: `${method} expects ${shape} as an array, not an object` };
  }
  if (raw.length < min || raw.length > spec.params.length) {
    const count = min === spec.params.length ? `${min}` : `${min} to ${spec.params.length}`;
    return { ok: false, reason: `${method} expects ${count} params (${names || "none"}), got ${raw.length}` };
  }
  const out: unknown[] = [];
  for (const [i, value] of raw.entries()) {
    const param = spec.params[i];
    if (!param) break;
    const why = param.check(value);
    if (why) return { ok: false, reason: `param ${i + 1} (${param.name}) ${why}` };
    out.push(param.normalize ? param.normalize(value) : value);
  }
  return { ok: true, params: out };
}
