import {
  CancelledError,
  IdMismatchError,
  InvalidResponseError,
  RpcClientError,
  TimeoutError,
  WsConnectionError,
  WsDroppedError,
} from "./errors.ts";
import { redactUrl, scrubCause, scrubSecrets } from "./redact.ts";
import { isNotification, parseJson, snippet, toParsedResponse, utf8ByteLength } from "./response.ts";
import type { JsonRpcRequest, RpcAnswer, SendOptions } from "./types.ts";

export type WsState = "idle" | "connecting" | "open" | "reconnecting" | "closed";

export interface WsClient {
  send(body: JsonRpcRequest, opts: SendOptions): Promise<RpcAnswer>;
  /** For React's useSyncExternalStore: called on every state change. */
  subscribe(listener: () => void): () => void;
  getState(): WsState;
  close(): void;
}

/**
 * What this client needs of a WebSocket: the browser's and the `ws` package's both fit. Handlers
 * take `never` so that either's event types are accepted; ours read only `data`, `code`, `reason`.
 */
export interface WebSocketLike {
  readonly readyState: number;
  binaryType: string;
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: never) => unknown) | null;
  onclose: ((event: never) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type WsBackoff = { initialMs: number; maxMs: number; maxAttempts: number };

export type WsClientOptions = {
  /** Defaults to `globalThis.WebSocket` (absent in Node 20: tests pass the `ws` package's). */
  WebSocketImpl?: WebSocketConstructor | undefined;
  backoff?: WsBackoff | undefined;
};

/** Reconnect after 0.5, 1, 2, 4, 8 s, then give up. */
export const DEFAULT_WS_BACKOFF: WsBackoff = { initialMs: 500, maxMs: 8_000, maxAttempts: 5 };

const MAX_TIMER_MS = 2_147_483_647;
/** Ids of requests given up on (timeout, cancel) whose late answers are to be ignored. */
const ABANDONED_IDS_KEPT = 256;
const CLOSED_BY_CLIENT = { code: 1000, reason: "closed by the app" };

type Pending = {
  id: number;
  text: string;
  /** performance.now() when written to the socket; undefined while queued for the connection. */
  sentAt: number | undefined;
  resolve: (answer: RpcAnswer) => void;
  reject: (err: Error) => void;
};

const clients = new Map<string, WsClient>();

/** One client, so one connection, per URL (the URL holds the network and the key). */
export function getWsClient(url: string): WsClient {
  let client = clients.get(url);
  if (!client) {
    client = createWsClient(url);
    clients.set(url, client);
  }
  return client;
}

/**
 * A JSON-RPC client over one WebSocket. It connects on the first send; requests sent while it
 * connects wait for the connection. Answers are matched to requests by id (they may come out of
 * order). When the socket drops, every request waiting for an answer fails with WsDroppedError
 * and the client reconnects with exponential backoff, giving up (state "closed") after
 * `maxAttempts`. A send in state "idle" or "closed" connects again.
 */
export function createWsClient(url: string, options: WsClientOptions = {}): WsClient {
  const Impl = options.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
  const backoff = options.backoff ?? DEFAULT_WS_BACKOFF;
  const address = redactUrl(url);
  const listeners = new Set<() => void>();
  const pending = new Map<number, Pending>();
  const abandoned = new Set<number>();
  let state: WsState = "idle";
  let socket: WebSocketLike | null = null;
  let socketOpened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;

  const setState = (next: WsState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const settle = (entry: Pending, outcome: { answer: RpcAnswer } | { error: Error }) => {
    if (pending.get(entry.id) !== entry) return;
    pending.delete(entry.id);
    if ("answer" in outcome) entry.resolve(outcome.answer);
    else entry.reject(outcome.error);
  };

  const abandon = (entry: Pending) => {
    if (entry.sentAt === undefined) return;
    abandoned.add(entry.id);
    if (abandoned.size > ABANDONED_IDS_KEPT) {
      const oldest = abandoned.values().next().value;
      if (oldest !== undefined) abandoned.delete(oldest);
    }
  };

  const failAll = (which: "sent" | "queued" | "all", makeError: () => Error) => {
    for (const entry of [...pending.values()]) {
      const sent = entry.sentAt !== undefined;
      if (which === "all" || (which === "sent") === sent) settle(entry, { error: makeError() });
    }
  };

  const write = (entry: Pending) => {
    if (!socket) return;
    entry.sentAt = performance.now();
    try {
      socket.send(entry.text);
    } catch {
      settle(entry, { error: new WsDroppedError({ code: 1006, reason: "" }) });
    }
  };

  const connect = (next: "connecting" | "reconnecting") => {
    reconnectTimer = undefined;
    setState(next);
    if (!Impl) {
      onNeverOpened(new Error("This environment has no WebSocket"));
      return;
    }
    let sock: WebSocketLike;
    try {
      sock = new Impl(url);
    } catch (err) {
      onNeverOpened(err);
      return;
    }
    socket = sock;
    socketOpened = false;
    try {
      sock.binaryType = "arraybuffer";
    } catch {
      // Some implementations fix it; text frames arrive as strings anyway.
    }
    sock.onopen = () => {
      if (sock !== socket) return;
      socketOpened = true;
      failedAttempts = 0;
      setState("open");
      for (const entry of [...pending.values()]) if (entry.sentAt === undefined) write(entry);
    };
    sock.onmessage = (event: { data: unknown }) => {
      if (sock === socket) onMessage(event.data);
    };
    // A close event always follows an error event; the close decides.
    sock.onerror = () => {};
    sock.onclose = (event: { code?: number; reason?: string }) => {
      if (sock !== socket) return;
      socket = null;
      if (socketOpened) onDropped(event.code ?? 1006, scrubSecrets(event.reason ?? "", url));
      else onNeverOpened(undefined);
    };
  };

  const scheduleReconnect = () => {
    if (failedAttempts >= backoff.maxAttempts) {
      failAll("all", () => new WsConnectionError({ address }));
      setState("closed");
      return;
    }
    setState("reconnecting");
    const delay = Math.min(backoff.initialMs * 2 ** failedAttempts, backoff.maxMs);
    reconnectTimer = setTimeout(() => connect("reconnecting"), delay);
  };

  const onDropped = (code: number, reason: string) => {
    failAll("sent", () => new WsDroppedError({ code, reason }));
    failedAttempts = 0;
    scheduleReconnect();
  };

  const onNeverOpened = (cause: unknown) => {
    socket = null;
    if (state === "reconnecting") {
      failedAttempts += 1;
      scheduleReconnect();
      return;
    }
    // The first connection failed: most likely a wrong key or address, which retrying won't fix.
    const safeCause = scrubCause(cause, url);
    failAll("all", () => new WsConnectionError({ address, cause: safeCause }));
    setState("closed");
  };

  const onMessage = (data: unknown) => {
    const text = typeof data === "string" ? data : decode(data);
    if (text === undefined) return;
    const sizeBytes = typeof data === "string" ? utf8ByteLength(data) : byteLength(data);
    const sent = [...pending.values()].filter((e) => e.sentAt !== undefined);
    const only = sent.length === 1 ? sent[0] : undefined;

    const parsed = parseJson(text);
    if (!parsed.ok) {
      if (only) {
        const bodySnippet = scrubSecrets(snippet(text), url);
        settle(only, { error: new InvalidResponseError({ reason: "not-json", bodySnippet }) });
      }
      return;
    }
    if (isNotification(parsed.value)) return;
    const answer = toParsedResponse(parsed.value);
    if (!answer) {
      if (only) {
        const bodySnippet = scrubSecrets(snippet(text), url);
        settle(only, { error: new InvalidResponseError({ reason: "not-json-rpc", bodySnippet }) });
      }
      return;
    }

    const { id } = answer;
    const match = typeof id === "number" ? pending.get(id) : undefined;
    // An error the server could not tie to a request (id null) belongs to the one waiting, if one.
    const target =
      match?.sentAt !== undefined ? match : answer.kind === "error" && id === null ? only : undefined;
    if (target?.sentAt !== undefined) {
      const meta = { transport: "ws", latencyMs: performance.now() - target.sentAt, sizeBytes } as const;
      settle(target, {
        answer:
          answer.kind === "result"
            ? { kind: "result", result: answer.result, raw: answer.raw, meta }
            : { kind: "error", error: answer.error, raw: answer.raw, meta },
      });
      return;
    }
    if (typeof id === "number" && abandoned.delete(id)) return;
    if (only) settle(only, { error: new IdMismatchError({ expectedId: only.id, receivedId: id }) });
  };

  const client: WsClient = {
    send(body, opts) {
      return new Promise<RpcAnswer>((resolve, reject) => {
        const { signal, timeoutMs } = opts;
        if (signal?.aborted) {
          reject(new CancelledError({ cause: signal.reason }));
          return;
        }
        if (pending.has(body.id)) {
          reject(
            new RpcClientError(`A request with id ${body.id} is still waiting for its answer`, {
              details: "Answers are matched to requests by id: give this request another id, or wait.",
            }),
          );
          return;
        }
        abandoned.delete(body.id);

        let timer: ReturnType<typeof setTimeout> | undefined;
        const onAbort = () => {
          abandon(entry);
          settle(entry, { error: new CancelledError({ cause: signal?.reason }) });
        };
        const cleanup = () => {
          if (timer !== undefined) clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        };
        const entry: Pending = {
          id: body.id,
          text: JSON.stringify(body),
          sentAt: undefined,
          resolve: (answer) => {
            cleanup();
            resolve(answer);
          },
          reject: (err) => {
            cleanup();
            reject(err);
          },
        };
        if (timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS) {
          timer = setTimeout(() => {
            abandon(entry);
            settle(entry, { error: new TimeoutError({ timeoutMs, transport: "ws" }) });
          }, timeoutMs);
        }
        signal?.addEventListener("abort", onAbort, { once: true });
        pending.set(entry.id, entry);

        if (state === "open") write(entry);
        else if (state === "idle" || state === "closed") connect("connecting");
        // "connecting" / "reconnecting": the entry waits in `pending` for onopen.
      });
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    getState: () => state,

    close() {
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      failedAttempts = 0;
      const sock = socket;
      socket = null;
      if (sock) {
        try {
          sock.close(CLOSED_BY_CLIENT.code, CLOSED_BY_CLIENT.reason);
        } catch {
          // Already closing.
        }
      }
      failAll("all", () => new WsDroppedError(CLOSED_BY_CLIENT));
      if (clients.get(url) === client) clients.delete(url);
      setState("closed");
    },
  };
  return client;
}

const decoder = new TextDecoder();

function decode(data: unknown): string | undefined {
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(data);
  return undefined;
}

function byteLength(data: unknown): number {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? data.byteLength : 0;
}
