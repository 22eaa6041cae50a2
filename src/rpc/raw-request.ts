import { isRecord } from "../chain/record.ts";
import type { JsonRpcId, JsonRpcRequest } from "./types.ts";

/**
 * A body sent exactly as written (the editor's text, byte for byte: the HTTP body, the WebSocket
 * message), with what the transports need to match its answer. `ids` holds the id of each request
 * as the node reads it: one for a single request, one per element for a batch; `undefined` where
 * the node cannot read one (the text is not JSON, the request is not an object, its id is missing
 * or of another type), so that only an answer with id null can be its answer.
 */
export type RawRequest = {
  text: string;
  batch: boolean;
  ids: readonly (JsonRpcId | undefined)[];
};

/** An id the node can read and echo: a finite number, a string, or null. */
export function readId(v: unknown): JsonRpcId | undefined {
  if (v === null || typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  return undefined;
}

/** The id of one request object as the node reads it; undefined when it cannot (see {@link RawRequest}). */
function idOf(request: unknown): JsonRpcId | undefined {
  return isRecord(request) && "id" in request ? readId(request.id) : undefined;
}

/** Reads what a text sent as written says about ids: one request, or a batch (a JSON array). */
export function rawRequest(text: string): RawRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { text, batch: false, ids: [undefined] };
  }
  if (Array.isArray(json)) return { text, batch: true, ids: json.map(idOf) };
  return { text, batch: false, ids: [idOf(json)] };
}

/** A request object as a raw one: its canonical JSON text. */
export function rawOf(body: JsonRpcRequest | RawRequest): RawRequest {
  return "text" in body ? body : { text: JSON.stringify(body), batch: false, ids: [body.id] };
}

/**
 * The key an id is matched by: "1" and 1 differ, as JSON-RPC says; null and unreadable ids have
 * none (they are matched by the rule of ws.ts / batch.ts instead).
 */
export function idKey(id: unknown): string | undefined {
  if (typeof id === "number") return Number.isFinite(id) ? `n:${id}` : undefined;
  if (typeof id === "string") return `s:${id}`;
  return undefined;
}

/** The id for people: 1, "1", null. */
export function idLabel(id: unknown): string {
  if (id === undefined) return "(none)";
  return JSON.stringify(id) ?? String(id);
}
