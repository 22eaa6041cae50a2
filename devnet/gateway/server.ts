import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { createAnswerer } from "./answer.ts";
import { answerClientError, createHttpHandler } from "./http-handler.ts";
import type { RpcBackend } from "./json-rpc.ts";
import { createUpgradeHandler } from "./ws-handler.ts";

/**
 * The gateway: an HTTP server and a WebSocket server on one port, put together from
 * answer.ts (one body to its answers), http-handler.ts (the HTTP side), ws-handler.ts (the
 * WebSocket side) and route.ts (the address and the key); here only its options, listening and closing.
 */

export { keyMatches, type NetworkName, parseRoute, type Route } from "./route.ts";

/** Largest request body (HTTP) or message (WebSocket) the gateway reads: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Request head within 5 s, whole request within 10 s (bodies are at most 1 MiB, on loopback). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/** A WebSocket message, once begun, must arrive whole within 10 s too (else the connection is closed). */
export const WS_MESSAGE_TIMEOUT_MS = 10_000;

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
  /**
   * How long a WebSocket message may stay partway (a fragment with FIN=0 and no more, a frame cut
   * short) before the connection is closed with 1008; idle connections are not affected.
   */
  wsMessageTimeoutMs?: number;
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

/** Starts the gateway on loopback. Rejects with PortInUseError when the port is taken. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const host = options.host ?? "127.0.0.1";
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const { answer, stop } = createAnswerer(options);
  let closing = false;

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout),
      // Node looks for expired requests this often (30 s by default, which would outlast them).
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    createHttpHandler({ key: options.key, maxBody, answer }),
  );
  server.on("clientError", answerClientError);

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxBody });
  wss.on("error", () => {});
  server.on(
    "upgrade",
    createUpgradeHandler({
      key: options.key,
      wss,
      answer,
      isClosing: () => closing,
      messageTimeoutMs: options.wsMessageTimeoutMs ?? WS_MESSAGE_TIMEOUT_MS,
    }),
  );

  await listen(server, options.port, host);
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
        stop();
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** Listens on `port`; a taken port rejects with PortInUseError. */
function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      reject(err.code === "EADDRINUSE" ? new PortInUseError(port) : err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
