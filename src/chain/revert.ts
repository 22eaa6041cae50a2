/**
 * Revert data and node errors: `Error(string)`, `Panic(uint256)` with the meaning of its code,
 * custom errors as selector and raw arguments, and JSON-RPC error objects (code 3 "execution
 * reverted" with data, and the -32000 family of node errors) turned into something to show.
 */

import type { Hex } from "viem";
import { decodeErrorResult, size, slice } from "viem/utils";
import { ETH, formatNative, type NativeCurrency } from "./chain-profile.ts";
import { isRecord, jsonText } from "./field.ts";
import { isHexData } from "./hexdata.ts";
import { formatDecimal } from "./quantity.ts";

/** Selector of `Error(string)`. */
const ERROR_SELECTOR = "0x08c379a0";
/** Selector of `Panic(uint256)`. */
const PANIC_SELECTOR = "0x4e487b71";

/** What each Solidity panic code means (Solidity ≥ 0.8 `Panic(uint256)`). */
export const PANIC_CODES: ReadonlyMap<bigint, string> = new Map([
  [0x00n, "generic compiler-inserted panic"],
  [0x01n, "assert(false): an assertion failed"],
  [0x11n, "arithmetic overflow or underflow"],
  [0x12n, "division or modulo by zero"],
  [0x21n, "conversion to an enum out of range"],
  [0x22n, "incorrectly encoded storage byte array"],
  [0x31n, "pop() on an empty array"],
  [0x32n, "array index out of bounds"],
  [0x41n, "too much memory allocated or array too large"],
  [0x51n, "call to a zero-initialized internal function variable"],
]);

/** A decoded revert payload. */
export type RevertReason =
  /** No data (`0x` or none): the contract reverted without a reason. */
  | { kind: "empty"; text: string }
  /** `Error(string)` (`require(cond, "message")`, `revert("message")`). */
  | { kind: "error"; message: string; text: string }
  /** `Panic(uint256)` (assert, overflow, division by zero…). */
  | { kind: "panic"; code: bigint; meaning: string; text: string }
  /** A custom error: selector and the ABI-encoded arguments, undecoded (the ABI is unknown). */
  | { kind: "custom"; selector: Hex; args: Hex; text: string }
  /** Data that is not hex, or an `Error`/`Panic` selector with a broken encoding. */
  | { kind: "invalid"; raw: unknown; text: string };

/** The meaning of a panic code, or `"unknown panic code"`. */
export function panicMeaning(code: bigint): string {
  return PANIC_CODES.get(code) ?? "unknown panic code";
}

/** Decodes revert data (the `data` of a code-3 error, or a failed call's return data). */
export function decodeRevertData(data: unknown): RevertReason {
  if (data === undefined || data === null || data === "0x") return { kind: "empty", text: "no reason" };
  if (!isHexData(data)) return { kind: "invalid", raw: data, text: "revert data is not hex" };
  if (size(data) < 4)
    return { kind: "invalid", raw: data, text: `revert data of ${size(data)} byte(s), no selector` };
  const selector = slice(data, 0, 4);
  try {
    const decoded = decodeErrorResult({ data });
    const [arg] = decoded.args ?? [];
    if (decoded.errorName === "Error" && typeof arg === "string") {
      return { kind: "error", message: arg, text: arg };
    }
    if (decoded.errorName === "Panic" && typeof arg === "bigint") {
      const meaning = panicMeaning(arg);
      return {
        kind: "panic",
        code: arg,
        meaning,
        text: `panic 0x${arg.toString(16).padStart(2, "0")}: ${meaning}`,
      };
    }
  } catch {
    // Not Error/Panic, or a broken encoding: handled below.
  }
  if (selector === ERROR_SELECTOR || selector === PANIC_SELECTOR) {
    const name = selector === ERROR_SELECTOR ? "Error(string)" : "Panic(uint256)";
    return { kind: "invalid", raw: data, text: `${name} selector with malformed arguments` };
  }
  const args: Hex = size(data) > 4 ? slice(data, 4) : "0x";
  return {
    kind: "custom",
    selector,
    args,
    text: `custom error ${selector}${size(data) > 4 ? ` with ${size(data) - 4} bytes of arguments` : ""}`,
  };
}

/** Kinds of JSON-RPC error a view can explain. */
type NodeErrorCategory =
  | "revert"
  | "insufficient-funds"
  | "gas-exceeds-allowance"
  | "intrinsic-gas"
  | "nonce"
  | "block-not-found"
  | "invalid-params"
  | "method-not-found"
  | "invalid-request"
  | "parse-error"
  | "limit-exceeded"
  | "other";

/** A JSON-RPC error object decoded for display. */
interface NodeErrorView {
  /** The error code, or null when the object has none. */
  code: number | null;
  /** The message as the node wrote it. */
  message: string;
  category: NodeErrorCategory;
  /** A short title: `"Execution reverted"`, `"Insufficient funds"`… */
  title: string;
  /** What the error means or what to try, when known. */
  hint: string | null;
  /** The decoded revert for code 3 / "execution reverted", else null. */
  revert: RevertReason | null;
  /** Numbers found in the message: have/want wei, the gas allowance, a block number. */
  facts: { label: string; value: string }[];
}

/** A value that is no error object, as text: JSON, not String() (`[{"toString": false}]` throws there). */
const textOf = (value: unknown): string => (typeof value === "string" ? value : jsonText(value, 500));

/**
 * Decodes an EVM node's JSON-RPC `error` object (`{code, message, data}`): the revert payload and the
 * numbers in the message (amounts in `currency`, the network's coin). The notice's title and hint come from `describeRpcError` in
 * src/rpc/error-codes.ts; this one adds what only decoding tells. Never throws.
 */
export function describeNodeError(error: unknown, currency: NativeCurrency | null = ETH): NodeErrorView {
  const e = isRecord(error) ? error : {};
  const code = typeof e.code === "number" && Number.isInteger(e.code) ? e.code : null;
  const message = typeof e.message === "string" ? e.message : isRecord(error) ? "" : textOf(error);
  const lower = message.toLowerCase();
  const facts: { label: string; value: string }[] = [];
  const base = { code, message, facts };

  if (code === 3 || lower.startsWith("execution reverted")) {
    let revert = decodeRevertData(e.data);
    if (revert.kind === "empty") {
      const reason = /^execution reverted:\s*(.+)$/i.exec(message)?.[1];
      if (reason) revert = { kind: "error", message: reason, text: reason };
    }
    return {
      ...base,
      category: "revert",
      title: "Execution reverted",
      hint: "The call ran and the contract reverted; the transaction would fail the same way.",
      revert,
    };
  }

  const funds = /insufficient funds.*?have (\d{1,80}) want (\d{1,80})(?!\d)/i.exec(message);
  if (lower.includes("insufficient funds")) {
    if (funds?.[1] !== undefined && funds[2] !== undefined) {
      facts.push({ label: "have", value: formatNative(BigInt(funds[1]), currency) });
      facts.push({ label: "want", value: formatNative(BigInt(funds[2]), currency) });
    }
    return {
      ...base,
      category: "insufficient-funds",
      title: "Insufficient funds",
      hint: "The sender's balance does not cover gas × price + value. Lower gasPrice or value, or use another from.",
      revert: null,
    };
  }

  const allowance = /gas required exceeds allowance \((\d{1,80})\)/i.exec(message);
  if (lower.includes("gas required exceeds allowance")) {
    if (allowance?.[1] !== undefined)
      facts.push({ label: "allowance", value: formatDecimal(BigInt(allowance[1])) });
    return {
      ...base,
      category: "gas-exceeds-allowance",
      title: "Gas required exceeds allowance",
      hint: "The execution needs more gas than allowed (the gas field, the block gas limit or what the balance pays for); it may also always fail.",
      revert: null,
    };
  }

  if (lower.includes("intrinsic gas too low")) {
    return {
      ...base,
      category: "intrinsic-gas",
      title: "Intrinsic gas too low",
      hint: "Raise the gas field.",
      revert: null,
    };
  }
  if (lower.includes("nonce too low") || lower.includes("nonce too high")) {
    return { ...base, category: "nonce", title: "Wrong nonce", hint: null, revert: null };
  }

  const block = /block not found:?\s*(\d{1,80})?/i.exec(message);
  if (block) {
    if (block[1] !== undefined) facts.push({ label: "block", value: formatDecimal(BigInt(block[1])) });
    return {
      ...base,
      category: "block-not-found",
      title: "Block not found",
      hint: "The node does not have this block (yet): check the block parameter.",
      revert: null,
    };
  }

  switch (code) {
    case -32700:
      return {
        ...base,
        category: "parse-error",
        title: "Parse error",
        hint: "The request body is not valid JSON.",
        revert: null,
      };
    case -32600:
      return { ...base, category: "invalid-request", title: "Invalid request", hint: null, revert: null };
    case -32601:
      return {
        ...base,
        category: "method-not-found",
        title: "Method not found",
        hint: "The method does not exist or is not available on this network.",
        revert: null,
      };
    case -32602:
      return {
        ...base,
        category: "invalid-params",
        title: "Invalid params",
        hint: "Check the parameters' types and order.",
        revert: null,
      };
    case -32005:
      return {
        ...base,
        category: "limit-exceeded",
        title: "Limit exceeded",
        hint: "Rate limit or request quota reached; retry later.",
        revert: null,
      };
    default:
      return {
        ...base,
        category: "other",
        title: code === null ? "Error" : `Error ${code}`,
        hint: null,
        revert: null,
      };
  }
}
