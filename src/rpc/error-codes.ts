import { keyLabel } from "./key-label.ts";
import type { JsonRpcErrorObject } from "./types.ts";

/** Plain-language text for a JSON-RPC error object: what the code means and what to try. */
type RpcErrorDescription = { title: string; codeName?: string; detail?: string; hint?: string };

export type RpcErrorContext = { chain: "evm" | "starknet"; httpStatus?: number | undefined };

type CodeEntry = { codeName: string; title: string; hint?: string };

/**
 * Hints an HTTP status and a JSON-RPC code share (display.ts gives them for 401, 402 and 403). Those
 * that name the key are getters: each read says it as the provider does (key-label.ts).
 */
export const KEY_HINTS = {
  get missingKey() {
    return `Check the ${keyLabel()} for this network: paste it again, or create one in the provider's dashboard.`;
  },
  creditLimit: "Wait for the limit to reset, or upgrade the plan in the provider's dashboard.",
  get keySettings() {
    return `The ${keyLabel()} may restrict origins, contract addresses or methods: check its settings in the provider's dashboard.`;
  },
};

/** JSON-RPC 2.0 itself: the same on every chain. */
const JSON_RPC_CODES = {
  "-32700": {
    codeName: "Parse error",
    title: "Parse error: the server could not read the request as JSON",
    hint: "Check that the request body is valid JSON.",
  },
  "-32600": {
    codeName: "Invalid request",
    title: "Invalid request: not a valid JSON-RPC request object",
    hint: 'A request needs "jsonrpc": "2.0", a "method", "params" and a numeric "id".',
  },
  "-32601": {
    codeName: "Method not found",
    title: "Method not found: this network does not offer the method",
    hint: "Check the method name's spelling, and that this network offers it.",
  },
  "-32602": {
    codeName: "Invalid params",
    title: "Invalid params: wrong kind, count or format of parameters",
    hint: "Compare the params with the method's description: order, types, hex prefixes and lengths.",
  },
  "-32603": {
    codeName: "Internal error",
    title: "Internal error in the node or the provider",
    hint: "Usually temporary: try again in a moment.",
  },
} satisfies Record<string, CodeEntry>;

/** EIP-1474 server codes, which providers answer on every network (rate limits included). */
const PROVIDER_CODES = {
  "-32000": {
    codeName: "Invalid input",
    title: "Invalid input or server error",
    hint: "Read the provider's message: it names the problem (for instance insufficient funds, or gas required exceeds allowance).",
  },
  "-32001": {
    codeName: "Resource not found",
    title: "Resource not found",
    hint: "The block, transaction or state asked for is not known to this node (it may be pruned).",
  },
  "-32002": {
    codeName: "Resource unavailable",
    title: "Resource unavailable, or the request was rejected by the key's settings",
    get hint() {
      return KEY_HINTS.keySettings;
    },
  },
  "-32003": {
    codeName: "Transaction rejected",
    title: "Transaction rejected",
    hint: "The node refused the transaction (nonce, fee or signature).",
  },
  "-32004": {
    codeName: "Method not supported",
    title: "Method not supported by this service",
    hint: "This service only reads chain data: methods that submit transactions or change the node are refused.",
  },
  "-32005": {
    codeName: "Limit exceeded",
    title: "Limit exceeded: rate limited",
    hint: "Wait a little and send again, or raise the key's limits in the provider's dashboard.",
  },
  "-32006": {
    codeName: "JSON-RPC version not supported",
    title: "JSON-RPC version not supported",
    hint: 'Set "jsonrpc": "2.0" in the request.',
  },
} satisfies Record<string, CodeEntry>;

const EVM_CODES = {
  "3": {
    codeName: "Execution reverted",
    title: "Execution reverted",
    hint: "The contract refused the call (require, revert, assert or a custom error). The ABI-encoded revert payload is in error.data.",
  },
} satisfies Record<string, CodeEntry>;

/** Starknet JSON-RPC spec (starknet-specs, api/starknet_api_openrpc.json and the write, trace and ws APIs). */
const STARKNET_CODES = {
  "1": { codeName: "FAILED_TO_RECEIVE_TXN", title: "Failed to write transaction" },
  "10": { codeName: "NO_TRACE_AVAILABLE", title: "No trace available for the transaction" },
  "20": {
    codeName: "CONTRACT_NOT_FOUND",
    title: "Contract not found",
    hint: "No contract is deployed at this address in the requested block.",
  },
  "21": { codeName: "ENTRYPOINT_NOT_FOUND", title: "Requested entrypoint does not exist in the contract" },
  "24": {
    codeName: "BLOCK_NOT_FOUND",
    title: "Block not found",
    hint: "Check the block_id: a block_number beyond the latest block, or an unknown block_hash, finds nothing.",
  },
  "25": { codeName: "INVALID_TXN_HASH", title: "Invalid transaction hash" },
  "26": { codeName: "INVALID_BLOCK_HASH", title: "Invalid block hash" },
  "27": { codeName: "INVALID_TXN_INDEX", title: "Invalid transaction index in a block" },
  "28": { codeName: "CLASS_HASH_NOT_FOUND", title: "Class hash not found" },
  "29": { codeName: "TXN_HASH_NOT_FOUND", title: "Transaction hash not found" },
  "31": { codeName: "PAGE_SIZE_TOO_BIG", title: "Requested page size is too big" },
  "32": { codeName: "NO_BLOCKS", title: "There are no blocks" },
  "33": { codeName: "INVALID_CONTINUATION_TOKEN", title: "Invalid continuation token" },
  "34": { codeName: "TOO_MANY_KEYS_IN_FILTER", title: "Too many keys provided in a filter" },
  "40": {
    codeName: "CONTRACT_ERROR",
    title: "Contract error",
    hint: "The contract's execution failed; error.data holds its revert error.",
  },
  "41": { codeName: "TRANSACTION_EXECUTION_ERROR", title: "Transaction execution error" },
  "42": { codeName: "STORAGE_PROOF_NOT_SUPPORTED", title: "Storage proofs are not supported for this block" },
  "51": { codeName: "CLASS_ALREADY_DECLARED", title: "Class already declared" },
  "52": { codeName: "INVALID_TRANSACTION_NONCE", title: "Invalid transaction nonce" },
  "53": {
    codeName: "INSUFFICIENT_RESOURCES_FOR_VALIDATE",
    title: "Max fee is smaller than the minimal transaction cost",
  },
  "54": {
    codeName: "INSUFFICIENT_ACCOUNT_BALANCE",
    title: "Account balance is smaller than the transaction's max fee",
  },
  "55": { codeName: "VALIDATION_FAILURE", title: "Account validation failed" },
  "56": { codeName: "COMPILATION_FAILED", title: "Compilation failed" },
  "57": { codeName: "CONTRACT_CLASS_SIZE_IS_TOO_LARGE", title: "Contract class size is too large" },
  "58": { codeName: "NON_ACCOUNT", title: "Sender address is not an account contract" },
  "59": { codeName: "DUPLICATE_TX", title: "A transaction with the same hash already exists" },
  "60": { codeName: "COMPILED_CLASS_HASH_MISMATCH", title: "The compiled class hash did not match" },
  "61": { codeName: "UNSUPPORTED_TX_VERSION", title: "The transaction version is not supported" },
  "62": {
    codeName: "UNSUPPORTED_CONTRACT_CLASS_VERSION",
    title: "The contract class version is not supported",
  },
  "63": { codeName: "UNEXPECTED_ERROR", title: "An unexpected error occurred" },
  "66": { codeName: "INVALID_SUBSCRIPTION_ID", title: "Invalid subscription id" },
  "67": { codeName: "TOO_MANY_ADDRESSES_IN_FILTER", title: "Too many addresses in the filter" },
  "68": { codeName: "TOO_MANY_BLOCKS_BACK", title: "Cannot go back more than 1024 blocks" },
  "100": { codeName: "COMPILATION_ERROR", title: "Failed to compile the contract" },
} satisfies Record<string, CodeEntry>;

function lookup(table: Readonly<Record<string, CodeEntry>>, code: number): CodeEntry | undefined {
  return Object.hasOwn(table, String(code)) ? table[String(code)] : undefined;
}

function field(data: unknown, name: string): unknown {
  return typeof data === "object" && data !== null && name in data
    ? (data as Record<string, unknown>)[name]
    : undefined;
}

export function describeRpcError(error: JsonRpcErrorObject, ctx: RpcErrorContext): RpcErrorDescription {
  const { code, data } = error;
  const message = error.message.trim();
  const chainTable = ctx.chain === "evm" ? EVM_CODES : STARKNET_CODES;
  const entry = lookup(chainTable, code) ?? lookup(JSON_RPC_CODES, code) ?? lookup(PROVIDER_CODES, code);

  const out: RpcErrorDescription = entry
    ? { title: entry.title, codeName: entry.codeName }
    : { title: serverRange(code) ? `Server error ${code}` : `Error ${code}` };
  if (message) out.detail = message;
  if (entry?.hint) out.hint = entry.hint;

  // Refinements where the code alone says too little.
  if (ctx.chain === "evm" && code === 3) {
    const reason = /^execution reverted:?\s*(.*)$/is.exec(message)?.[1]?.trim();
    if (reason) out.title = `Execution reverted: ${clip(reason, 120)}`;
  }
  if (code === -32602) {
    const reason = field(data, "reason");
    if (typeof reason === "string" && reason && !message.includes(reason)) {
      out.detail = message ? `${message}: ${reason}` : reason;
    }
  }
  if (code === -32000) {
    if (ctx.httpStatus === 401 || /unauthori[sz]ed|api key|project id/i.test(message)) {
      out.title = `Unauthorized: the ${keyLabel()} is missing or invalid`;
      out.hint = KEY_HINTS.missingKey;
    } else if (/insufficient funds/i.test(message)) {
      out.hint =
        "The sender's balance cannot pay value + gas × gas price: lower them, or use another sender.";
    } else if (/gas required exceeds allowance|out of gas|intrinsic gas too low/i.test(message)) {
      out.hint = "Raise the gas field (or leave it out so that the node uses the block gas limit).";
    } else if (/exceeds block gas limit|exceeds the cap|gas cap|too high/i.test(message)) {
      out.hint = "The gas field is capped at 10 times the block gas limit: lower it.";
    }
  }
  if (code === -32002 && ctx.httpStatus === 403) {
    out.title = "Request rejected by the key's settings";
  }
  if (code === -32005) {
    if (ctx.httpStatus === 402 || field(data, "reason") === "credit_limit" || /credit/i.test(message)) {
      out.title = "Limit exceeded: the key's credit or plan limit is used up";
      out.hint = KEY_HINTS.creditLimit;
    } else {
      const backoff = field(data, "backoff_seconds");
      if (typeof backoff === "number" && Number.isFinite(backoff)) {
        out.hint = `Rate limited: the provider asks to wait ${backoff} s (data.backoff_seconds) before sending again.`;
      }
    }
  }
  return out;
}

function serverRange(code: number): boolean {
  return code <= -32000 && code >= -32099;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
