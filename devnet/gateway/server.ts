import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { type EnvelopeResult, parseMessage } from "./envelope.ts";
import { UpstreamError } from "./evm-backend.ts";
import {
  creditError,
  type FaultName,
  forbiddenError,
  HTML_502_PAGE,
  isFaultName,
  NOT_JSON_BODY,
  otherId,
  PLAIN_401_BODY,
  RATE_LIMIT_BACKOFF_SECONDS,
  rateLimitError,
  slowDelayMs,
  sniffId,
} from "./faults.ts";
import { type JsonRpcResponse, methodLabel, RPC_CODES, type RpcBackend, rpcError } from "./json-rpc.ts";

/** Largest request body (HTTP) or message (WebSocket) the gateway reads: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type NetworkName = "evm" | "starknet";

/** Request head within 5 s, whole request within 10 s (bodies are at most 1 MiB, on loopback). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;

export interface GatewayOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback by default; the devnet is for this machine only. */
  host?: string;
  /** The one accepted API key. */
  key: string;
  evm: RpcBackend;
  starknet: RpcBackend;
  maxBodyBytes?: number;
  /**
   * How long a client may take to send its request head, and its whole request: a client that
   * drips its body must not hold a connection for Node's default five minutes.
   */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** One line per answered request (never with the key). */
  log?: (line: string) => void;
}

export interface Gateway {
  port: number;
  /** `http://<host>:<port>`, the base address without any path. */
  url: string;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  override name = "PortInUseError";
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use (is another devnet running?). Stop it, or choose another ` +
        `port: DEVNET_PORT=${port + 1} npm run devnet (or npm start); DEVNET_PORT=0 picks a free one`,
    );
  }
}

export interface Route {
  network: NetworkName;
  transport: "http" | "ws";
  fault?: FaultName;
  /** The key path segment, percent-decoded; "" when missing. */
  key: string;
  search: URLSearchParams;
}

type RouteResult = { ok: true; route: Route } | { ok: false; status: number; message: string };

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

function keyError(given: string): JsonRpcResponse {
  return given === ""
    ? rpcError(null, RPC_CODES.unauthorized, "Unauthorized: the API key is missing; use /v3/<API_KEY>")
    : rpcError(null, RPC_CODES.unauthorized, "Unauthorized: invalid API key");
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

type BodyResult = { ok: true; text: string } | { ok: false; reason: "too-large" | "aborted" };

/**
 * A body over the limit is not kept: the gateway reads on and throws the bytes away until the
 * body ends, then answers 413, so that a client still sending gets to read the answer instead of
 * a broken pipe. Past this many bytes (or when the declared length is larger) it answers at once
 * and the connection is closed.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Reads at most `limit` bytes of the body (see DISCARD_LIMIT for what happens past it). */
function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > DISCARD_LIMIT) {
    return Promise.resolve({ ok: false, reason: "too-large" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    let done = false;
    const finish = (r: BodyResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT) finish({ ok: false, reason: "too-large" });
      if (tooLarge) return;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      finish(
        tooLarge
          ? { ok: false, reason: "too-large" }
          : { ok: true, text: Buffer.concat(chunks).toString("utf8") },
      ),
    );
    req.on("error", () => finish({ ok: false, reason: "aborted" }));
    req.on("close", () => finish({ ok: false, reason: "aborted" }));
  });
}

function rawDataToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/** Fault `bad-id`: every answer (each of a batch's) carries an id the request did not send. */
function withOtherIds(body: JsonRpcResponse | JsonRpcResponse[]): void {
  for (const one of Array.isArray(body) ? body : [body]) one.id = otherId(one.id);
}

/** Starts the gateway on loopback. Rejects with PortInUseError when the port is taken. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const host = options.host ?? "127.0.0.1";
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const log = options.log;
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const backendFor = (network: NetworkName) => (network === "evm" ? options.evm : options.starknet);

  /**
   * The answer to one body, and the HTTP status to send it with: a request's answer, or a batch's
   * answers in one array (each element answered on its own, in the batch's order; a failed node
   * call is that element's -32603, the batch still answers 200), or one error for the whole.
   */
  async function answer(
    text: string,
    route: Route,
  ): Promise<{ status: number; body: JsonRpcResponse | JsonRpcResponse[] }> {
    const message = parseMessage(text);
    if (message.kind === "refused") return { status: 200, body: message.response };
    if (message.kind === "single") return answerOne(message.envelope, route);
    log?.(`${route.network} ${route.transport} batch of ${message.elements.length}`);
    const answers = await Promise.all(message.elements.map((e) => answerOne(e, route)));
    return { status: 200, body: answers.map((a) => a.body) };
  }

  /** Envelope check + backend: the answer to one request, and the HTTP status to send it with. */
  async function answerOne(
    env: EnvelopeResult,
    route: Route,
  ): Promise<{ status: number; body: JsonRpcResponse }> {
    if (!env.ok) return { status: 200, body: env.response };
    const { request } = env;
    try {
      const body = await backendFor(route.network).handle(request);
      log?.(
        `${route.network} ${route.transport} ${methodLabel(request.method)} -> ${"error" in body ? `error ${body.error.code}` : "ok"}`,
      );
      return { status: 200, body };
    } catch (err) {
      const upstream = err instanceof UpstreamError;
      log?.(
        `${route.network} ${route.transport} ${methodLabel(request.method)} -> ${upstream ? "node failed" : "gateway error"}`,
      );
      return {
        status: upstream ? 502 : 500,
        body: rpcError(
          request.id,
          RPC_CODES.internalError,
          upstream ? `Internal error: ${err.message}` : "Internal error in the gateway",
        ),
      };
    }
  }

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

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = parseRoute(req.url);
    if (req.method === "OPTIONS") {
      res.writeHead(204, preflightHeaders(req));
      res.end();
      return;
    }
    if (!parsed.ok) {
      sendJson(res, parsed.status, rpcError(null, RPC_CODES.invalidRequest, parsed.message));
      return;
    }
    const { route } = parsed;
    if (route.transport === "ws") {
      sendJson(
        res,
        426,
        rpcError(
          null,
          RPC_CODES.invalidRequest,
          "This address takes WebSocket connections; POST to /v3/<key>",
        ),
        { Upgrade: "websocket" },
      );
      return;
    }
    if (req.method !== "POST") {
      sendJson(
        res,
        405,
        rpcError(null, RPC_CODES.invalidRequest, "Method not allowed: send JSON-RPC with POST"),
        {
          Allow: "POST, OPTIONS",
        },
      );
      return;
    }
    if (route.fault === "plain-401") {
      send(res, 401, PLAIN_401_BODY, "text/plain; charset=utf-8");
      return;
    }
    if (!keyMatches(route.key, options.key)) {
      sendJson(res, 401, keyError(route.key));
      return;
    }
    if (!isJsonContentType(req.headers["content-type"])) {
      sendJson(
        res,
        415,
        rpcError(
          null,
          RPC_CODES.invalidRequest,
          "Unsupported content type: send Content-Type: application/json",
        ),
      );
      return;
    }
    const body = await readBody(req, maxBody);
    if (!body.ok) {
      if (body.reason === "too-large") {
        sendJson(
          res,
          413,
          rpcError(null, RPC_CODES.invalidRequest, `Request body too large: the limit is ${maxBody} bytes`),
        );
      }
      return;
    }
    switch (route.fault) {
      case "html-502":
        send(res, 502, HTML_502_PAGE, "text/html");
        return;
      case "rate-limit":
        sendJson(res, 429, rateLimitError(sniffId(body.text)), {
          "Retry-After": String(RATE_LIMIT_BACKOFF_SECONDS),
        });
        return;
      case "forbidden":
        sendJson(res, 403, forbiddenError(sniffId(body.text)));
        return;
      case "credit":
        sendJson(res, 402, creditError(sniffId(body.text)));
        return;
      case "no-cors":
        sendJson(
          res,
          500,
          rpcError(sniffId(body.text), RPC_CODES.internalError, "Internal server error"),
          {},
          false,
        );
        return;
      case "not-json":
        send(res, 200, NOT_JSON_BODY, "text/plain; charset=utf-8");
        return;
      case "never":
        return; // The connection stays open until the client gives up or the gateway stops.
      default:
        break;
    }
    const result = await answer(body.text, route);
    if (route.fault === "slow") await delay(slowDelayMs(route.search));
    if (route.fault === "bad-id") withOtherIds(result.body);
    sendJson(res, result.status, result.body);
  }

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout),
      // Node looks for expired requests this often (30 s by default, which would outlast them).
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    (req, res) => {
      handleHttp(req, res).catch(() => {
        if (!res.headersSent) {
          sendJson(res, 500, rpcError(null, RPC_CODES.internalError, "Internal error in the gateway"));
        } else {
          res.destroy();
        }
      });
    },
  );
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    // Too slow is the client's doing (408), as is a malformed request (400); never the node's.
    const status =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT" || err.code === "ERR_HTTP_HEADERS_TIMEOUT"
        ? "408 Request Timeout"
        : "400 Bad Request";
    if (socket.writable)
      socket.end(`HTTP/1.1 ${status}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxBody });
  wss.on("error", () => {});

  function refuseUpgrade(socket: Duplex, status: number, body: string, contentType: string) {
    const head =
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      "Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n";
    socket.end(head + body);
  }

  function onConnection(ws: WebSocket, route: Route) {
    let messages = 0;
    ws.on("error", () => {});
    ws.on("message", (data) => {
      messages += 1;
      const n = messages;
      void (async () => {
        const text = rawDataToString(data);
        const reply = (body: unknown) => {
          if (ws.readyState === ws.OPEN) ws.send(typeof body === "string" ? body : JSON.stringify(body));
        };
        switch (route.fault) {
          case "ws-drop":
            ws.terminate();
            return;
          case "ws-drop-later":
            if (n >= 2) {
              ws.terminate();
              return;
            }
            break;
          case "never":
            return;
          case "not-json":
            reply(NOT_JSON_BODY);
            return;
          case "rate-limit":
            reply(rateLimitError(sniffId(text)));
            return;
          case "forbidden":
            reply(forbiddenError(sniffId(text)));
            return;
          default:
            break;
        }
        const result = await answer(text, route);
        if (route.fault === "slow") await delay(slowDelayMs(route.search));
        if (route.fault === "bad-id") withOtherIds(result.body);
        reply(result.body);
      })().catch(() => {
        if (ws.readyState === ws.OPEN)
          ws.send(JSON.stringify(rpcError(null, RPC_CODES.internalError, "Internal error in the gateway")));
      });
    });
  }

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    try {
      if (closing) {
        socket.destroy();
        return;
      }
      const parsed = parseRoute(req.url);
      if (!parsed.ok) {
        refuseUpgrade(
          socket,
          parsed.status,
          JSON.stringify(rpcError(null, RPC_CODES.invalidRequest, parsed.message)),
          "application/json",
        );
        return;
      }
      const { route } = parsed;
      if (route.transport !== "ws") {
        const msg = "WebSocket connections go to /ws/v3/<key>";
        refuseUpgrade(
          socket,
          404,
          JSON.stringify(rpcError(null, RPC_CODES.invalidRequest, msg)),
          "application/json",
        );
        return;
      }
      switch (route.fault) {
        case "plain-401":
          refuseUpgrade(socket, 401, PLAIN_401_BODY, "text/plain; charset=utf-8");
          return;
        case "html-502":
          refuseUpgrade(socket, 502, HTML_502_PAGE, "text/html");
          return;
        case "credit":
          refuseUpgrade(socket, 402, JSON.stringify(creditError(null)), "application/json");
          return;
        case "no-cors":
          refuseUpgrade(
            socket,
            500,
            JSON.stringify(rpcError(null, RPC_CODES.internalError, "Internal server error")),
            "application/json",
          );
          return;
        default:
          break;
      }
      if (!keyMatches(route.key, options.key)) {
        refuseUpgrade(socket, 401, JSON.stringify(keyError(route.key)), "application/json");
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, route));
    } catch {
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      reject(err.code === "EADDRINUSE" ? new PortInUseError(options.port) : err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(options.port, host);
  });
  server.on("error", () => {});

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  let closed: Promise<void> | undefined;

  return {
    port,
    url: `http://${host}:${port}`,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
