import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { type Arrival, type ParsedAnswer, parseHere } from "./answer-parse.ts";
import { toErrorDisplay } from "./display.ts";
import { AnswerTooLargeError, CancelledError, WsDroppedError } from "./errors.ts";
import {
  batchingReceives,
  createSocketHost,
  type FromSocketHost,
  HOLD_MS,
  type ToSocketHost,
} from "./socket-host.ts";
import type { JsonRpcRequest } from "./types.ts";
import { batchingSends, createSocketRelay, type SocketRelay } from "./worker-socket.ts";
import { createWsClient, type WsClient, type WsClientOptions } from "./ws.ts";

/**
 * The WebSocket that lives in the answer worker, run in one thread: the worker's socket host
 * (socket-host.ts, over the `ws` package) and the page's relay (worker-socket.ts), joined by a link
 * that delivers each message a task later, as postMessage does. Messages of HOLD_FROM characters or
 * more are held in the "worker" (the app's threshold is 3 MB; the link lowers it for these tests).
 */
const KEY = "wsw-s3cr3t-Key-9f8e7d";
const HOLD_FROM = 4_000;
const fast = { initialMs: 10, maxMs: 40, maxAttempts: 3 };

let server: WebSocketServer;
let base: string;

const big = (id: unknown, fill = "ab") => ({ jsonrpc: "2.0", id, result: `0x${fill.repeat(5_000)}` });

beforeAll(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, req) => {
    const fault = req.url?.split("/")[1] ?? "";
    socket.on("message", (data) => {
      const msg = JSON.parse(String(data)) as JsonRpcRequest | JsonRpcRequest[];
      const send = (v: unknown) => socket.send(typeof v === "string" ? v : JSON.stringify(v));
      if (Array.isArray(msg)) return send(msg.map((m) => big(m.id)));
      switch (fault) {
        case "big":
          return send(big(msg.id));
        case "big-binary":
          return socket.send(Buffer.from(JSON.stringify(big(msg.id))));
        case "key-echo":
          // A node that writes the address it was called at into its answer.
          return send({ jsonrpc: "2.0", id: msg.id, result: `${"cd".repeat(3_000)} ${req.url}` });
        case "stray-big-first":
          send(big(777_777, "cd"));
          send(`{"jsonrpc":"2.0","result":"0x${"ef".repeat(5_000)}"}`);
          return send({ jsonrpc: "2.0", id: msg.id, result: msg.method });
        case "drop":
          return socket.terminate();
        case "silent":
          return;
        default:
          return send({ jsonrpc: "2.0", id: msg.id, result: msg.method });
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

/**
 * A host and a relay joined as by a worker, with what crossed between them. `read` stands for the
 * answer worker's reading of a held message (by default, its text parsed at once).
 */
function worker(read?: (text: string | ArrayBuffer, url: string) => Promise<ParsedAnswer>) {
  const toPage: FromSocketHost[] = [];
  const toHost: ToSocketHost[] = [];
  let broken = false;
  let relay: SocketRelay;
  const host = createSocketHost((m) => {
    toPage.push(m);
    setTimeout(() => broken || relay.receive(m), 0);
  }, WebSocket);
  relay = createSocketRelay({
    post: (m) => {
      toHost.push(m);
      setTimeout(() => broken || host.handle("open" in m ? { ...m, holdFrom: HOLD_FROM } : m), 0);
    },
    read: async (held, url) => {
      const data = host.take(held);
      if (data === undefined) return { ok: false, head: "" };
      return read ? read(data, url) : parseHere(data, url);
    },
    Fallback: WebSocket,
  });
  // ws.ts takes a constructor: this one's `new` gives the relay's socket.
  const Impl = function (this: unknown, url: string) {
    return relay.open(url);
  } as unknown as NonNullable<WsClientOptions["WebSocketImpl"]>;
  return {
    relay,
    host,
    toPage,
    toHost,
    Impl,
    /** The worker fails: nothing crosses any more, and the relay hears it. */
    fail() {
      broken = true;
      relay.receive("failed");
    },
    /** What was held in the worker and is still there once what the page posted is in (then taken). */
    async stillHeld() {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return toPage.flatMap((m) => ("sizeBytes" in m && host.take(m.held) !== undefined ? [m.held] : []));
    },
  };
}

function client(fault: string, w: ReturnType<typeof worker>): WsClient {
  const c = createWsClient(`${base}/${fault}/ws/v3/${KEY}`, { WebSocketImpl: w.Impl, backoff: fast });
  opened.push(c);
  return c;
}

const req = (id: number, method = "eth_blockNumber"): JsonRpcRequest => ({
  jsonrpc: "2.0",
  id,
  method,
  params: [],
});
const opts = { timeoutMs: 3_000 };

describe("a WebSocket in the answer worker", () => {
  it("passes small messages to the page as they came and matches them by id", async () => {
    const w = worker();
    const c = client("echo", w);
    const [a, b] = await Promise.all([c.send(req(1, "eth_chainId"), opts), c.send(req(2), opts)]);
    expect(a).toMatchObject({ kind: "result", result: "eth_chainId" });
    expect(b).toMatchObject({ kind: "result", result: "eth_blockNumber" });
    expect(a.meta.sizeBytes).toBe(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "eth_chainId" }).length);
    // Two answers, each crossed once (together, as a rule: the first waits up to HOLD_MS for the second).
    const crossed = w.toPage.flatMap((m) => ("data" in m ? [m.data] : "datas" in m ? m.datas : []));
    expect(crossed).toHaveLength(2);
    // The key went to the worker (to open the socket), and in nothing else that crossed.
    expect(w.toHost.filter((m) => JSON.stringify(m).includes(KEY))).toEqual([
      expect.objectContaining({ open: expect.stringContaining(KEY) }),
    ]);
  });

  it("joins the sends of one task after the first into one message, each answered by its id", async () => {
    const w = worker();
    const c = client("echo", w);
    await c.send(req(20), opts); // the socket opens
    const before = w.toHost.length;
    const methods = Array.from({ length: 50 }, (_, i) => `m${i}`);
    const answers = await Promise.all(methods.map((m, i) => c.send(req(21 + i, m), opts)));
    expect(answers.map((a) => (a.kind === "result" ? a.result : a.kind))).toEqual(methods);
    const crossed = w.toHost.slice(before);
    // Every answer came: the worker's count of the answers owed is right, and nothing more crosses.
    expect(crossed).toHaveLength(2);
    expect(JSON.parse((crossed[0] as { send: string }).send)).toMatchObject({ id: 21, method: "m0" });
    const rest = (crossed[1] as { sends: string[] }).sends.map((text) => JSON.parse(text).method);
    expect(rest).toEqual(methods.slice(1));
  });

  it("reads a big message in the worker: the page gets its size and ends, never its text", async () => {
    const w = worker();
    const c = client("big", w);
    const answer = await c.send(req(3), opts);
    const text = JSON.stringify(big(3));
    expect(answer).toMatchObject({ kind: "result", result: big(3).result, raw: { id: 3 } });
    expect(answer.meta.sizeBytes).toBe(text.length);
    const crossed = JSON.stringify(w.toPage);
    expect(crossed.length).toBeLessThan(2_000);
    expect(w.toPage).toContainEqual(expect.objectContaining({ held: 1, sizeBytes: text.length }));
    expect(await w.stillHeld()).toEqual([]);
  });

  it("reads a big binary frame there too, and a big batch answer routed whole", async () => {
    const w = worker();
    expect(await client("big-binary", w).send(req(4), opts)).toMatchObject({ result: big(4).result });
    const batch = await client("echo", w).send(
      { text: JSON.stringify([req(5), req(6)]), ids: [5, 6], batch: true },
      opts,
    );
    expect(batch).toMatchObject({ kind: "result", result: [{ id: 5 }, { id: 6 }] });
    expect(w.toPage.filter((m) => "data" in m && typeof m.data !== "string")).toEqual([]);
    expect(await w.stillHeld()).toEqual([]);
  });

  it("scrubs the key from a big answer read in the worker", async () => {
    const w = worker();
    const answer = await client("key-echo", w).send(req(7), opts);
    expect(answer.kind).toBe("result");
    expect(JSON.stringify(answer.raw)).not.toContain(KEY);
    expect(JSON.stringify(answer.raw)).toContain("<API_KEY>");
  });

  it("refuses a big message over its request's limit with a Blob made in the worker, its own bytes", async () => {
    const w = worker();
    const c = client("big", w);
    const err = await c.send(req(8), { ...opts, maxAnswerBytes: 2_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    const e = err as AnswerTooLargeError;
    expect(e).toMatchObject({ limitBytes: 2_000, transport: "ws" });
    expect(e.blob?.size).toBe(JSON.stringify(big(8)).length);
    expect(await e.blob?.text()).toBe(JSON.stringify(big(8)));
    expect(w.toHost).toContainEqual(expect.objectContaining({ blob: true }));
    expect(await w.stillHeld()).toEqual([]);
    // The client goes on.
    expect(await c.send(req(9), opts)).toMatchObject({ kind: "result" });
  });

  it("sets big strays aside in the worker, counted, never blamed on the request, and frees them", async () => {
    const w = worker();
    const c = client("stray-big-first", w);
    const answer = await c.send(req(10), { ...opts, maxAnswerBytes: 2_000 });
    expect(answer).toMatchObject({ kind: "result", result: "eth_blockNumber" });
    expect(c.getUnmatched()).toMatchObject({ count: 2, lastId: null });
    expect(w.toHost.filter((m) => "drop" in m)).toHaveLength(2);
    expect(await w.stillHeld()).toEqual([]);
  });

  it("says the close code of a drop, reconnects, and closes with the app's code", async () => {
    const w = worker();
    const c = client("drop", w);
    const err = await c.send(req(11), opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsDroppedError);
    expect(err).toMatchObject({ closeCode: 1006 });
    expect(JSON.stringify(toErrorDisplay(err))).not.toContain(KEY);
    await expect.poll(() => c.getState()).toBe("open");
    c.close();
    expect(w.toHost.at(-1)).toMatchObject({ close: 1000, reason: "closed by the app" });
  });

  it("goes on with the page's own socket when the worker fails before the socket opened", async () => {
    const w = worker();
    const c = client("big", w);
    const answer = c.send(req(12), opts);
    w.fail(); // before the host even opened it
    expect(await answer).toMatchObject({ kind: "result", result: big(12).result });
    expect(c.getState()).toBe("open");
  });

  it("drops the socket (1006) when the worker fails while it is open", async () => {
    const w = worker();
    const c = client("silent", w);
    await c.send(req(13), { timeoutMs: 50 }).catch(() => {});
    // The send gave up after 50 ms; on a busy machine the socket may open after that.
    await expect.poll(() => c.getState()).toBe("open");
    // A request written and given up on: the worker hears that none is owed any more.
    await c.send(req(15), { timeoutMs: 50 }).catch(() => {});
    await expect.poll(() => w.toHost.some((m) => "quiet" in m)).toBe(true);
    const waiting = c.send(req(14), opts).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    w.fail();
    expect(await waiting).toMatchObject({ closeCode: 1006 });
  });

  it("stops the rows of a big answer whose request was cancelled while the worker read it; a request's own go on", async () => {
    /** Reads as the answer worker does a big one: its first piece, then rows still arriving. */
    const reads: { stop: () => void; give(): void }[] = [];
    const w = worker(
      (text, url) =>
        new Promise((resolve) => {
          const parsed = parseHere(text, url);
          const stop = vi.fn();
          const arrival: Arrival = {
            path: ["result"],
            getSnapshot: () => ({ received: 1, total: 2, done: false }),
            subscribe: () => () => {},
            stop,
          };
          reads.push({ stop, give: () => resolve(parsed.ok ? { ...parsed, arrival } : parsed) });
        }),
    );
    const c = client("big", w);
    const cancel = new AbortController();
    const cancelled = c.send(req(16), { ...opts, signal: cancel.signal }).catch((e: unknown) => e);
    await expect.poll(() => reads.length).toBe(1);
    cancel.abort();
    expect(await cancelled).toBeInstanceOf(CancelledError);
    reads[0]?.give();
    await expect.poll(() => reads[0]?.stop).toHaveBeenCalledOnce();

    const kept = c.send(req(17), opts);
    await expect.poll(() => reads.length).toBe(2);
    reads[1]?.give();
    expect((await kept).arrival).toBeDefined();
    expect(reads[1]?.stop).not.toHaveBeenCalled();
  });

  it("drops a held message nobody took", async () => {
    const w = worker();
    const socket = w.relay.open(`${base}/big/ws/v3/${KEY}`);
    await new Promise((resolve) => {
      socket.onopen = resolve;
    });
    socket.onmessage = () => {}; // not ws.ts: it takes nothing
    socket.send(JSON.stringify(req(15)));
    await expect.poll(() => w.toHost.filter((m) => "drop" in m).length).toBe(1);
    expect(await w.stillHeld()).toEqual([]);
    socket.close();
  });
});

describe("batchingSends", () => {
  it("posts a task's first send at once, the socket's next ones at the task's end, and anything else after what waits", async () => {
    const posted: ToSocketHost[] = [];
    const post = batchingSends((m) => posted.push(m));
    post({ sock: 1, send: "a" });
    post({ sock: 1, send: "b" });
    post({ sock: 1, send: "c" });
    expect(posted).toEqual([{ sock: 1, send: "a" }]);
    // Another socket's send, then a close: what waits goes first, so the order is the page's.
    post({ sock: 2, send: "x" });
    post({ sock: 2, send: "y" });
    post({ sock: 2, close: 1000, reason: "" });
    post({ sock: 1, send: "d" });
    post({ sock: 1, send: "e" });
    expect(posted).toEqual([
      { sock: 1, send: "a" },
      { sock: 1, sends: ["b", "c"] },
      { sock: 2, send: "x" },
      { sock: 2, sends: ["y"] },
      { sock: 2, close: 1000, reason: "" },
      { sock: 1, send: "d" },
    ]);
    await Promise.resolve();
    expect(posted.slice(6)).toEqual([{ sock: 1, sends: ["e"] }]);
    // A later task's first send goes at once again.
    post({ sock: 1, send: "f" });
    expect(posted.slice(7)).toEqual([{ sock: 1, send: "f" }]);
  });
});

describe("batchingReceives", () => {
  /**
   * A post that records, a `later` whose turns the test runs, a HOLD_MS wait it ends (`waitEnds`),
   * and the answers each socket owes (`owes`, which the test sets: the host counts them).
   */
  function setup() {
    const posted: { message: FromSocketHost; transfer?: Transferable[] }[] = [];
    const turns: (() => void)[] = [];
    const waits: { run: () => void; ms: number }[] = [];
    const owes = new Map<number, number>();
    const post = batchingReceives(
      (message, transfer) => posted.push(transfer ? { message, transfer } : { message }),
      (sock) => (owes.get(sock) ?? 0) > 0,
      (run) => turns.push(run),
      (run, ms) => {
        const w = { run, ms };
        waits.push(w);
        return () => void waits.splice(waits.indexOf(w), 1);
      },
    );
    const turn = () => turns.shift()?.();
    const waitEnds = () => waits.shift()?.run();
    return { posted, post, turn, turns, waits, waitEnds, owes, messages: () => posted.map((p) => p.message) };
  }

  it("posts the first small message at once and joins those that come before the worker's next turn", () => {
    const { post, turn, turns, messages } = setup();
    post({ sock: 1, data: "a" });
    expect(messages()).toEqual([{ sock: 1, data: "a" }]);
    post({ sock: 1, data: "b" });
    post({ sock: 1, data: "c" });
    expect(messages()).toHaveLength(1);
    turn();
    expect(messages().slice(1)).toEqual([{ sock: 1, datas: ["b", "c"] }]);
    // They keep coming: one waiting alone goes as it came, at the next turn.
    post({ sock: 1, data: "d" });
    turn();
    expect(messages().slice(2)).toEqual([{ sock: 1, data: "d" }]);
    // A turn with nothing waiting ends the holding: the next message goes at once again.
    turn();
    expect(turns).toHaveLength(0);
    post({ sock: 1, data: "e" });
    expect(messages().slice(3)).toEqual([{ sock: 1, data: "e" }]);
  });

  it("keeps the order: anything else, another socket's message or a big one posts what waits first", () => {
    const { post, turn, messages } = setup();
    post({ sock: 1, data: "a" });
    post({ sock: 1, data: "b" });
    post({ sock: 1, held: 1, sizeBytes: 5_000_000, head: "{", tail: "}" });
    post({ sock: 1, data: "c" });
    post({ sock: 2, data: "x" });
    post({ sock: 2, data: "y" });
    const big = "z".repeat(64 * 1024);
    post({ sock: 2, data: big });
    post({ sock: 2, closed: 1000, reason: "" });
    expect(messages()).toEqual([
      { sock: 1, data: "a" },
      { sock: 1, data: "b" },
      { sock: 1, held: 1, sizeBytes: 5_000_000, head: "{", tail: "}" },
      { sock: 1, data: "c" },
      { sock: 2, datas: ["x", "y"] },
      { sock: 2, data: big },
      { sock: 2, closed: 1000, reason: "" },
    ]);
    turn();
    expect(messages()).toHaveLength(7);
  });

  it("stops a batch at 256 K characters (the page takes one in one task) and moves binary frames with it", () => {
    const { posted, post, turn, messages } = setup();
    const piece = "p".repeat(60 * 1024);
    post({ sock: 1, data: "first" });
    for (let i = 0; i < 5; i++) post({ sock: 1, data: piece });
    const bytes = new ArrayBuffer(8);
    post({ sock: 1, data: bytes }, [bytes]);
    turn();
    expect(messages().map((m) => ("datas" in m ? m.datas.length : "data" in m ? 1 : 0))).toEqual([1, 4, 2]);
    expect(posted[2]).toEqual({ message: { sock: 1, datas: [piece, bytes] }, transfer: [bytes] });
  });

  it("holds a pipelined burst's answers while more are owed: they go with the last one, or after HOLD_MS", () => {
    const { post, turn, turns, waits, waitEnds, owes, messages } = setup();
    owes.set(1, 3);
    post({ sock: 1, data: "a" });
    post({ sock: 1, data: "b" });
    // Held, not posted, and not for the next turn: for the answers owed, HOLD_MS at most.
    expect(messages()).toEqual([]);
    expect(turns).toHaveLength(0);
    expect(waits.map((w) => w.ms)).toEqual([HOLD_MS]);
    owes.set(1, 0);
    post({ sock: 1, data: "c" });
    // The last one owed: the batch goes at once, its wait cancelled.
    expect(messages()).toEqual([{ sock: 1, datas: ["a", "b", "c"] }]);
    expect(waits).toHaveLength(0);
    // Strays that come before the next turn join as before.
    post({ sock: 1, data: "d" });
    post({ sock: 1, data: "e" });
    turn();
    expect(messages().slice(1)).toEqual([{ sock: 1, datas: ["d", "e"] }]);
    turn();
    expect(turns).toHaveLength(0);
    // A burst whose rest is slow: what waits goes after HOLD_MS.
    owes.set(1, 5);
    post({ sock: 1, data: "f" });
    post({ sock: 1, data: "g" });
    waitEnds();
    expect(messages().slice(2)).toEqual([{ sock: 1, datas: ["f", "g"] }]);
    post({ sock: 1, data: "h" });
    expect(waits).toHaveLength(1);
    // Anything else posts what waits first, its wait cancelled.
    post({ sock: 1, closed: 1000, reason: "" });
    expect(messages().slice(3)).toEqual([
      { sock: 1, data: "h" },
      { sock: 1, closed: 1000, reason: "" },
    ]);
    expect(waits).toHaveLength(0);
  });

  it("counts the answers a socket owes: its sends less its messages, none once the page says it is quiet", async () => {
    // A node that answers each request of a batch in a message of its own (an empty batch: none).
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    server.on("connection", (socket) => {
      socket.on("message", (data) => {
        for (const { id } of JSON.parse(String(data)) as { id: number }[])
          socket.send(JSON.stringify({ id }));
      });
    });
    await new Promise<void>((resolve) => server.on("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const toPage: FromSocketHost[] = [];
    const waits: (() => void)[] = [];
    const host = createSocketHost(
      (m) => toPage.push(m),
      WebSocket,
      undefined,
      (run) => {
        waits.push(run);
        return () => void waits.splice(waits.indexOf(run), 1);
      },
    );
    const send = (...ids: number[]) =>
      host.handle({ sock: 1, send: JSON.stringify(ids.map((id) => ({ id }))) });
    const answered = (...ids: number[]) => ids.map((id) => JSON.stringify({ id }));
    host.handle({ sock: 1, open: `ws://127.0.0.1:${port}`, holdFrom: HOLD_FROM });
    await vi.waitFor(() => expect(toPage).toContainEqual({ sock: 1, opened: true }));
    // Nothing owed after its answer: a lone answer goes at once.
    send(1);
    await vi.waitFor(() => expect(toPage).toHaveLength(2));
    expect(toPage[1]).toEqual({ sock: 1, data: answered(1)[0] });
    // Three sends, three answers: the first two wait for the third, and all cross in one post.
    send(2);
    send(3);
    send(4);
    await vi.waitFor(() => expect(toPage).toHaveLength(3));
    expect(toPage[2]).toEqual({ sock: 1, datas: answered(2, 3, 4) });
    expect(waits).toHaveLength(0);
    // A send never answered (an empty batch) is owed: the next answer waits HOLD_MS for another.
    send();
    send(5);
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    expect(toPage).toHaveLength(3);
    waits.shift()?.();
    expect(toPage[3]).toEqual({ sock: 1, data: answered(5)[0] });
    // The page waits for nothing (it gave up on the empty batch): none owed, the next goes at once.
    host.handle({ sock: 1, quiet: true });
    send(6);
    await vi.waitFor(() => expect(toPage).toHaveLength(5));
    expect(toPage[4]).toEqual({ sock: 1, data: answered(6)[0] });
    expect(waits).toHaveLength(0);
    host.handle({ sock: 1, close: 1000, reason: "" });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("a relay's socket", () => {
  it("hears the messages of a joined post one by one, in their order", () => {
    const relay = createSocketRelay({
      post: () => {},
      read: async () => ({ ok: false, head: "" }),
      Fallback: undefined,
    });
    const socket = relay.open("ws://127.0.0.1:1/ws/v3/k");
    const heard: unknown[] = [];
    socket.onmessage = (e: { data: unknown }) => void heard.push(e.data);
    relay.receive({ sock: 1, opened: true });
    relay.receive({ sock: 1, data: "a" });
    relay.receive({ sock: 1, datas: ["b", "c", "d"] });
    expect(socket.readyState).toBe(1);
    expect(heard).toEqual(["a", "b", "c", "d"]);
  });
});
