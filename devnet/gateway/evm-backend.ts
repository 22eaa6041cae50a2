import { checkEvmParams, isEvmMethod } from "./evm-params.ts";
import {
  isRecord,
  isWriteMethod,
  type JsonRpcErrorObject,
  type JsonRpcRequest,
  type JsonRpcResponse,
  methodNotFoundError,
  RPC_CODES,
  type RpcBackend,
  rpcError,
  writeRefusedError,
} from "./json-rpc.ts";
import { normalizeRevert } from "./revert.ts";

/** The spec's cap on `gas` in `eth_estimateGas`: 10 times (1000%) the current block gas limit. */
export const GAS_CAP_FACTOR = 10n;

/** The node behind the gateway failed: the server answers HTTP 502 with a -32603 error. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
}

export interface EvmBackendOptions {
  /** Anvil's HTTP address; a promise while Anvil is still starting (requests wait for it). */
  anvilUrl: string | Promise<string>;
  /** How long one forwarded call may take. */
  timeoutMs?: number;
}

function asErrorObject(v: unknown): JsonRpcErrorObject | undefined {
  if (!isRecord(v) || typeof v.code !== "number" || typeof v.message !== "string") return undefined;
  return v.data === undefined
    ? { code: v.code, message: v.message }
    : { code: v.code, message: v.message, data: v.data };
}

/** Forwards the offered EVM methods to Anvil over HTTP, after the gateway's own checks. */
export function createEvmBackend(options: EvmBackendOptions): RpcBackend {
  const timeoutMs = options.timeoutMs ?? 120_000;
  let nextId = 1;
  let gasLimitCache: { at: number; value: bigint } | undefined;

  async function call(method: string, params: unknown[]): Promise<{ result?: unknown; error?: unknown }> {
    let text: string;
    try {
      const url = await options.anvilUrl;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new UpstreamError(`the node did not answer (${err instanceof Error ? err.message : "unknown"})`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UpstreamError("the node answered with something that is not JSON");
    }
    if (!isRecord(body) || !("result" in body || "error" in body)) {
      throw new UpstreamError("the node answered with something that is not a JSON-RPC response");
    }
    return "error" in body && body.error !== undefined && body.error !== null
      ? { error: body.error }
      : { result: body.result };
  }

  async function blockGasLimit(): Promise<bigint> {
    const now = Date.now();
    if (gasLimitCache && now - gasLimitCache.at < 1_000) return gasLimitCache.value;
    const { result } = await call("eth_getBlockByNumber", ["latest", false]);
    if (!isRecord(result) || typeof result.gasLimit !== "string") {
      throw new UpstreamError("the node did not report the latest block's gas limit");
    }
    const value = BigInt(result.gasLimit);
    gasLimitCache = { at: now, value };
    return value;
  }

  return {
    async handle(request: JsonRpcRequest): Promise<JsonRpcResponse> {
      const { id, method } = request;
      if (!isEvmMethod(method)) {
        return isWriteMethod(method) ? writeRefusedError(id, method) : methodNotFoundError(id, method);
      }
      const checked = checkEvmParams(method, request.params);
      if (!checked.ok) return rpcError(id, RPC_CODES.invalidParams, `Invalid params: ${checked.reason}`);

      if (method === "eth_estimateGas") {
        const tx = checked.params[0] as Record<string, unknown>;
        if (typeof tx.gas === "string") {
          const gas = BigInt(tx.gas);
          const limit = await blockGasLimit();
          const cap = limit * GAS_CAP_FACTOR;
          if (gas > cap) {
            return rpcError(
              id,
              RPC_CODES.gasCapExceeded,
              `gas ${gas} exceeds the cap of ${cap} (10 times the current block gas limit of ${limit})`,
              { gas: tx.gas, cap: `0x${cap.toString(16)}`, blockGasLimit: `0x${limit.toString(16)}` },
            );
          }
        }
      }

      const answer = await call(method, checked.params);
      if (answer.error !== undefined) {
        const error = asErrorObject(answer.error);
        if (!error) throw new UpstreamError("the node answered with a malformed error object");
        return {
          jsonrpc: "2.0",
          id,
          error: method === "eth_estimateGas" ? normalizeRevert(error) : error,
        };
      }
      return { jsonrpc: "2.0", id, result: answer.result === undefined ? null : answer.result };
    },
  };
}
