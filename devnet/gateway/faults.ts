import { type JsonRpcId, type JsonRpcResponse, RPC_CODES, rpcError } from "./json-rpc.ts";

/**
 * Fault switches: answers a real node cannot be made to give, for the browser tests. A fault is
 * chosen by a path prefix, `/faults/<name>/v3/<key>` (HTTP) or `/faults/<name>/ws/v3/<key>`
 * (WebSocket), and the same under `/starknet`, so tests running in parallel do not disturb each
 * other. docs/devnet.md describes each one.
 */
export const FAULT_NAMES = [
  "html-502",
  "rate-limit",
  "forbidden",
  "credit",
  "plain-401",
  "no-cors",
  "slow",
  "never",
  "bad-id",
  "not-json",
  "ws-drop",
  "ws-drop-later",
  "ws-stray-big",
  "ws-strays",
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

export const isFaultName = (s: string): s is FaultName => (FAULT_NAMES as readonly string[]).includes(s);

/** `Retry-After` and `data.backoff_seconds` of the `rate-limit` fault. */
export const RATE_LIMIT_BACKOFF_SECONDS = 7;
/** Delay of the `slow` fault when the URL has no `?ms=`. */
export const SLOW_DEFAULT_MS = 3_000;
export const SLOW_MAX_MS = 120_000;

/** The `?ms=` of a `slow` fault, clamped to 0..120 s. */
export function slowDelayMs(search: URLSearchParams): number {
  const raw = search.get("ms");
  if (raw === null || !/^\d{1,9}$/.test(raw)) return SLOW_DEFAULT_MS;
  return Math.min(Number(raw), SLOW_MAX_MS);
}

export const HTML_502_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n" +
  "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

export const NOT_JSON_BODY =
  "upstream connect error or disconnect/reset before headers. reset reason: connection termination";

export const PLAIN_401_BODY = "invalid project id\n";

export function rateLimitError(id: JsonRpcId): JsonRpcResponse {
  return rpcError(id, RPC_CODES.limitExceeded, "project ID request rate exceeded", {
    current_rps: 13.4,
    allowed_rps: 10,
    backoff_seconds: RATE_LIMIT_BACKOFF_SECONDS,
  });
}

export function forbiddenError(id: JsonRpcId): JsonRpcResponse {
  return rpcError(id, RPC_CODES.resourceUnavailable, "rejected due to project ID settings");
}

export function creditError(id: JsonRpcId): JsonRpcResponse {
  return rpcError(
    id,
    RPC_CODES.limitExceeded,
    "daily credit limit exceeded: upgrade the plan or wait for the reset",
    {
      reason: "credit_limit",
    },
  );
}

/** The id the `bad-id` fault answers with: never equal to the request's id. */
export function otherId(id: JsonRpcId): JsonRpcId {
  return typeof id === "number" ? id + 1_000_003 : `not-${String(id)}`;
}

/** Best effort: the id of a body that may be anything, for faults that answer before any check. */
export function sniffId(text: string): JsonRpcId {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "id" in body) {
      const id = (body as { id: unknown }).id;
      if (typeof id === "string" || typeof id === "number") return id;
    }
  } catch {
    // Not JSON: the fault's answer carries id null.
  }
  return null;
}

/** The `ws-stray-big` fault's message: 70 MiB answering an id no client sent, made once when first asked. */
let strayBig: string | undefined;
const STRAY_BIG_ID = 9_007_199_254_740_991;
export function strayBigMessage(): string {
  strayBig ??= `{"jsonrpc":"2.0","id":${STRAY_BIG_ID},"result":"0x${"5a".repeat(35 * 1024 * 1024)}"}`;
  return strayBig;
}

/** How many small strays the `ws-strays` fault sends before each answer. */
export const STRAY_COUNT = 20;

/** The `ws-strays` fault's `i`th message: a small answer to an id no client sent (another subscriber's, a buggy node's). */
export const strayMessage = (i: number): string =>
  `{"jsonrpc":"2.0","id":${STRAY_BIG_ID - 1 - i},"result":"0x${i}"}`;
