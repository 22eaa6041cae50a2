import { decodeErrorResult, type Hex, isHex, slice } from "viem";
import { type JsonRpcErrorObject, RPC_CODES } from "./json-rpc.ts";

/** Meanings of Solidity's Panic(uint256) codes (Solidity docs, "Panic via assert and Error via require"). */
const PANIC_MEANINGS: Record<number, string> = {
  0: "generic compiler panic",
  1: "assertion failed",
  17: "arithmetic underflow or overflow",
  18: "division or modulo by zero",
  33: "invalid enum value",
  34: "invalid storage byte array encoding",
  49: "pop on an empty array",
  50: "array index out of bounds",
  65: "too much memory allocated",
  81: "call to an uninitialized function",
};

/** Drops control characters, so a reason string cannot break a log line or a view. */
const readable = (s: string) =>
  [...s].filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== "\u007f").join("");

/** The text after `execution reverted: ` for a revert payload, or undefined when there is none. */
export function describeRevertData(data: Hex): string | undefined {
  if (data.length < 10) return undefined;
  try {
    const decoded = decodeErrorResult({ data });
    if (decoded.errorName === "Error") return readable(String(decoded.args?.[0] ?? ""));
    if (decoded.errorName === "Panic") {
      const code = BigInt(decoded.args?.[0] as bigint);
      const meaning = code <= 0xffn ? PANIC_MEANINGS[Number(code)] : undefined;
      return `panic: ${meaning ?? "unknown panic code"} (0x${code.toString(16)})`;
    }
  } catch {
    // Not Error(string) nor Panic(uint256): a custom error, named by its selector below.
  }
  return `custom error ${slice(data, 0, 4)}`;
}

/**
 * Brings a node's revert error into the spec's shape: code 3, message `execution reverted` plus
 * the decoded reason, `data` the ABI payload. Anvil already uses code 3, but its message for a
 * custom error carries the raw argument bytes as text; this rewrites the message from the data.
 * Errors that are not reverts come back unchanged.
 */
export function normalizeRevert(error: JsonRpcErrorObject): JsonRpcErrorObject {
  const isRevert =
    error.code === RPC_CODES.executionReverted || /^execution reverted\b/i.test(String(error.message));
  if (!isRevert) return error;
  const data: Hex = typeof error.data === "string" && isHex(error.data) ? error.data : "0x";
  const text = describeRevertData(data);
  return {
    code: RPC_CODES.executionReverted,
    message: text === undefined || text === "" ? "execution reverted" : `execution reverted: ${text}`,
    data,
  };
}
