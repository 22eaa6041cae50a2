import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { toErrorDisplay } from "./display.ts";
import {
  AnswerTooLargeError,
  CancelledError,
  InvalidResponseError,
  RpcClientError,
  TimeoutError,
  WsConnectionError,
  WsDroppedError,
} from "./errors.ts";
import { DEFAULT_MAX_ANSWER_BYTES, type JsonRpcRequest } from "./types.ts";
import {
  closeWsClient,
  closeWsClientsExcept,
  createPendingTable,
  createWsClient,
  getWsClient,
  type WsClient,
  type WsClientOptions,
  type WsState,
} from "./ws.ts";

const KEY = "ws-s3cr3t-Key-0a1b2c";
const fast = { initialMs: 10, maxMs: 40, maxAttempts: 3 };

let server: WebSocketServer;
let base: string;
/** Connections accepted per fault path, to see reconnects. */
const connections = new Map<string, number>();

/**
 * Faults by path, `/<fault>/ws/v3/<API_KEY>`. A message's params[0], when a number, delays its answer
 * by that many milliseconds (to make answers come out of order).
 */
beforeAll(async () => {
  server = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    verifyClient: (info, done) => (info.req.url?.startsWith("/refuse/") ? done(false, 401) : done(true)),
  });
  server.on("connection", (socket, req) => {
    const fault = req.url?.split("/")[1] ?? "";
    connections.set(fault, (connections.get(fault) ?? 0) + 1);
    let count = 0;
    socket.on("message", (data) => {
      count += 1;
      const msg = JSON.parse(String(data)) as JsonRpcRequest;
      const params = msg.params as unknown[];
      const delay = typeof params[0] === "number" ? params[0] : 0;
      const answer = (v: unknown) => setTimeout(() => socket.send(JSON.stringify(v)), delay);
      switch (fault) {
        case "silent":
          return;
        case "drop":
          return socket.terminate();
        case "drop-second":
          return count === 1 ? answer({ jsonrpc: "2.0", id: msg.id, result: "first" }) : socket.terminate();
        case "not-json":
          return socket.send("upstream connect error");
        case "bad-id":
          return answer({ jsonrpc: "2.0", id: Number(msg.id) + 1_000_003, result: "0x1" });
        case "null-id-error":
          return answer({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } });
        case "big":
          return answer({ jsonrpc: "2.0", id: msg.id, result: `0x${"ab".repeat(300_000)}` });
        case "stray-big-first":
          // A message over the limit that answers no request, then the real answer.
          socket.send(JSON.stringify({ jsonrpc: "2.0", id: 777_777, result: `0x${"cd".repeat(300_000)}` }));
          socket.send(`{"jsonrpc":"2.0","result":"0x${"ef".repeat(300_000)}"}`);
          return answer({ jsonrpc: "2.0", id: msg.id, result: msg.method });
        case "notify-first":
          socket.send(JSON.stringify({ jsonrpc: "2.0", method: "eth_subscription", params: {} }));
          return answer({ jsonrpc: "2.0", id: msg.id, result: msg.method });
        default:
          return answer({ jsonrpc: "2.0", id: msg.id, result: msg.method });
      }
    });
  });
  await new Promise<void>((resolve) => server.on("listening", resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

const opened: WsClient[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});

/** The setTimeout calls made by the client (src/rpc/ws.ts), not by the test's server. */
function clientTimers() {
  const real = globalThis.setTimeout;
  const calls: unknown[] = [];
  const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    fn: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (/\/rpc\/ws\.ts/.test(new Error().stack ?? "")) calls.push(ms);
    return real(fn, ms, ...rest);
  }) as typeof setTimeout);
  return { calls, mockRestore: () => spy.mockRestore() };
}

function client(fault: string, options: WsClientOptions = {}): WsClient {
  const c = createWsClient(`${base}/${fault}/ws/v3/${KEY}`, {
    WebSocketImpl: WebSocket,
    backoff: fast,
    ...options,
  });
  opened.push(c);
  return c;
}

function req(id: number, method = "eth_blockNumber", params: unknown[] = []): JsonRpcRequest {
  return { jsonrpc: "2.0", id, method, params };
}

function recordStates(c: WsClient): WsState[] {
  const states: WsState[] = [];
  c.subscribe(() => states.push(c.getState()));
  return states;
}

function waitForState(c: WsClient, state: WsState, ms = 2_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (c.getState() === state) return resolve();
    const timer = setTimeout(() => reject(new Error(`state stayed ${c.getState()}, wanted ${state}`)), ms);
    const off = c.subscribe(() => {
      if (c.getState() !== state) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

function expectNoKey(err: unknown) {
  const e = err as Error;
  for (const text of [String(e), e.stack, JSON.stringify({ ...e }), JSON.stringify(toErrorDisplay(err))]) {
    expect(text).not.toContain(KEY);
  }
}

const opts = { timeoutMs: 2_000 };

describe("createWsClient", () => {
  it("connects lazily, queues while connecting, and notifies idle -> connecting -> open", async () => {
    const c = client("echo");
    expect(c.getState()).toBe("idle");
    const states = recordStates(c);
    const [a, b] = await Promise.all([c.send(req(1, "eth_chainId"), opts), c.send(req(2), opts)]);
    expect(a).toMatchObject({ kind: "result", result: "eth_chainId", raw: { id: 1 } });
    expect(b).toMatchObject({ kind: "result", result: "eth_blockNumber" });
    expect(a.meta.transport).toBe("ws");
    expect(a.meta.sizeBytes).toBe(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "eth_chainId" }).length);
    expect(a.meta.httpStatus).toBeUndefined();
    expect(states).toEqual(["connecting", "open"]);
    expect(connections.get("echo")).toBe(1);
  });

  it("matches answers to requests by id when they come out of order", async () => {
    const c = client("echo");
    const order: number[] = [];
    const slow = c.send(req(10, "slow", [120]), opts).then((a) => {
      order.push(10);
      return a;
    });
    const quick = c.send(req(11, "quick", [5]), opts).then((a) => {
      order.push(11);
      return a;
    });
    expect(await slow).toMatchObject({ result: "slow" });
    expect(await quick).toMatchObject({ result: "quick" });
    expect(order).toEqual([11, 10]);
  });

  it("times out one request, ignores its late answer, and keeps serving the others", async () => {
    const c = client("echo");
    const late = c.send(req(20, "late", [150]), { timeoutMs: 60 }).catch((e: unknown) => e);
    const err = await late;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ timeoutMs: 60, transport: "ws" });
    // The only request pending when the late answer (id 20) arrives must not be failed by it.
    const next = c.send(req(21, "next", [200]), opts);
    expect(await next).toMatchObject({ result: "next" });
  });

  it("keeps one timer for every waiting request, not one per request, and expires each on time", async () => {
    const c = client("silent");
    await c.send(req(40), { timeoutMs: 5 }).catch(() => {}); // opens the connection
    const spy = clientTimers();
    try {
      const started = performance.now();
      const errs = Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          c.send(req(41 + i), { timeoutMs: i < 100 ? 80 : 40 }).catch((e: unknown) => e),
        ),
      );
      // 200 sends: the first arms the timer, the first shorter deadline re-arms it once.
      expect(spy.calls.length).toBeLessThanOrEqual(2);
      for (const err of await errs) expect(err).toBeInstanceOf(TimeoutError);
      expect(performance.now() - started).toBeGreaterThanOrEqual(79);
    } finally {
      spy.mockRestore();
    }
  });

  it("schedules no timer for a request sent with no timeout", async () => {
    const c = client("echo");
    await c.send(req(300, "warm"), opts);
    const spy = clientTimers();
    try {
      await Promise.all(Array.from({ length: 50 }, (_, i) => c.send(req(301 + i, "x"), { timeoutMs: 0 })));
      expect(spy.calls).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("cancels a request on its signal, before or while it waits", async () => {
    const c = client("silent");
    expect(
      await c.send(req(30), { ...opts, signal: AbortSignal.abort() }).catch((e: unknown) => e),
    ).toBeInstanceOf(CancelledError);
    const controller = new AbortController();
    const pending = c.send(req(31), { ...opts, signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 30);
    expect(await pending).toBeInstanceOf(CancelledError);
    // id 31 is free again
    const again = c.send(req(31), { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(await again).toBeInstanceOf(TimeoutError);
  });

  it("refuses a second request with an id still pending", async () => {
    const c = client("silent");
    const first = c.send(req(40), { timeoutMs: 200 }).catch(() => undefined);
    const err = await c.send(req(40), opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcClientError);
    expect((err as RpcClientError).shortMessage).toMatch(/id 40 is still waiting/);
    c.close();
    await first;
  });

  it("fails every pending request with WsDroppedError when the socket drops, then reconnects", async () => {
    const c = client("drop");
    const states = recordStates(c);
    const results = await Promise.all([
      c.send(req(50), opts).catch((e: unknown) => e),
      c.send(req(51), opts).catch((e: unknown) => e),
    ]);
    for (const err of results) {
      expect(err).toBeInstanceOf(WsDroppedError);
      expect(err).toMatchObject({ closeCode: 1006 });
      expectNoKey(err);
    }
    await waitForState(c, "open");
    expect(states).toEqual(["connecting", "open", "reconnecting", "open"]);
    expect(connections.get("drop")).toBeGreaterThanOrEqual(2);
  });

  it("answers the first message and fails the second when the socket drops later", async () => {
    const c = client("drop-second");
    expect(await c.send(req(60), opts)).toMatchObject({ result: "first" });
    expect(await c.send(req(61), opts).catch((e: unknown) => e)).toBeInstanceOf(WsDroppedError);
  });

  it("gives up after maxAttempts failed reconnects (state closed), and a new send connects again", async () => {
    const own = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => own.on("listening", resolve));
    const port = (own.address() as AddressInfo).port;
    own.on("connection", (socket) => socket.on("message", () => socket.terminate()));
    const c = createWsClient(`ws://127.0.0.1:${port}/ws/v3/${KEY}`, {
      WebSocketImpl: WebSocket,
      backoff: fast,
    });
    opened.push(c);
    const states = recordStates(c);
    const dropped = c.send(req(70), opts).catch((e: unknown) => e);
    expect(await dropped).toBeInstanceOf(WsDroppedError);
    await new Promise((resolve) => own.close(resolve));
    // Queued while reconnecting: fails once the client gives up.
    const queued = await c.send(req(71), opts).catch((e: unknown) => e);
    expect(queued).toBeInstanceOf(WsConnectionError);
    expect(c.getState()).toBe("closed");
    expect(states).toEqual(["connecting", "open", "reconnecting", "closed"]);
    expectNoKey(queued);
    const again = await c.send(req(72), opts).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(WsConnectionError);
    expect(states.slice(-2)).toEqual(["connecting", "closed"]);
  });

  it("fails with WsConnectionError when the upgrade is refused, without the key", async () => {
    const c = client("refuse");
    const states = recordStates(c);
    const err = await c.send(req(80), opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsConnectionError);
    expect((err as WsConnectionError).address).toBe(`${base}/refuse/ws/v3/<API_KEY>`);
    expectNoKey(err);
    expect(states).toEqual(["connecting", "closed"]);
  });

  it("fails the one pending request on a message that is not JSON", async () => {
    const c = client("not-json");
    const err = await c.send(req(90), opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).toMatchObject({ reason: "not-json", bodySnippet: "upstream connect error" });
  });

  it("sets an answer with an unknown id aside, counted, never blaming the one request waiting", async () => {
    const c = client("bad-id");
    const err = await c.send(req(100), { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ unmatched: { count: 1, lastId: "1000103" } });
    expect(toErrorDisplay(err).detail).toMatch(
      /Meanwhile the node sent 1 message with an id no request was waiting for \(the last: id 1000103/,
    );
    expect(c.getUnmatched()).toMatchObject({ count: 1, lastId: "1000103" });
  });

  it("ignores an unknown id while several requests wait (they time out instead)", async () => {
    const c = client("bad-id");
    const errs = await Promise.all([
      c.send(req(110), { timeoutMs: 120 }).catch((e: unknown) => e),
      c.send(req(111), { timeoutMs: 120 }).catch((e: unknown) => e),
    ]);
    for (const err of errs) expect(err).toBeInstanceOf(TimeoutError);
  });

  it("gives an error with id null to the one request waiting, and skips notifications", async () => {
    expect(await client("null-id-error").send(req(120), opts)).toMatchObject({
      kind: "error",
      error: { code: -32600 },
    });
    expect(await client("notify-first").send(req(121, "m"), opts)).toMatchObject({
      kind: "result",
      result: "m",
    });
  });

  it("close() fails what waits, notifies closed, and a later send reconnects", async () => {
    const c = client("silent");
    const states = recordStates(c);
    const pending = c.send(req(130), opts).catch((e: unknown) => e);
    await waitForState(c, "open");
    c.close();
    const err = await pending;
    expect(err).toBeInstanceOf(WsDroppedError);
    expect(toErrorDisplay(err).title).toMatch(/connection closed/i);
    expect(states).toEqual(["connecting", "open", "closed"]);
    const echo = client("echo");
    echo.close();
    expect(echo.getState()).toBe("closed");
    expect(await echo.send(req(131), opts)).toMatchObject({ result: "eth_blockNumber" });
  });

  it("fails at once when the environment has no WebSocket", async () => {
    const c = createWsClient(`${base}/echo/ws/v3/${KEY}`, {
      WebSocketImpl: undefined,
      backoff: fast,
    });
    const hasGlobal = typeof (globalThis as { WebSocket?: unknown }).WebSocket === "function";
    if (hasGlobal) return c.close(); // Node 22+ has a global WebSocket; nothing to prove there.
    const err = await c.send(req(140), opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsConnectionError);
    expect(c.getState()).toBe("closed");
  });
});

describe("getWsClient", () => {
  it("keeps one client per URL until it is closed", () => {
    const url = `${base}/echo/ws/v3/${KEY}`;
    const a = getWsClient(url);
    expect(getWsClient(url)).toBe(a);
    expect(getWsClient(`${base}/echo/ws/v3/other-key`)).not.toBe(a);
    expect(a.getState()).toBe("idle");
    a.close();
    getWsClient(`${base}/echo/ws/v3/other-key`).close();
    expect(getWsClient(url)).not.toBe(a);
    getWsClient(url).close();
  });
});

describe("closeWsClient and closeWsClientsExcept", () => {
  const url = (path: string) => `${base}/${path}/ws/v3/${KEY}`;

  it("closeWsClient closes and drops the one client of a URL, and leaves the others", () => {
    const a = getWsClient(url("echo"));
    const b = getWsClient(url("silent"));
    closeWsClient(url("echo"));
    expect(a.getState()).toBe("closed");
    expect(getWsClient(url("silent"))).toBe(b);
    const fresh = getWsClient(url("echo"));
    expect(fresh).not.toBe(a);
    expect(fresh.getState()).toBe("idle");
    closeWsClient(`${base}/never-opened/ws/v3/${KEY}`); // no client: nothing to do
    closeWsClientsExcept(undefined);
  });

  it("closeWsClientsExcept closes every other client (their waiting requests fail) and keeps the one named", async () => {
    // getWsClient uses the global WebSocket, which Node 20 lacks.
    vi.stubGlobal("WebSocket", WebSocket);
    onTestFinished(() => {
      closeWsClientsExcept(undefined);
      vi.unstubAllGlobals();
    });
    const keep = getWsClient(url("echo"));
    const old = getWsClient(url("silent"));
    const other = getWsClient(url("drop"));
    const waiting = old.send(req(150), opts).catch((e: unknown) => e);
    await waitForState(old, "open");
    expect(await keep.send(req(151), opts)).toMatchObject({ result: "eth_blockNumber" });

    closeWsClientsExcept(url("echo"));
    const err = await waiting;
    expect(err).toBeInstanceOf(WsDroppedError);
    expect(err).toMatchObject({ closeCode: 1000 });
    expect(old.getState()).toBe("closed");
    expect(other.getState()).toBe("closed");
    expect(getWsClient(url("silent"))).not.toBe(old);
    expect(getWsClient(url("drop"))).not.toBe(other);
    expect(getWsClient(url("echo"))).toBe(keep);
    expect(keep.getState()).toBe("open");
    expect(await keep.send(req(152), opts)).toMatchObject({ result: "eth_blockNumber" });

    closeWsClientsExcept(undefined);
    expect(keep.getState()).toBe("closed");
    expect(getWsClient(url("echo"))).not.toBe(keep);
  });
});

describe("the answer size limit", () => {
  it("fails the request whose message is over its limit, unparsed, with the message as a file", async () => {
    const c = client("big");
    const err = await c.send(req(5), { timeoutMs: 5_000, maxAnswerBytes: 100_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err).toMatchObject({ limitBytes: 100_000, transport: "ws" });
    expect(err.blob.size).toBe(err.receivedBytes);
    // The same client goes on: a request within its limit is answered.
    const ok = await c.send(req(6), { timeoutMs: 5_000, maxAnswerBytes: 1_000_000 });
    expect(ok.kind).toBe("result");
  });

  it("judges a message by the largest limit of the requests sent and still waiting; says when none waits", () => {
    let quiet = 0;
    const table = createPendingTable(
      () => {},
      () => quiet++,
    );
    const entry = (id: number, maxAnswerBytes: number) =>
      ({
        id,
        keys: [String(id)],
        nullable: false,
        maxAnswerBytes,
        sentAt: 0,
        expiresAt: Infinity,
        resolve() {},
        reject() {},
      }) as unknown as Parameters<typeof table.add>[0];
    expect(table.largestLimit()).toBe(DEFAULT_MAX_ANSWER_BYTES);
    const small = entry(1, 100_000);
    const big = entry(2, 1_000_000);
    const alsoSmall = entry(3, 100_000);
    for (const e of [small, big, alsoSmall]) table.add(e);
    // Queued requests do not count until they are written.
    expect(table.largestLimit()).toBe(DEFAULT_MAX_ANSWER_BYTES);
    for (const e of [small, big, alsoSmall]) table.markSent(e);
    table.markSent(big); // written again (a retry): still one request
    expect(table.largestLimit()).toBe(1_000_000);
    table.settle(big, { error: new Error("done") });
    expect(table.largestLimit()).toBe(100_000);
    table.settle(small, { error: new Error("done") });
    expect(table.largestLimit()).toBe(100_000);
    expect(quiet).toBe(0);
    table.settle(alsoSmall, { error: new Error("done") });
    expect(table.largestLimit()).toBe(DEFAULT_MAX_ANSWER_BYTES);
    // The last one written settled without its answer: the socket hears it, once.
    expect(quiet).toBe(1);
    table.settle(alsoSmall, { error: new Error("again") });
    expect(quiet).toBe(1);
    // One answered: its message came, and the socket's count knows it already; nothing is said.
    const answered = entry(4, 100_000);
    table.add(answered);
    table.markSent(answered);
    table.settle(answered, { answer: { kind: "result", result: "0x1", raw: {} } as never });
    expect(quiet).toBe(1);
  });

  it("sets a message over the limit aside when its id answers no request, and delivers the real answer", async () => {
    const c = client("stray-big-first");
    const answer = await c.send(req(7), { timeoutMs: 5_000, maxAnswerBytes: 100_000 });
    expect(answer).toMatchObject({ kind: "result", result: "eth_blockNumber" });
    // The stray with an id, and one with none to read: both counted, neither blamed on request 7.
    expect(c.getUnmatched()).toMatchObject({ count: 2, lastId: null });
  });
});
