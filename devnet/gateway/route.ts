import { createHash, timingSafeEqual } from "node:crypto";
import { type FaultName, isFaultName } from "./faults.ts";
import { type JsonRpcResponse, RPC_CODES, rpcError } from "./json-rpc.ts";

/** What a request's address asks for (network, transport, fault switch), and whether its key is right. */

export type NetworkName = "evm" | "starknet";

export interface Route {
  network: NetworkName;
  transport: "http" | "ws";
  fault?: FaultName;
  /** The key path segment, percent-decoded; "" when missing. */
  key: string;
  search: URLSearchParams;
}

export type RouteResult = { ok: true; route: Route } | { ok: false; status: number; message: string };

const ROUTE = /^(\/starknet)?(?:\/faults\/([^/]+))?(\/ws)?\/v3(?:\/([^/]*))?\/?$/;

/** Reads a request path: `[/starknet][/faults/<name>][/ws]/v3/<key>`. */
export function parseRoute(rawUrl: string | undefined): RouteResult {
  let url: URL;
  try {
    url = new URL(rawUrl ?? "/", "http://gateway.invalid");
  } catch {
    return { ok: false, status: 400, message: "the request address is malformed" };
  }
  const m = ROUTE.exec(url.pathname);
  if (!m) {
    return {
      ok: false,
      status: 404,
      message:
        "Not found: send requests to /v3/<key> (WebSocket /ws/v3/<key>), or under /starknet for Starknet",
    };
  }
  const [, starknet, fault, ws, rawKey] = m;
  if (fault !== undefined && !isFaultName(fault)) {
    return { ok: false, status: 404, message: "Not found: unknown fault switch (see docs/devnet.md)" };
  }
  let key = "";
  try {
    key = decodeURIComponent(rawKey ?? "");
  } catch {
    key = "\u0000invalid";
  }
  const route: Route = {
    network: starknet ? "starknet" : "evm",
    transport: ws ? "ws" : "http",
    key,
    search: url.searchParams,
  };
  if (fault !== undefined) route.fault = fault;
  return { ok: true, route };
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares keys in constant time (over their hashes, so lengths do not leak either). */
export function keyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The 401 answer's JSON-RPC error: a missing key and a wrong one are told apart, the key is not echoed. */
export function keyError(given: string): JsonRpcResponse {
  return given === ""
    ? rpcError(null, RPC_CODES.unauthorized, "Unauthorized: the API key is missing; use /v3/<API_KEY>")
    : rpcError(null, RPC_CODES.unauthorized, "Unauthorized: invalid API key");
}
