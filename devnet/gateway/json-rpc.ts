/**
 * JSON-RPC 2.0 shapes and the error codes the gateway answers with. docs/devnet.md lists every
 * code and when it comes; tests compare against these constants, not against copies of them.
 */

export type JsonRpcId = string | number | null;

/** A request that passed the envelope check (see envelope.ts). */
export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: JsonRpcId;
  method: string;
  /** Absent when the request has no `params` member. */
  params?: unknown;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: JsonRpcErrorObject };

/** True for a plain JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const RPC_CODES = {
  /** Body is not JSON. */
  parseError: -32700,
  /** JSON, but not a JSON-RPC 2.0 request object (also: batches, which the gateway refuses). */
  invalidRequest: -32600,
  /** A method the gateway does not offer. */
  methodNotFound: -32601,
  /** Params of the wrong shape for the method. */
  invalidParams: -32602,
  /** The node behind the gateway failed or did not answer. */
  internalError: -32603,
  /** `eth_estimateGas` with `gas` above the cap (10 x the current block gas limit). */
  gasCapExceeded: -32000,
  /** HTTP 401: the API key is missing or wrong (the shape some providers use, e.g. "Must be authenticated!"). */
  unauthorized: -32000,
  /** A method that would submit a transaction or change the node's state (EIP-1474 "method not supported"). */
  writeRefused: -32004,
  /** Fault switch `rate-limit` (EIP-1474 "limit exceeded", as providers send it with HTTP 429). */
  limitExceeded: -32005,
  /** Fault switch `forbidden` (EIP-1474 "resource unavailable", as providers send it with HTTP 403). */
  resourceUnavailable: -32002,
  /** A REVERT during `eth_estimateGas`. */
  executionReverted: 3,
  /** Starknet: no block matches the `block_id`. */
  starknetBlockNotFound: 24,
} as const;

export function rpcError(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: "2.0", id, error };
}

export function rpcResult(id: JsonRpcId, result: unknown): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result };
}

/** A method name as it may appear in a message: clipped, so a client cannot make us echo megabytes. */
export function methodLabel(method: string): string {
  const clean = method.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > 64 ? `${clean.slice(0, 61)}...` : clean;
}

/** Anything that answers checked requests: the EVM forwarder and the Starknet simulator. */
export interface RpcBackend {
  handle(request: JsonRpcRequest): Promise<JsonRpcResponse>;
}

/**
 * Prefixes and names of methods that submit transactions, sign, or change the node (Anvil's
 * cheat codes, mining, tracing): refused with `writeRefused`, whatever the network.
 */
const WRITE_PREFIXES = [
  "anvil_",
  "evm_",
  "hardhat_",
  "ganache_",
  "personal_",
  "debug_",
  "miner_",
  "admin_",
  "eth_send",
  "eth_sign",
  "starknet_add",
] as const;
const WRITE_METHODS = new Set(["eth_submitWork", "eth_submitHashrate", "eth_submitTransaction"]);

export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method) || WRITE_PREFIXES.some((p) => method.startsWith(p));
}

export function writeRefusedError(id: JsonRpcId, method: string): JsonRpcResponse {
  return rpcError(
    id,
    RPC_CODES.writeRefused,
    `${methodLabel(method)} is refused: this service only reads chain data; it does not submit transactions or change the node`,
    { method: methodLabel(method) },
  );
}

export function methodNotFoundError(id: JsonRpcId, method: string): JsonRpcResponse {
  return rpcError(
    id,
    RPC_CODES.methodNotFound,
    `Method not found: ${methodLabel(method)} is not offered on this network`,
  );
}
