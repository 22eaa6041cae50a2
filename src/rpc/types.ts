import type { Arrival } from "./answer-parse.ts";
/** The wire types of one JSON-RPC 2.0 call, as the rest of the app sees them. */

/**
 * A request's id. The service spec says a number; JSON-RPC 2.0 (and geth, Erigon, Nethermind, Reth)
 * also take a string or null. "1" is not 1.
 */
export type JsonRpcId = number | string | null;

export type JsonRpcRequest = {
  jsonrpc: "2.0";
  id: JsonRpcId;
  method: string;
  params: unknown[] | Record<string, unknown>;
};

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

export type AnswerMeta = {
  transport: "http" | "ws";
  /** From writing the request to having the whole answer, measured with `performance.now()`. */
  latencyMs: number;
  /** UTF-8 byte length of the answer as it came over the wire. */
  sizeBytes: number;
  httpStatus?: number;
};

/**
 * An answer from the node: a result, or a JSON-RPC error object. A JSON-RPC error is an answer to
 * display, not an exception; exceptions (see errors.ts) are for calls that got no usable answer.
 * The answer to a batch (raw-request.ts) is its array as it came, as a result (`result` and `raw`
 * both the array); batch.ts matches its elements to the requests by id. A big answer comes with
 * `arrival`: its rows still arriving from the answer worker (answer-parse.ts).
 */
export type RpcAnswer =
  | { kind: "result"; result: unknown; raw: unknown; meta: AnswerMeta; arrival?: Arrival }
  | { kind: "error"; error: JsonRpcErrorObject; raw: unknown; meta: AnswerMeta; arrival?: Arrival };

/** Answers past this size are not read into the page (a setting; 64 MiB by default). */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export type SendOptions = {
  signal?: AbortSignal;
  timeoutMs: number;
  /** The answer size limit (DEFAULT_MAX_ANSWER_BYTES when left out); Infinity for none. */
  maxAnswerBytes?: number;
};
