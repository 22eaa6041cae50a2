import { formatSeconds } from "../chain/duration.ts";
import { formatBytes } from "../chain/quantity.ts";
import { keyLabel } from "./key-label.ts";
import { idLabel } from "./raw-request.ts";
import type { JsonRpcErrorObject } from "./types.ts";

/**
 * Each kind of error, its class. An error's `kind` names its class; rpc/display.ts words each kind
 * (`satisfies` there asks for a new one's sentence and hint).
 */
export type RpcErrorOfKind = {
  "http-status": HttpStatusError;
  network: NetworkError;
  timeout: TimeoutError;
  cancelled: CancelledError;
  "invalid-response": InvalidResponseError;
  "id-mismatch": IdMismatchError;
  "ws-connection": WsConnectionError;
  "ws-dropped": WsDroppedError;
  "too-large": AnswerTooLargeError;
  /** Any other RpcClientError: its short message and details, as they are. */
  client: RpcClientError;
};
export type RpcErrorKind = keyof RpcErrorOfKind;

/**
 * Why a call got no usable answer. Like viem's errors: a one-line `shortMessage`, the longer
 * `details`, and the underlying `cause`. The short message is the error's title, the one people
 * read (docs/decisions.md, "Error wording"): it is written once, here; the sentence and the hint
 * under it are rpc/display.ts's, which is not part of the first screen. None of them ever holds the
 * URL or the API key (see redact.ts): the caller passes only redacted addresses and scrubbed text in.
 */
type RpcClientErrorOptions = { details?: string | undefined; cause?: unknown };

export class RpcClientError extends Error {
  override name = "RpcClientError";
  readonly kind: RpcErrorKind = "client";
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, options: RpcClientErrorOptions = {}) {
    const { details, cause } = options;
    super(
      details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage,
      cause === undefined ? undefined : { cause },
    );
    this.shortMessage = shortMessage;
    this.details = details;
  }
}

type HttpStatusErrorParams = {
  status: number;
  statusText: string;
  /** The first characters of the body (see BODY_SNIPPET_CHARS), already scrubbed of the key. */
  bodySnippet: string;
  /** Set when the body was a JSON-RPC error response. */
  rpcError?: JsonRpcErrorObject | undefined;
  /** From `Retry-After`, else from `error.data.backoff_seconds`. */
  retryAfterSeconds?: number | undefined;
};

/**
 * What a status means, in its title, for the statuses providers give a meaning (else its status
 * text). 401's is a getter: read when an error is made, it names the key as the provider does.
 */
const STATUS_TITLES: Readonly<Partial<Record<number, string>>> = {
  get 401() {
    return `the ${keyLabel()} is missing or invalid`;
  },
  402: "the key's credit or plan limit is used up",
  403: "request rejected by the key's settings",
  413: "request too large",
  429: "rate limit exceeded",
};

/** The server answered with a status outside 2xx. */
export class HttpStatusError extends RpcClientError {
  override name = "HttpStatusError";
  override readonly kind = "http-status";
  readonly status: number;
  readonly statusText: string;
  readonly bodySnippet: string;
  declare readonly rpcError?: JsonRpcErrorObject;
  declare readonly retryAfterSeconds?: number;

  constructor(p: HttpStatusErrorParams) {
    const meaning = STATUS_TITLES[p.status];
    super(
      meaning ? `HTTP ${p.status}: ${meaning}` : `HTTP ${p.status}${p.statusText ? ` ${p.statusText}` : ""}`,
      {
        details: p.rpcError
          ? `JSON-RPC error ${p.rpcError.code}: ${p.rpcError.message}`
          : p.bodySnippet || undefined,
      },
    );
    this.status = p.status;
    this.statusText = p.statusText;
    this.bodySnippet = p.bodySnippet;
    if (p.rpcError) this.rpcError = p.rpcError;
    if (p.retryAfterSeconds !== undefined) this.retryAfterSeconds = p.retryAfterSeconds;
  }
}

/**
 * `fetch` threw (a TypeError, "Failed to fetch" in browsers): the address is unreachable, the
 * browser refused the answer for lack of CORS headers, or the machine is offline. Browsers do not
 * say which.
 */
export class NetworkError extends RpcClientError {
  override name = "NetworkError";
  override readonly kind = "network";
  /** The address with the key redacted. */
  readonly address: string | undefined;

  constructor(p: { address?: string | undefined; cause?: unknown } = {}) {
    super("Failed to fetch: could not reach the provider", {
      details: p.cause instanceof Error ? p.cause.message : undefined,
      cause: p.cause,
    });
    this.address = p.address;
  }
}

/** No answer within the request's own time limit. */
export class TimeoutError extends RpcClientError {
  override name = "TimeoutError";
  override readonly kind = "timeout";
  readonly timeoutMs: number;
  readonly transport: "http" | "ws";
  /** Over WebSocket: messages that came meanwhile and answered no request waiting (a changed id). */
  readonly unmatched: { count: number; lastId: string | null; lastBytes: number } | undefined;

  constructor(p: {
    timeoutMs: number;
    transport: "http" | "ws";
    unmatched?: { count: number; lastId: string | null; lastBytes: number } | undefined;
  }) {
    super(`No answer within ${formatSeconds(p.timeoutMs)}`);
    this.timeoutMs = p.timeoutMs;
    this.transport = p.transport;
    this.unmatched = p.unmatched;
  }
}

/** The caller's AbortSignal fired: the user cancelled the request. */
export class CancelledError extends RpcClientError {
  override name = "CancelledError";
  override readonly kind = "cancelled";

  constructor(p: { cause?: unknown } = {}) {
    super("Request cancelled", { cause: p.cause });
  }
}

/**
 * A request the page's background reader (the answer worker, which sends the HTTP requests) lost
 * on the way: ours, not the node's, which may have had it; it is not sent again by itself.
 */
export function requestReaderStopped(): RpcClientError {
  return new RpcClientError("This page stopped waiting for the answer", {
    details:
      "The page's background reader of answers stopped during the request, not the node, which may have received it. Nothing was sent again; send it again if you want its answer, and reload the page if it keeps happening.",
  });
}

/** An answer that came but that the page's reader of big answers (the answer worker) lost: ours, not the node's. */
export function answerReaderStopped(): RpcClientError {
  return new RpcClientError("The answer came but this page could not read it", {
    details:
      "The page's background reader of big answers stopped, not the node. Send the request again; if it keeps happening, reload the page.",
  });
}

type InvalidResponseReason = "not-json" | "not-json-rpc";

/** A 2xx answer (or a WebSocket message) that is not JSON, or not a JSON-RPC response object. */
export class InvalidResponseError extends RpcClientError {
  override name = "InvalidResponseError";
  override readonly kind = "invalid-response";
  /** What people read under the title: the body's first characters, or that it is empty. */
  declare readonly details: string;
  readonly reason: InvalidResponseReason;
  /** The first characters of the body, already scrubbed of the key. */
  readonly bodySnippet: string;
  readonly httpStatus: number | undefined;

  constructor(p: { reason: InvalidResponseReason; bodySnippet: string; httpStatus?: number | undefined }) {
    super(
      p.reason === "not-json"
        ? "The answer is not JSON"
        : "The answer is not JSON-RPC (no result or error member)",
      {
        details: p.bodySnippet ? `It starts with: ${p.bodySnippet}` : "The body is empty.",
      },
    );
    this.reason = p.reason;
    this.bodySnippet = p.bodySnippet;
    this.httpStatus = p.httpStatus;
  }
}

/** The answer's `id` is not the request's. */
export class IdMismatchError extends RpcClientError {
  override name = "IdMismatchError";
  override readonly kind = "id-mismatch";
  /** Both ids: "Sent id 1, received id 1000004". */
  declare readonly details: string;
  readonly expectedId: unknown;
  readonly receivedId: unknown;

  constructor(p: { expectedId: unknown; receivedId: unknown }) {
    super("The answer's id does not match the request's id", {
      details: `Sent id ${idLabel(p.expectedId)}, received id ${idLabel(p.receivedId)}`,
    });
    this.expectedId = p.expectedId;
    this.receivedId = p.receivedId;
  }
}

/**
 * The WebSocket could not be opened. Browsers hide the HTTP status of a refused upgrade (a wrong
 * key, 401, looks the same as a wrong address), so its hint can only name the candidates.
 */
export class WsConnectionError extends RpcClientError {
  override name = "WsConnectionError";
  override readonly kind = "ws-connection";
  readonly address: string | undefined;

  constructor(p: { address?: string | undefined; cause?: unknown } = {}) {
    super("Could not open the WebSocket connection", {
      details: p.cause instanceof Error ? p.cause.message : undefined,
      cause: p.cause,
    });
    this.address = p.address;
  }
}

/** The WebSocket closed (or failed) while the request waited for its answer. */
export class WsDroppedError extends RpcClientError {
  override name = "WsDroppedError";
  override readonly kind = "ws-dropped";
  /** The close code and reason: "Close code 1006". */
  declare readonly details: string;
  readonly closeCode: number;
  readonly closeReason: string;

  constructor(p: { code: number; reason: string }) {
    // 1000: the app closed the connection itself (ws.ts, `close`), not the server.
    super(`WebSocket connection ${p.code === 1000 ? "closed" : "dropped"} before the answer arrived`, {
      details: `Close code ${p.code}${p.reason ? `: ${p.reason}` : ""}`,
    });
    this.closeCode = p.code;
    this.closeReason = p.reason;
  }
}

/**
 * The answer is over the size limit (settings; 64 MiB by default): reading it stopped there (HTTP)
 * or it was not parsed (WebSocket, whose messages arrive whole). Viewing it could stall or crash the
 * page; `download` says how it can be had as a file instead.
 */
export class AnswerTooLargeError extends RpcClientError {
  override name = "AnswerTooLargeError";
  override readonly kind = "too-large";
  readonly limitBytes: number;
  /** What had arrived when reading stopped (at least the limit), or what the node declared. */
  readonly receivedBytes: number;
  readonly transport: "http" | "ws";
  /** The whole answer, when it is already here (a WebSocket message): saved as it is, unparsed. */
  readonly blob: Blob | undefined;

  constructor(p: { limitBytes: number; receivedBytes: number; transport: "http" | "ws"; blob?: Blob }) {
    super(`The answer is over the ${formatBytes(p.limitBytes)} limit`, {
      details: `${p.receivedBytes} bytes or more, over the limit of ${p.limitBytes} bytes`,
    });
    this.limitBytes = p.limitBytes;
    this.receivedBytes = p.receivedBytes;
    this.transport = p.transport;
    this.blob = p.blob;
  }
}
