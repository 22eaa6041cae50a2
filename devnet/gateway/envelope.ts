import {
  isRecord,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  RPC_CODES,
  rpcError,
} from "./json-rpc.ts";

export type EnvelopeResult = { ok: true; request: JsonRpcRequest } | { ok: false; response: JsonRpcResponse };

const isValidId = (v: unknown): v is JsonRpcId =>
  v === null || typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

const invalid = (id: JsonRpcId, why: string): EnvelopeResult => ({
  ok: false,
  response: rpcError(id, RPC_CODES.invalidRequest, `Invalid request: ${why}`),
});

/**
 * Checks one HTTP body or WebSocket message against JSON-RPC 2.0. The answer to a bad envelope
 * keeps the request's `id` whenever the id itself is usable (a string, a number or null); an id
 * of another type, or a body that is not JSON, is answered with `id: null`, as JSON-RPC 2.0 says.
 */
export function parseEnvelope(text: string): EnvelopeResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      ok: false,
      response: rpcError(null, RPC_CODES.parseError, "Parse error: the body is not valid JSON"),
    };
  }
  return checkEnvelope(body);
}

/** The most requests one batch may hold (real providers cap it too: 100 to 1,000). */
export const MAX_BATCH = 100;

/** One HTTP body or WebSocket message: a request (checked), a batch of them, or one error for the whole. */
export type MessageResult =
  | { kind: "single"; envelope: EnvelopeResult }
  | { kind: "batch"; elements: EnvelopeResult[] }
  | { kind: "refused"; response: JsonRpcResponse };

/**
 * Reads a body as real nodes do (geth, Reth): not JSON is one -32700; a JSON array is a batch whose
 * elements are checked one by one (each answered in its own place); an empty batch, or one over
 * {@link MAX_BATCH}, is one -32600 for the whole, with id null.
 */
export function parseMessage(text: string): MessageResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      kind: "refused",
      response: rpcError(null, RPC_CODES.parseError, "Parse error: the body is not valid JSON"),
    };
  }
  if (!Array.isArray(body)) return { kind: "single", envelope: checkEnvelope(body) };
  if (body.length === 0)
    return {
      kind: "refused",
      response: rpcError(null, RPC_CODES.invalidRequest, "Invalid request: empty batch"),
    };
  if (body.length > MAX_BATCH)
    return {
      kind: "refused",
      response: rpcError(
        null,
        RPC_CODES.invalidRequest,
        `Invalid request: a batch holds at most ${MAX_BATCH} requests; this one has ${body.length}`,
      ),
    };
  return { kind: "batch", elements: body.map(checkEnvelope) };
}

export function checkEnvelope(body: unknown): EnvelopeResult {
  if (Array.isArray(body)) {
    return invalid(null, "a request must be a JSON object; a batch (array) cannot hold another batch");
  }
  if (!isRecord(body)) return invalid(null, "the body must be a JSON-RPC request object");

  if (!("id" in body)) {
    return invalid(null, "the id member is missing (notifications are not answered by this service)");
  }
  const rawId = body.id;
  if (!isValidId(rawId)) return invalid(null, "id must be a number, a string or null");
  const id = rawId;

  if (body.jsonrpc !== "2.0") return invalid(id, 'jsonrpc must be the string "2.0"');
  if (typeof body.method !== "string" || body.method.length === 0) {
    return invalid(id, "method must be a non-empty string");
  }
  const request: JsonRpcRequest = { jsonrpc: "2.0", id, method: body.method };
  if (body.params !== undefined && body.params !== null) {
    if (typeof body.params !== "object") {
      return {
        ok: false,
        response: rpcError(
          id,
          RPC_CODES.invalidParams,
          "Invalid params: params must be an array or an object",
        ),
      };
    }
    if (nestingDepth(body.params) > MAX_PARAMS_DEPTH) {
      // The client's mistake, said as such: forwarded, the node fails on it and it would read as a 502.
      return {
        ok: false,
        response: rpcError(
          id,
          RPC_CODES.invalidParams,
          `Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels`,
        ),
      };
    }
    request.params = body.params;
  }
  return { ok: true, request };
}

/** No param of the nine methods (nor any real node's) nests this deep; a call object is 3 levels. */
export const MAX_PARAMS_DEPTH = 64;

/** How deep arrays and objects nest in a value, walked without recursion. */
export function nestingDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (d + 1 > max) max = d + 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}
