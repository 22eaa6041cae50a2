import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Answerer } from "./answer.ts";
import {
  creditError,
  forbiddenError,
  HTML_502_PAGE,
  NOT_JSON_BODY,
  PLAIN_401_BODY,
  RATE_LIMIT_BACKOFF_SECONDS,
  rateLimitError,
  sniffId,
} from "./faults.ts";
import { RPC_CODES, rpcError } from "./json-rpc.ts";
import { readBody } from "./read-body.ts";
import { keyError, keyMatches, parseRoute, type Route } from "./route.ts";

/**
 * The HTTP side of the gateway: routes, CORS and preflight, the key, the content type, the body
 * limit and the HTTP fault switches, then the answer; and what a malformed or too slow request gets.
 */

export interface HttpHandlerOptions {
  /** The one accepted API key. */
  key: string;
  maxBody: number;
  answer: Answerer["answer"];
}

const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After, Content-Length, Content-Type",
};

function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers["access-control-request-headers"];
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": typeof requested === "string" && requested ? requested : "Content-Type",
    "Access-Control-Max-Age": "600",
  };
  if (req.headers["access-control-request-private-network"] === "true") {
    headers["Access-Control-Allow-Private-Network"] = "true";
  }
  return headers;
}

const isJsonContentType = (v: string | undefined) =>
  typeof v === "string" && /^application\/(?:json|json-rpc)\s*(?:;|$)/i.test(v.trim());

function send(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string,
  extra: Record<string, string> = {},
  cors = true,
) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...(cors ? CORS_HEADERS : {}),
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    ...extra,
  });
  res.end(body);
}

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
  cors = true,
) => send(res, status, JSON.stringify(body), "application/json", extra, cors);

const invalid = (message: string) => rpcError(null, RPC_CODES.invalidRequest, message);

/** Answers a request refused before its body is read (transport, method, key, content type); true if it did. */
function refuseBeforeBody(req: IncomingMessage, res: ServerResponse, route: Route, key: string): boolean {
  if (route.transport === "ws") {
    sendJson(res, 426, invalid("This address takes WebSocket connections; POST to /v3/<key>"), {
      Upgrade: "websocket",
    });
  } else if (req.method !== "POST") {
    sendJson(res, 405, invalid("Method not allowed: send JSON-RPC with POST"), { Allow: "POST, OPTIONS" });
  } else if (route.fault === "plain-401") {
    send(res, 401, PLAIN_401_BODY, "text/plain; charset=utf-8");
  } else if (!keyMatches(route.key, key)) {
    sendJson(res, 401, keyError(route.key));
  } else if (!isJsonContentType(req.headers["content-type"])) {
    sendJson(res, 415, invalid("Unsupported content type: send Content-Type: application/json"));
  } else {
    return false;
  }
  return true;
}

/** The fault switches that replace the answer once the body is read; true if one did. */
function answerFault(res: ServerResponse, route: Route, text: string): boolean {
  switch (route.fault) {
    case "html-502":
      send(res, 502, HTML_502_PAGE, "text/html");
      return true;
    case "rate-limit":
      sendJson(res, 429, rateLimitError(sniffId(text)), {
        "Retry-After": String(RATE_LIMIT_BACKOFF_SECONDS),
      });
      return true;
    case "forbidden":
      sendJson(res, 403, forbiddenError(sniffId(text)));
      return true;
    case "credit":
      sendJson(res, 402, creditError(sniffId(text)));
      return true;
    case "no-cors":
      sendJson(
        res,
        500,
        rpcError(sniffId(text), RPC_CODES.internalError, "Internal server error"),
        {},
        false,
      );
      return true;
    case "not-json":
      send(res, 200, NOT_JSON_BODY, "text/plain; charset=utf-8");
      return true;
    case "never":
      return true; // The connection stays open until the client gives up or the gateway stops.
    default:
      return false;
  }
}

/** The `request` listener of the gateway's HTTP server. */
export function createHttpHandler({
  key,
  maxBody,
  answer,
}: HttpHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === "OPTIONS") {
      res.writeHead(204, preflightHeaders(req));
      res.end();
      return;
    }
    const parsed = parseRoute(req.url);
    if (!parsed.ok) {
      sendJson(res, parsed.status, invalid(parsed.message));
      return;
    }
    const { route } = parsed;
    if (refuseBeforeBody(req, res, route, key)) return;
    const body = await readBody(req, maxBody);
    if (!body.ok) {
      if (body.reason === "too-large") {
        sendJson(res, 413, invalid(`Request body too large: the limit is ${maxBody} bytes`));
      }
      return;
    }
    if (answerFault(res, route, body.text)) return;
    const result = await answer(body.text, route);
    sendJson(res, result.status, result.body);
  }

  return (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        sendJson(res, 500, rpcError(null, RPC_CODES.internalError, "Internal error in the gateway"));
      } else {
        res.destroy();
      }
    });
  };
}

/** The `clientError` listener: a request Node could not read (malformed, or too slow) gets a bare answer. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Too slow is the client's doing (408), as is a malformed request (400); never the node's.
  const status =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT" || err.code === "ERR_HTTP_HEADERS_TIMEOUT"
      ? "408 Request Timeout"
      : "400 Bad Request";
  if (socket.writable)
    socket.end(`HTTP/1.1 ${status}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n`);
  else socket.destroy();
}
