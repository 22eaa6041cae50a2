import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { RawData, WebSocket, WebSocketServer } from "ws";
import type { Answerer } from "./answer.ts";
import {
  creditError,
  forbiddenError,
  HTML_502_PAGE,
  NOT_JSON_BODY,
  PLAIN_401_BODY,
  rateLimitError,
  STRAY_COUNT,
  sniffId,
  strayBigMessage,
  strayMessage,
} from "./faults.ts";
import { RPC_CODES, rpcError } from "./json-rpc.ts";
import { keyError, keyMatches, parseRoute, type Route } from "./route.ts";
import { closeStalledMessages } from "./ws-stalled-message.ts";

/**
 * The WebSocket side of the gateway: the upgrade (route, refusing faults, key) and then each
 * connection's messages (the WebSocket fault switches, then the answer sent back as one message).
 */

export interface WsHandlerOptions {
  /** The one accepted API key. */
  key: string;
  /** Made with `noServer`; it completes the upgrades this handler accepts. */
  wss: WebSocketServer;
  answer: Answerer["answer"];
  /** True once the gateway is closing: new upgrades are dropped. */
  isClosing: () => boolean;
  /** How long a message may take to arrive whole once it has begun (see ws-stalled-message.ts). */
  messageTimeoutMs: number;
}

function rawDataToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

function refuseUpgrade(socket: Duplex, status: number, body: string, contentType: string) {
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    "Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n";
  socket.end(head + body);
}

const refuseJson = (socket: Duplex, status: number, body: unknown) =>
  refuseUpgrade(socket, status, JSON.stringify(body), "application/json");

/** Refuses an upgrade that goes nowhere, asks for a refusing fault or has a wrong key; true if it did. */
function refuse(socket: Duplex, route: Route, key: string): boolean {
  if (route.transport !== "ws") {
    refuseJson(
      socket,
      404,
      rpcError(null, RPC_CODES.invalidRequest, "WebSocket connections go to /ws/v3/<key>"),
    );
    return true;
  }
  switch (route.fault) {
    case "plain-401":
      refuseUpgrade(socket, 401, PLAIN_401_BODY, "text/plain; charset=utf-8");
      return true;
    case "html-502":
      refuseUpgrade(socket, 502, HTML_502_PAGE, "text/html");
      return true;
    case "credit":
      refuseJson(socket, 402, creditError(null));
      return true;
    case "no-cors":
      refuseJson(socket, 500, rpcError(null, RPC_CODES.internalError, "Internal server error"));
      return true;
    default:
      break;
  }
  if (!keyMatches(route.key, key)) {
    refuseJson(socket, 401, keyError(route.key));
    return true;
  }
  return false;
}

/** Runs `write` with the connection's socket corked, so what it sends leaves in one write. */
async function corked(ws: WebSocket, write: () => Promise<void>): Promise<void> {
  const socket = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  socket?.cork();
  try {
    await write();
  } finally {
    socket?.uncork();
  }
}

/** Answers one message (the `n`th on its connection), or plays the route's WebSocket fault. */
async function onMessage(ws: WebSocket, route: Route, data: RawData, n: number, answer: Answerer["answer"]) {
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
    case "ws-stray-big":
      // Another subscriber's or a buggy node's message, over the client's limit, before the answer.
      reply(strayBigMessage());
      break;
    case "ws-strays":
      // A burst of small messages answering no request, in one write with the answer right behind
      // them (the socket corked until then), as a busy node's frames come.
      await corked(ws, async () => {
        for (let i = 0; i < STRAY_COUNT; i++) reply(strayMessage(i));
        reply((await answer(text, route)).body);
      });
      return;
    default:
      break;
  }
  reply((await answer(text, route)).body);
}

function onConnection(ws: WebSocket, route: Route, answer: Answerer["answer"]) {
  let messages = 0;
  ws.on("error", () => {});
  ws.on("message", (data) => {
    messages += 1;
    onMessage(ws, route, data, messages, answer).catch(() => {
      if (ws.readyState === ws.OPEN)
        ws.send(JSON.stringify(rpcError(null, RPC_CODES.internalError, "Internal error in the gateway")));
    });
  });
}

/** The `upgrade` listener of the gateway's HTTP server. */
export function createUpgradeHandler({
  key,
  wss,
  answer,
  isClosing,
  messageTimeoutMs,
}: WsHandlerOptions): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    socket.on("error", () => {});
    try {
      if (isClosing()) {
        socket.destroy();
        return;
      }
      const parsed = parseRoute(req.url);
      if (!parsed.ok) {
        refuseJson(socket, parsed.status, rpcError(null, RPC_CODES.invalidRequest, parsed.message));
        return;
      }
      const { route } = parsed;
      if (refuse(socket, route, key)) return;
      wss.handleUpgrade(req, socket, head, (ws) => {
        closeStalledMessages(ws, socket, messageTimeoutMs);
        onConnection(ws, route, answer);
      });
    } catch {
      socket.destroy();
    }
  };
}
