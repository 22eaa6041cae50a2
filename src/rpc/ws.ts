import {
  type ParsedAnswer,
  parseAnswerBody,
  parseHere,
  WORKER_THRESHOLD_BYTES,
  whenDone,
} from "./answer-parse.ts";
import {
  AnswerTooLargeError,
  answerReaderStopped,
  CancelledError,
  InvalidResponseError,
  RpcClientError,
  TimeoutError,
  WsConnectionError,
  WsDroppedError,
} from "./errors.ts";
import { idKey, idLabel, type RawRequest, rawOf } from "./raw-request.ts";
import { redactUrl, scrubCause, scrubSecrets } from "./redact.ts";
import { headOf, isNotification, snippet, toParsedResponse, utf8ByteLength } from "./response.ts";
import {
  DEFAULT_MAX_ANSWER_BYTES,
  type JsonRpcErrorObject,
  type JsonRpcRequest,
  type RpcAnswer,
  type SendOptions,
} from "./types.ts";
import { HeldMessage, openSocket, type SocketLike } from "./worker-socket.ts";

export type WsState = "idle" | "connecting" | "open" | "reconnecting" | "closed";

/**
 * Messages that answered no request waiting on this connection (an id nobody sent, or none
 * readable in a message over the limit): set aside and counted, never given to another request.
 * `lastBytes` is the last one's size (of a text over every limit, its length: exact for ASCII,
 * else a lower bound).
 */
export type Unmatched = { count: number; lastId: string | null; lastBytes: number };
const NONE_UNMATCHED: Unmatched = { count: 0, lastId: null, lastBytes: 0 };

export interface WsClient {
  /** A request object (sent as its JSON), or a body sent as written (one message, a batch included). */
  send(body: JsonRpcRequest | RawRequest, opts: SendOptions): Promise<RpcAnswer>;
  /** For React's useSyncExternalStore: called on every state change. */
  subscribe(listener: () => void): () => void;
  getState(): WsState;
  /** The messages set aside so far (a new object when one more comes; listeners are told). */
  getUnmatched(): Unmatched;
  close(): void;
}

/**
 * What this client needs of a WebSocket (worker-socket.ts's SocketLike): the browser's, the `ws`
 * package's and WorkerSocket all fit. Handlers read only `data`, `code`, `reason`.
 */
type WebSocketLike = SocketLike;

type WebSocketConstructor = new (url: string) => WebSocketLike;

type WsBackoff = { initialMs: number; maxMs: number; maxAttempts: number };

export type WsClientOptions = {
  /**
   * Defaults to a socket in the answer worker (worker-socket.ts), else `globalThis.WebSocket`
   * (absent in Node 20: tests pass the `ws` package's).
   */
  WebSocketImpl?: WebSocketConstructor | undefined;
  backoff?: WsBackoff | undefined;
};

/** Reconnect after 0.5, 1, 2, 4, 8 s, then give up. */
const DEFAULT_WS_BACKOFF: WsBackoff = { initialMs: 500, maxMs: 8_000, maxAttempts: 5 };

const MAX_TIMER_MS = 2_147_483_647;
/** Ids of requests given up on (timeout, cancel) whose late answers are to be ignored. */
const ABANDONED_IDS_KEPT = 256;
const CLOSED_BY_CLIENT = { code: 1000, reason: "closed by the app" };

type Pending = {
  /** The id the answer is matched by (the first, for a batch): for messages. */
  id: unknown;
  /** The keys of its ids (idKey), each once: a batch has one per distinct id. */
  keys: readonly string[];
  /** An answer with id null may be its: its id is null or unreadable, or it is a batch. */
  nullable: boolean;
  batch: boolean;
  text: string;
  /** Its answer is not parsed past this size (SendOptions.maxAnswerBytes). */
  maxAnswerBytes: number;
  /** performance.now() when written to the socket; undefined while queued for the connection. */
  sentAt: number | undefined;
  /** performance.now() when it times out (SendOptions.timeoutMs after send() took it); Infinity: never. */
  expiresAt: number;
  timeoutMs: number;
  /** How many messages had been set aside when it was sent (its timeout says how many came since). */
  unmatchedBefore: number;
  resolve: (answer: RpcAnswer) => void;
  reject: (err: Error) => void;
};

// ---------------------------------------------------------------------------------------------
// One client per URL
// ---------------------------------------------------------------------------------------------

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

/** Closes the client getWsClient keeps for `url`, if any (its waiting requests fail), and drops it. */
export function closeWsClient(url: string): void {
  clients.get(url)?.close();
}

/**
 * Closes and drops every client getWsClient keeps except the one for `url` (all of them when
 * `url` is undefined): for when the network, the key or the transport changes and the old
 * connections are no longer wanted.
 */
export function closeWsClientsExcept(url: string | undefined): void {
  for (const [key, client] of [...clients]) {
    if (key !== url) client.close(); // close() drops it from the map
  }
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

/**
 * A JSON-RPC client over one WebSocket. It connects on the first send; requests sent while it
 * connects wait for the connection. Answers are matched to requests by id (they may come out of
 * order). When the socket drops, every request waiting for an answer fails with WsDroppedError
 * and the client reconnects with exponential backoff, giving up (state "closed") after
 * `maxAttempts`. A send in state "idle" or "closed" connects again.
 */
export function createWsClient(url: string, options: WsClientOptions = {}): WsClient {
  const state = createStateStore("idle");
  const pending = createPendingTable(
    (entry) => {
      pending.abandon(entry);
      // What came meanwhile that answered no request (a node that changed the id) is said.
      const u = state.unmatched();
      const before = entry.unmatchedBefore;
      const unmatched = u.count > before ? { ...u, count: u.count - before } : undefined;
      pending.settle(entry, {
        error: new TimeoutError({ timeoutMs: entry.timeoutMs, transport: "ws", unmatched }),
      });
    },
    // The connection is made next; nothing settles before it is.
    () => connection.quiet(),
  );
  const connection = createConnection(url, options, pending, state);

  const client: WsClient = {
    send(request, opts) {
      return new Promise<RpcAnswer>((resolve, reject) => {
        const body = rawOf(request);
        const refusal = refusalOf(body, opts, pending);
        if (refusal) {
          reject(refusal);
          return;
        }
        const entry = createPendingRequest(body, opts, pending, resolve, reject);
        // Its ids are in use again: no longer ones whose late answers are to be ignored.
        for (const key of entry.keys) pending.forgetAbandoned(key);
        pending.add(entry);
        const { timeoutMs } = opts;
        if (timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS) {
          entry.timeoutMs = timeoutMs;
          entry.unmatchedBefore = state.unmatched().count;
          pending.expireAfter(entry, timeoutMs);
        }
        connection.dispatch(entry);
      });
    },

    subscribe: state.subscribe,

    getState: state.get,

    getUnmatched: state.unmatched,

    close() {
      connection.close();
      if (clients.get(url) === client) clients.delete(url);
      state.set("closed");
    },
  };
  return client;
}

// ---------------------------------------------------------------------------------------------
// State and its listeners
// ---------------------------------------------------------------------------------------------

interface StateStore {
  get(): WsState;
  /** Sets the state and notifies the listeners, if it changed. */
  set(next: WsState): void;
  subscribe(listener: () => void): () => void;
  unmatched(): Unmatched;
  /** Counts a message set aside: `id` as written in it (null when none could be read). */
  noteUnmatched(id: string | null, sizeBytes: number): void;
}

function createStateStore(initial: WsState): StateStore {
  let state = initial;
  let unmatched = NONE_UNMATCHED;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      notify();
    },
    unmatched: () => unmatched,
    noteUnmatched(id, sizeBytes) {
      unmatched = { count: unmatched.count + 1, lastId: id, lastBytes: sizeBytes };
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The pending-request table
// ---------------------------------------------------------------------------------------------

type Outcome = { answer: RpcAnswer } | { error: Error };

/**
 * Requests waiting for an answer (sent, or queued for the connection). Found by the key of their
 * id in a Map (a batch under each of its ids); those an answer with id null may belong to are also
 * kept in the order they were sent, oldest first. Every lookup of an incoming message is O(1) but
 * the null-id rule, which walks only the requests with no readable id.
 */
interface PendingTable {
  /** The entry waiting under this id key. */
  get(key: string): Pending | undefined;
  add(entry: Pending): void;
  /** Marks `entry` as written to the socket. */
  markSent(entry: Pending): void;
  /** Resolves or rejects `entry` and removes it, unless it was settled already. */
  settle(entry: Pending, outcome: Outcome): void;
  /** Remembers the ids of a sent request given up on, so that a late answer is ignored. */
  abandon(entry: Pending): void;
  /** Forgets an abandoned id key; true when it was one. */
  forgetAbandoned(key: string): boolean;
  /** The one request written to the socket, when exactly one waits for its answer. */
  onlySent(): Pending | undefined;
  /** The oldest sent request an answer with id null may belong to (a batch only, if asked). */
  oldestNullable(batchOnly: boolean): Pending | undefined;
  /** The highest answer limit of the sent requests (the default when none waits). */
  largestLimit(): number;
  /** Waiting for the connection to open. */
  queued(): Pending[];
  /** Fails the sent ones, the queued ones, or all, each with a new error. */
  failAll(which: "sent" | "queued" | "all", makeError: () => Error): void;
  /**
   * Expires `entry` (the table's `expire`) if it is still waiting `ms` from now. One timer serves
   * every waiting request (armed for the earliest deadline), not one timer per request; a deadline
   * is a field of its entry, so a request with one costs no more than a number to set.
   */
  expireAfter(entry: Pending, ms: number): void;
}

/**
 * `quiet`: called when no request written to the socket waits any more and the last one settled
 * without its answer (timed out, cancelled, failed): the socket's worker counts the answers it
 * owes from the messages that come, and only an answer that never came leaves that count behind.
 */
export function createPendingTable(expire: (entry: Pending) => void, quiet?: () => void): PendingTable {
  const all = new Set<Pending>();
  const byKey = new Map<string, Pending>();
  const nullable = new Set<Pending>();
  const sent = new Set<Pending>();
  /**
   * How many sent requests have each answer limit: the largest is read from the few limits in use
   * (one, the setting's, as a rule), not from a walk of every request waiting, which every message
   * asked for (500 pipelined answers walked up to 500 requests each).
   */
  const limits = new Map<number, number>();
  const abandoned = new Set<string>();
  /** How many entries in `all` have a deadline. */
  let timed = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedAt = Number.POSITIVE_INFINITY;
  const arm = (at: number) => {
    if (timer !== undefined) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(onTimer, Math.max(0, at - performance.now()));
  };
  const disarm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
  };
  // Expires what is due, then waits for the next deadline (a scan only when the timer fires).
  function onTimer() {
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    const due: Pending[] = [];
    for (const entry of all) {
      if (entry.expiresAt <= now) due.push(entry);
      else if (entry.expiresAt < next) next = entry.expiresAt;
    }
    if (next !== Number.POSITIVE_INFINITY) arm(next);
    for (const entry of due) expire(entry);
  }
  const table: PendingTable = {
    get: (key) => byKey.get(key),
    add(entry) {
      all.add(entry);
      for (const key of entry.keys) byKey.set(key, entry);
    },
    markSent(entry) {
      if (!all.has(entry)) return;
      if (!sent.has(entry)) {
        sent.add(entry);
        limits.set(entry.maxAnswerBytes, (limits.get(entry.maxAnswerBytes) ?? 0) + 1);
      }
      // In the order written: the oldest first.
      if (entry.nullable) {
        nullable.delete(entry);
        nullable.add(entry);
      }
    },
    settle(entry, outcome) {
      if (!all.has(entry)) return;
      all.delete(entry);
      if (sent.delete(entry)) {
        const left = (limits.get(entry.maxAnswerBytes) ?? 1) - 1;
        if (left > 0) limits.set(entry.maxAnswerBytes, left);
        else limits.delete(entry.maxAnswerBytes);
        if (sent.size === 0 && "error" in outcome) quiet?.();
      }
      nullable.delete(entry);
      if (entry.expiresAt !== Number.POSITIVE_INFINITY && --timed === 0) disarm();
      for (const key of entry.keys) if (byKey.get(key) === entry) byKey.delete(key);
      if ("answer" in outcome) entry.resolve(outcome.answer);
      else entry.reject(outcome.error);
    },
    abandon(entry) {
      if (entry.sentAt === undefined) return;
      for (const key of entry.keys) {
        abandoned.add(key);
        if (abandoned.size > ABANDONED_IDS_KEPT) {
          const oldest = abandoned.values().next().value;
          if (oldest !== undefined) abandoned.delete(oldest);
        }
      }
    },
    forgetAbandoned: (key) => abandoned.delete(key),
    onlySent: () => (sent.size === 1 ? sent.values().next().value : undefined),
    largestLimit: () => {
      let limit = 0;
      for (const l of limits.keys()) limit = Math.max(limit, l);
      return limit || DEFAULT_MAX_ANSWER_BYTES;
    },
    oldestNullable(batchOnly) {
      for (const entry of nullable)
        if (entry.sentAt !== undefined && (!batchOnly || entry.batch)) return entry;
      return undefined;
    },
    queued: () => [...all].filter((e) => e.sentAt === undefined),
    failAll(which, makeError) {
      for (const entry of [...all]) {
        const isSent = entry.sentAt !== undefined;
        if (which === "all" || (which === "sent") === isSent) table.settle(entry, { error: makeError() });
      }
    },
    expireAfter(entry, ms) {
      if (!all.has(entry)) return;
      const at = performance.now() + ms;
      if (entry.expiresAt === Number.POSITIVE_INFINITY) timed += 1;
      entry.expiresAt = at;
      if (at < armedAt) arm(at);
    },
  };
  return table;
}

// ---------------------------------------------------------------------------------------------
// One request: its refusal, its timeout and its cancel
// ---------------------------------------------------------------------------------------------

/** Why `body` cannot be sent now (its signal is aborted, or one of its ids is in use), or undefined. */
function refusalOf(body: RawRequest, opts: SendOptions, pending: PendingTable): Error | undefined {
  if (opts.signal?.aborted) return new CancelledError({ cause: opts.signal.reason });
  const busy = body.ids.find((id) => {
    const key = idKey(id);
    return key !== undefined && pending.get(key) !== undefined;
  });
  if (busy !== undefined) {
    return new RpcClientError(`A request with id ${idLabel(busy)} is still waiting for its answer`, {
      details: "Answers are matched to requests by id: give this request another id, or wait.",
    });
  }
  return undefined;
}

/** No request may set a limit below this; messages under it are never sniffed. */
const MIN_ANSWER_LIMIT = 1024;

/** An id written near either end of a message (nodes write it first; some after the result). */
const ID_NEAR_END = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20}|null)/;

/** Sets a message aside: it answers no request waiting (see {@link Unmatched}). */
type SetAside = (id: string | null, sizeBytes: number) => void;

/**
 * A message over the answer limit is not parsed: its id is read near the ends of the text (nodes
 * write it first, some after the result). If it answers a request waiting, that request is
 * returned, to fail with the limit's error and the message as a Blob to download; if its id
 * answers none (or none can be read) it is set aside, never blamed on another request ("handled").
 * Undefined: it is read as any message.
 */
function judgeTooLarge(
  ends: readonly string[],
  sizeBytes: number,
  pending: PendingTable,
  setAside: SetAside,
): Pending | "handled" | undefined {
  let target: Pending | undefined;
  let written: string | null = null;
  for (const end of ends) {
    const m = ID_NEAR_END.exec(end);
    if (!m) continue;
    try {
      const id: unknown = JSON.parse(m[1]!);
      const key = idKey(id);
      // The late answer of a request given up on (timed out, cancelled): dropped, as in routeParsed.
      if (key !== undefined && pending.forgetAbandoned(key)) return "handled";
      written ??= idLabel(id).slice(0, 80);
      const found = key !== undefined ? pending.get(key) : undefined;
      target = found?.sentAt !== undefined ? found : id === null ? pending.oldestNullable(false) : undefined;
    } catch {
      // Not an id after all.
    }
    if (target) break;
  }
  if (!target) {
    // Under every request's limit it is read as any message (and routed by its id there).
    if (sizeBytes <= pending.largestLimit()) return undefined;
    setAside(written, sizeBytes);
    return "handled";
  }
  return sizeBytes <= target.maxAnswerBytes ? undefined : target;
}

/**
 * Fails `target` with the limit's error (`sizeBytes`: the message's size as judged), its message
 * (`blob`) to download. An empty blob is a message the socket's worker no longer held (it failed):
 * then the download sends the request again over HTTP, as for an HTTP answer.
 */
function refuse(target: Pending, blob: Blob, sizeBytes: number, pending: PendingTable): void {
  pending.settle(target, {
    error: new AnswerTooLargeError({
      limitBytes: target.maxAnswerBytes,
      receivedBytes: sizeBytes,
      transport: "ws",
      ...(blob.size > 0 ? { blob } : {}),
    }),
  });
}

/**
 * The table entry of one request. It fails with CancelledError when its signal aborts (and with
 * TimeoutError after `timeoutMs`, through the table's one timer: see `send`); either way its id is
 * abandoned. Settling it removes the abort listener and its deadline.
 */
function createPendingRequest(
  body: RawRequest,
  opts: SendOptions,
  pending: PendingTable,
  resolve: (answer: RpcAnswer) => void,
  reject: (err: Error) => void,
): Pending {
  const { signal } = opts;
  const onAbort = () => {
    pending.abandon(entry);
    pending.settle(entry, { error: new CancelledError({ cause: signal?.reason }) });
  };
  const cleanup = () => signal?.removeEventListener("abort", onAbort);
  const keys = [...new Set(body.ids.map(idKey).filter((k): k is string => k !== undefined))];
  const entry: Pending = {
    id: body.ids[0],
    keys,
    nullable: body.batch || body.ids[0] === null || body.ids[0] === undefined,
    batch: body.batch,
    text: body.text,
    maxAnswerBytes: opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    sentAt: undefined,
    expiresAt: Number.POSITIVE_INFINITY,
    timeoutMs: 0,
    unmatchedBefore: 0,
    resolve: (answer) => {
      cleanup();
      resolve(answer);
    },
    reject: (err) => {
      cleanup();
      reject(err);
    },
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The connection: open, reconnect with backoff, give up
// ---------------------------------------------------------------------------------------------

interface Connection {
  /** Writes `entry` when open; otherwise it waits in the table, and an idle or closed client connects. */
  dispatch(entry: Pending): void;
  /** Stops reconnecting, closes the socket and fails every waiting request. Leaves the state to the caller. */
  close(): void;
  /** No request written to the socket waits for its answer any more, the last given up on: the socket is told (`SocketLike.quiet`). */
  quiet(): void;
}

/** Milliseconds before reconnect attempt `failedAttempts + 1`: doubling from initialMs, at most maxMs. */
function backoffDelay(backoff: WsBackoff, failedAttempts: number): number {
  return Math.min(backoff.initialMs * 2 ** failedAttempts, backoff.maxMs);
}

function createConnection(
  url: string,
  options: WsClientOptions,
  pending: PendingTable,
  state: StateStore,
): Connection {
  // By default the socket lives in the answer worker, so big messages are never strings on the page.
  const Impl = options.WebSocketImpl;
  const backoff = options.backoff ?? DEFAULT_WS_BACKOFF;
  const address = redactUrl(url);
  let socket: WebSocketLike | null = null;
  let socketOpened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;

  const write = (entry: Pending) => {
    if (!socket) return;
    entry.sentAt = performance.now();
    pending.markSent(entry);
    try {
      socket.send(entry.text);
    } catch {
      pending.settle(entry, { error: new WsDroppedError({ code: 1006, reason: "" }) });
    }
  };

  const connect = (next: "connecting" | "reconnecting") => {
    reconnectTimer = undefined;
    state.set(next);
    let sock: WebSocketLike | undefined;
    try {
      sock = Impl ? new Impl(url) : openSocket(url);
    } catch (err) {
      onNeverOpened(err);
      return;
    }
    if (!sock) {
      onNeverOpened(new Error("This environment has no WebSocket"));
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
      state.set("open");
      for (const entry of pending.queued()) write(entry);
    };
    sock.onmessage = (event: { data: unknown }) => {
      if (sock === socket) routeMessage(event.data, pending, url, state.noteUnmatched);
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
      pending.failAll("all", () => new WsConnectionError({ address }));
      state.set("closed");
      return;
    }
    state.set("reconnecting");
    reconnectTimer = setTimeout(() => connect("reconnecting"), backoffDelay(backoff, failedAttempts));
  };

  const onDropped = (code: number, reason: string) => {
    pending.failAll("sent", () => new WsDroppedError({ code, reason }));
    failedAttempts = 0;
    scheduleReconnect();
  };

  const onNeverOpened = (cause: unknown) => {
    socket = null;
    if (state.get() === "reconnecting") {
      failedAttempts += 1;
      scheduleReconnect();
      return;
    }
    // The first connection failed: most likely a wrong key or address, which retrying won't fix.
    const safeCause = scrubCause(cause, url);
    pending.failAll("all", () => new WsConnectionError({ address, cause: safeCause }));
    state.set("closed");
  };

  return {
    dispatch(entry) {
      const now = state.get();
      if (now === "open") write(entry);
      else if (now === "idle" || now === "closed") connect("connecting");
      // "connecting" / "reconnecting": the entry waits in the table for onopen.
    },
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
      pending.failAll("all", () => new WsDroppedError(CLOSED_BY_CLIENT));
    },
    quiet() {
      socket?.quiet?.();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Incoming messages, routed by id
// ---------------------------------------------------------------------------------------------

/**
 * Gives one incoming frame to the request it answers, matched by the key of its id ("1" is not 1).
 * An array is a batch's answer: it goes to the batch that sent any of its ids, else to the oldest
 * batch waiting. An answer with id null (JSON-RPC's answer to a request the node could not read,
 * or to a request that sent null) goes to the oldest request waiting whose id is null or
 * unreadable, or that is a batch (refused whole); else, an error, to the one request waiting.
 * A frame that cannot be tied to a request fails the one request waiting, if exactly one waits;
 * notifications and late answers to abandoned requests are ignored.
 */
function routeMessage(data: unknown, pending: PendingTable, url: string, setAside: SetAside): void {
  if (data instanceof HeldMessage) {
    routeHeld(data, pending, url, setAside);
    return;
  }
  // A text longer than every limit is over them all whatever its bytes (UTF-8 takes at least a
  // byte per UTF-16 unit): its length stands for its size, no scan of 64 MiB (exact for ASCII).
  const sizeBytes =
    typeof data === "string"
      ? data.length > pending.largestLimit()
        ? data.length
        : utf8ByteLength(data)
      : byteLength(data);
  if (sizeBytes > MIN_ANSWER_LIMIT) {
    const ends = typeof data === "string" ? [data.slice(0, 256), data.slice(-256)] : [];
    const judged = judgeTooLarge(ends, sizeBytes, pending, setAside);
    if (judged === "handled") return;
    if (judged) {
      refuse(judged, new Blob([data as BlobPart]), sizeBytes, pending);
      return;
    }
  }
  const received = typeof data === "string" ? data : decode(data);
  if (received === undefined) return;
  // A big answer is read by the answer worker (answer-parse.ts) and routed when its first piece is
  // in; a batch's (an array) when all of it is. The key is scrubbed before anything reads it.
  if (received.length >= WORKER_THRESHOLD_BYTES) {
    void parseAnswerBody(received, url).then((parsed) => routeBig(parsed, sizeBytes, pending, url, setAside));
    return;
  }
  routeParsed(parseHere(received, url), sizeBytes, pending, url, setAside);
}

/**
 * A big message the socket's worker holds (worker-socket.ts): judged by its size and ends as a
 * text is, then read there, made a Blob there (over its request's limit) or dropped, never copied
 * to the page whole.
 */
function routeHeld(held: HeldMessage, pending: PendingTable, url: string, setAside: SetAside): void {
  const { sizeBytes } = held;
  const judged = judgeTooLarge([held.head, held.tail], sizeBytes, pending, setAside);
  if (judged === "handled") held.drop();
  else if (judged) void held.blob().then((blob) => refuse(judged, blob, sizeBytes, pending));
  else void held.read().then((parsed) => routeBig(parsed, sizeBytes, pending, url, setAside));
}

/** A big message's value, routed when its first piece is in (a batch's when all of it is). */
async function routeBig(
  parsed: ParsedAnswer,
  sizeBytes: number,
  pending: PendingTable,
  url: string,
  setAside: SetAside,
): Promise<void> {
  if (parsed.ok && parsed.arrival?.path.length === 0) await whenDone(parsed.arrival);
  // Its rows still coming and no request to show them (cancelled while the worker read it, a stray,
  // an error's): they are not asked for any more, so the worker and the page stop taking them in.
  if (!routeParsed(parsed, sizeBytes, pending, url, setAside) && parsed.ok) parsed.arrival?.stop();
}

/**
 * Routes a message's value (or its failure to parse) to the request it answers; whether a request
 * took its rows' arrival with it.
 */
function routeParsed(
  parsed: ParsedAnswer,
  sizeBytes: number,
  pending: PendingTable,
  url: string,
  setAside: SetAside,
): boolean {
  const fail = (error: Error) => {
    const only = pending.onlySent();
    if (only) pending.settle(only, { error });
  };
  /** Settles `target` with `answer`; whether it took the rows' arrival (a result's only). */
  const settle = (target: Pending, answer: BareAnswer): boolean => {
    const meta = { transport: "ws", latencyMs: performance.now() - (target.sentAt ?? 0), sizeBytes } as const;
    const arrival = parsed.ok && parsed.arrival?.path.length ? { arrival: parsed.arrival } : {};
    const taken = answer.kind === "result" && "arrival" in arrival;
    pending.settle(target, { answer: { ...answer, meta, ...(taken ? arrival : {}) } });
    return taken;
  };

  if (!parsed.ok) {
    fail(
      parsed.lost
        ? answerReaderStopped()
        : new InvalidResponseError({
            reason: "not-json",
            bodySnippet: scrubSecrets(snippet(parsed.head), url),
          }),
    );
    return false;
  }
  const value = parsed.value;
  if (Array.isArray(value)) {
    let target: Pending | undefined;
    for (const item of value) {
      const key = idKey(
        typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined,
      );
      const found = key !== undefined ? pending.get(key) : undefined;
      if (found?.batch && found.sentAt !== undefined) {
        target = found;
        break;
      }
    }
    target ??= pending.oldestNullable(true);
    if (target) return settle(target, { kind: "result", result: value, raw: value });
    fail(
      new InvalidResponseError({
        reason: "not-json-rpc",
        bodySnippet: scrubSecrets(snippet(headOf(value)), url),
      }),
    );
    return false;
  }
  if (isNotification(value)) return false;
  const answer = toParsedResponse(value);
  if (!answer) {
    fail(
      new InvalidResponseError({
        reason: "not-json-rpc",
        bodySnippet: scrubSecrets(snippet(headOf(value)), url),
      }),
    );
    return false;
  }

  const { id } = answer;
  const key = idKey(id);
  const match = key !== undefined ? pending.get(key) : undefined;
  const target =
    match?.sentAt !== undefined
      ? match
      : id === null
        ? (pending.oldestNullable(false) ?? (answer.kind === "error" ? pending.onlySent() : undefined))
        : undefined;
  if (target?.sentAt !== undefined)
    return settle(
      target,
      answer.kind === "result"
        ? { kind: "result", result: answer.result, raw: answer.raw }
        : { kind: "error", error: answer.error, raw: answer.raw },
    );
  if (key !== undefined && pending.forgetAbandoned(key)) return false;
  // An id no request waits for: set aside and counted, never another request's answer.
  setAside(id === undefined ? null : idLabel(id), sizeBytes);
  return false;
}

type BareAnswer =
  | { kind: "result"; result: unknown; raw: unknown }
  | { kind: "error"; error: JsonRpcErrorObject; raw: unknown };

const decoder = new TextDecoder();

function decode(data: unknown): string | undefined {
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(data);
  return undefined;
}

function byteLength(data: unknown): number {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? data.byteLength : 0;
}
