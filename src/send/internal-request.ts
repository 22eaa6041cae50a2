/**
 * The app's own requests (a view's reads, the network's example sample): ids far above the user's,
 * from one counter, so that over a shared WebSocket they never collide with each other or with a
 * request of the user's that is still waiting, and browser tests can tell them apart (>= 1e9).
 * They go through `sendOnce`, so the key goes only into the chosen network's address, and they are
 * never the user's send (no mutation): the history never records them.
 */
import type { Call } from "../methods/network-sample.ts";
import { RpcClientError } from "../rpc/errors.ts";
import type { JsonRpcRequest } from "../rpc/types.ts";
import { type SendVariables, sendOnce } from "./useSendRequest.ts";

/** The first id of the app's own requests; the user's ids stay below it. */
const INTERNAL_ID_BASE = 1_000_000_000;

let internalIds = 0;

/** A request of the app's own, with the next internal id. */
export function internalRequest(method: string, params: unknown[] | Record<string, unknown>): JsonRpcRequest {
  internalIds += 1;
  return { jsonrpc: "2.0", id: INTERNAL_ID_BASE + internalIds, method, params };
}

/** Where and how the app's own requests go: the user's network, key, transport and timeout. */
export type Connection = Omit<SendVariables, "body">;

/**
 * A `Call` (methods/network-sample.ts) over the connection: resolves the result; a JSON-RPC error
 * answer throws, with the node's code and message (never the address or the key).
 */
export function internalCall(conn: Connection, signal: AbortSignal): Call {
  return async (method, params) => {
    const answer = await sendOnce({ ...conn, body: internalRequest(method, params) }, signal);
    if (answer.kind === "error")
      throw new RpcClientError(`${method} answered error ${answer.error.code}`, {
        details: answer.error.message,
      });
    return answer.result;
  };
}
