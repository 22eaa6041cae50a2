import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { isHeldRow, rowOutline } from "../chain/row-text.ts";
import { type Arrival, answersArriving, warmAnswerWorker, whenDone } from "./answer-parse.ts";
import { getPath } from "./answer-split.ts";
import {
  AnswerTooLargeError,
  CancelledError,
  HttpStatusError,
  InvalidResponseError,
  NetworkError,
  RpcClientError,
  TimeoutError,
} from "./errors.ts";
import { sendHttp } from "./http.ts";
import { heldJob } from "./socket-host.ts";
import type { JsonRpcRequest } from "./types.ts";
import { createWsClient, type WsClient } from "./ws.ts";

/**
 * The app's default WebSocket path end to end in Node: ws.ts opens its socket through
 * worker-socket.ts in the answer worker, here the real answer-worker.ts run in this thread behind a
 * stand-in `Worker` (each message delivered a task later, cloned as postMessage clones it), over
 * the `ws` package. A big message (over the 3 MB worker threshold) is read in the worker and comes
 * in pieces; the page's side only ever sees its size and ends, then parsed pieces.
 */
const KEY = "aw-s3cr3t-Key-55aa11";
const ROWS = 4_000;

/**
 * The worker's steps (its `afterThisTask`, between the pieces of a text it cuts) wait while `held`
 * is set: a test holds a reading mid-way while the page acts, then lets it go on.
 */
const steps = vi.hoisted(() => ({ held: undefined as Promise<void> | undefined }));
vi.mock("../chain/next-task.ts", async (original) => {
  const real = await original<typeof import("../chain/next-task.ts")>();
  return {
    ...real,
    afterThisTask: async () => {
      await real.afterThisTask();
      while (steps.held) await steps.held;
    },
  };
});

/** A block whose transactions make a message of about 3.6 MB. */
const block = (id: unknown) => ({
  jsonrpc: "2.0",
  id,
  result: {
    number: "0x1",
    transactions: Array.from({ length: ROWS }, (_, i) => ({ index: i, input: `0x${"ab".repeat(440)}` })),
  },
});

/**
 * Big messages of other shapes, as texts: a list of receipts (the result is the array), a block
 * whose big array comes after a small one and before a field, one with the key in it, one whose
 * rows are strings, and one that is not JSON near its end.
 */
const shapes = (id: unknown): Record<string, string> => {
  const receipts = Array.from({ length: ROWS }, (_, i) => ({ i, logs: [{ data: `0x${"ef".repeat(400)}` }] }));
  const txs = block(id).result.transactions;
  const late = JSON.stringify({ jsonrpc: "2.0", id, result: { transactions: txs } });
  return {
    receipts: JSON.stringify({ jsonrpc: "2.0", id, result: receipts }),
    after: JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: { uncles: ["0x1", "0x2"], transactions: txs, withdrawals: [{ index: "0x0" }], n: 1e21 },
    }),
    keyed: JSON.stringify({ jsonrpc: "2.0", id, result: { transactions: txs, echoed: `wss://x/${KEY}` } }),
    strings: JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: { transactions: Array.from({ length: ROWS }, (_, i) => `0x${i}${"cd".repeat(440)}`) },
    }),
    broken: late.replace(`"index":${ROWS - 5},`, `"index":0${ROWS - 5},`),
  };
};

let server: WebSocketServer;
let base: string;
let http: Server;
let httpBase: string;
/** Every message the page's side received from the worker. */
const toPage: unknown[] = [];
/** Called with each message of the worker's once the page's side has taken it in. */
let afterToPage: ((data: unknown) => void) | undefined;
/** The worker's messages as it posted them, and the page's as the worker got them, in order. */
const posted: { to: "page" | "worker"; data: unknown }[] = [];
let worker: { onerror: (() => void) | null } | undefined;
/** The page's side heard the worker's `ready`: big answers go to it from then on. */
let heardReady = false;

/** Asks for the worker's warm-up and waits until the page heard it is running (the fetches below are its). */
async function workerRunning() {
  warmAnswerWorker();
  await vi.waitFor(() => expect(heardReady).toBe(true));
}

beforeAll(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, req) => {
    socket.on("message", (data) => {
      const msg = JSON.parse(String(data)) as JsonRpcRequest;
      const shaped = req.url?.startsWith("/shape/") ? shapes(msg.id)[msg.method] : undefined;
      if (shaped) return socket.send(shaped);
      socket.send(JSON.stringify(req.url?.startsWith("/small/") ? { ...msg, result: "0x1" } : block(msg.id)));
    });
  });
  await new Promise<void>((resolve) => server.on("listening", resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // An HTTP body's stream is moved as the browser moves it (transferred, not cloned).
  http = createServer((req, res) => {
    if (req.url?.startsWith("/small/"))
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x1" }));
    if (req.url?.startsWith("/smallkey/"))
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: `https://x/v3/${KEY}` }));
    if (req.url?.startsWith("/smallbad/")) return void res.end(`{"jsonrpc":"2.0","id":1,"result":0x1 ${KEY}`);
    if (req.url?.startsWith("/limited/")) {
      res.writeHead(429, { "Retry-After": "7", "Access-Control-Expose-Headers": "Retry-After" });
      return void res.end(
        JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32005, message: `slow down ${KEY}` } }),
      );
    }
    // Headers, then nothing: only a timeout ends it.
    if (req.url?.startsWith("/silent/")) return void res.writeHead(200).flushHeaders();
    const whole = JSON.stringify(req.url?.startsWith("/echo/") ? { ...block(1), key: KEY } : block(1));
    // A row near the end that is not JSON (its structure whole): only the page's parse finds it.
    const text = req.url?.startsWith("/badlate/")
      ? whole.replace(`"index":${ROWS - 5},`, `"index":0${ROWS - 5},`)
      : whole;
    const half = Math.floor(text.length / 2);
    const bad = req.url?.startsWith("/bad/");
    if (req.url?.startsWith("/declared/")) res.setHeader("Content-Length", String(Buffer.byteLength(text)));
    res.write(bad ? text.slice(0, half).replace(/"index":(\d+)/, '"index":0$1') : text.slice(0, half));
    setTimeout(() => {
      if (req.url?.startsWith("/cut/")) return res.destroy();
      res.end(text.slice(half));
    }, 400);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const clone = (m: unknown, transfer?: Transferable[]) =>
    m instanceof Object && "blob" in m ? m : structuredClone(m, transfer ? { transfer } : undefined);
  const scope: { onmessage: ((e: { data: unknown }) => void) | null; postMessage(m: unknown): void } = {
    onmessage: null,
    postMessage: (m) => {
      const data = clone(m);
      posted.push({ to: "page", data });
      setTimeout(() => {
        toPage.push(data);
        const page = (worker as unknown as { onmessage?: (e: { data: unknown }) => void })?.onmessage;
        page?.({ data });
        if (page && data instanceof Object && "ready" in data) heardReady = true;
        afterToPage?.(data);
      }, 0);
    },
  };
  vi.stubGlobal("self", scope);
  vi.stubGlobal("WebSocket", WebSocket);
  const loaded = import("./answer-worker.ts");
  vi.stubGlobal(
    "Worker",
    class {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        worker = this;
      }
      postMessage(m: unknown, transfer?: Transferable[]) {
        const data = clone(m, transfer);
        void loaded.then(() =>
          setTimeout(() => {
            posted.push({ to: "worker", data });
            scope.onmessage?.({ data });
          }, 0),
        );
      }
      terminate() {}
    },
  );
});

const opened: WsClient[] = [];
afterAll(async () => {
  for (const c of opened) c.close();
  vi.unstubAllGlobals();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

function client(path: string) {
  const c = createWsClient(`${base}/${path}/ws/v3/${KEY}`);
  opened.push(c);
  return c;
}

const req = (id: number): JsonRpcRequest => ({
  jsonrpc: "2.0",
  id,
  method: "eth_getBlockByNumber",
  params: [],
});

describe("the WebSocket in the answer worker (answer-worker.ts behind a stand-in Worker)", () => {
  it("reads a big message in the worker and delivers it in pieces; no big text reaches the page", async () => {
    const c = client("big");
    const answer = await c.send(req(1), { timeoutMs: 10_000 });
    expect(answer.kind).toBe("result");
    expect(answer.meta.sizeBytes).toBe(JSON.stringify(block(1)).length);
    const arrival = (answer as { arrival?: Arrival }).arrival;
    expect(arrival?.path).toEqual(["result", "transactions"]);
    // Its rows on their way, as what waits for them asks (send/after-answer.ts); then no longer.
    expect(answersArriving()).toBe(true);
    await whenDone(arrival as Arrival);
    expect(answersArriving()).toBe(false);
    const txs = (answer.raw as ReturnType<typeof block>).result.transactions;
    expect(txs).toHaveLength(ROWS);
    expect(txs[ROWS - 1]).toMatchObject({ index: ROWS - 1 });
    // What crossed to the page: its size and ends, then pieces (the first parsed, the rest as the
    // JSON of a slice of rows each, an array); never the message's text.
    const slices = toPage.flatMap((m) => ("json" in (m as object) ? [(m as { json: string }).json] : []));
    expect(slices.length).toBeGreaterThan(1);
    for (const s of slices) expect(Array.isArray(JSON.parse(s))).toBe(true);
    // (The first piece brings the answer's first 4 KB, shown should a later row not be JSON.)
    const texts = toPage.flatMap((m) =>
      Object.entries(m as object).flatMap(([k, v]) =>
        k !== "json" && k !== "head" && typeof v === "string" ? [v] : [],
      ),
    );
    expect(Math.max(...texts.map((t) => (t as string).length))).toBeLessThanOrEqual(256);
    const heads = toPage.flatMap((m) => ("head" in (m as object) ? [(m as { head: string }).head] : []));
    expect(Math.max(...heads.map((h) => h.length))).toBeLessThanOrEqual(4096);
    expect(JSON.stringify(toPage)).not.toContain(KEY);
    // Read as soon as it came: its rows left the worker before the page's "read it" reached it.
    const held = (toPage.find((m) => "sizeBytes" in (m as object)) as { held: number }).held;
    const asked = posted.findIndex((p) => p.to === "worker" && (p.data as { held?: number }).held === held);
    const firstRows = posted.findIndex(
      (p) => p.to === "page" && (p.data as { id?: number }).id === heldJob(held),
    );
    expect(asked).toBeGreaterThan(-1);
    expect(firstRows).toBeGreaterThan(-1);
    expect(firstRows).toBeLessThan(asked);
  });

  it("cuts a big message into rows in the worker, a step at a time; its rows come to the page as its text parses", async () => {
    const c = client("shape");
    const ask = (method: string) =>
      c.send({ jsonrpc: "2.0", id: 7, method, params: [] }, { timeoutMs: 10_000 }).then(async (answer) => {
        const arrival = (answer as { arrival?: Arrival }).arrival;
        if (arrival) await whenDone(arrival);
        return { answer, arrival };
      });
    // Which slices the worker vouched for as all objects, each between its ends (`objects`): the
    // page keeps their rows as their text without parsing them.
    const vouched = () =>
      toPage.flatMap((m) => ("json" in (m as object) ? [(m as { objects?: true }).objects === true] : []));
    for (const method of ["receipts", "after"]) {
      toPage.length = 0;
      const { answer, arrival } = await ask(method);
      expect(vouched().length).toBeGreaterThan(0);
      expect(vouched().every(Boolean)).toBe(true);
      expect(arrival?.path).toEqual(method === "receipts" ? ["result"] : ["result", "transactions"]);
      expect(answer.raw).toEqual(JSON.parse(shapes(7)[method] as string));
      // The rows after the first piece's are kept as their text (row-text.ts), read when read.
      const rows = getPath(answer.raw, arrival?.path ?? []) as unknown[];
      expect(isHeldRow(rows[0])).toBe(false);
      expect(isHeldRow(rows.at(-1))).toBe(true);
      // The receipts' slices come with their rows' outlines (their lists are most of their text),
      // the transactions' without (their outlines would be most of it again).
      const outlined = toPage.flatMap((m) =>
        "json" in (m as object) ? [typeof (m as { outlines?: string }).outlines === "string"] : [],
      );
      expect(outlined.every((o) => o === (method === "receipts"))).toBe(true);
      expect(rowOutline(rows.at(-1))).toEqual(
        method === "receipts" ? { i: ROWS - 1, logs: [null] } : rows.at(-1),
      );
    }
    // Rows that are not objects: no slice is vouched for, and the page parses each (its check).
    toPage.length = 0;
    const strings = await ask("strings");
    expect(strings.answer.raw).toEqual(JSON.parse(shapes(7).strings as string));
    expect(vouched().length).toBeGreaterThan(0);
    expect(vouched().some(Boolean)).toBe(false);
    // The key, anywhere in it, is scrubbed before anything of it leaves the worker.
    toPage.length = 0;
    const keyed = await ask("keyed");
    expect((keyed.answer.raw as { result: { echoed: string } }).result.echoed).toBe("wss://x/<API_KEY>");
    expect(JSON.stringify(toPage)).not.toContain(KEY);
    // Not JSON: the splitter's walk gives the rows before the broken one, and says the answer broke
    // (or it fails whole as not JSON, when the page found it before the answer was shown).
    const broken = await ask("broken").catch((e: unknown) => e);
    if (broken instanceof InvalidResponseError) return;
    const state = (broken as { arrival: Arrival }).arrival.getSnapshot();
    expect(state).toMatchObject({ done: true, broken: true });
    expect(state.received).toBeLessThan(ROWS - 5);
  });

  it("passes a small message as it came, and refuses a big one over its limit with the worker's Blob", async () => {
    expect(await client("small").send(req(2), { timeoutMs: 5_000 })).toMatchObject({ result: "0x1" });
    // The worker's reading of the big one (begun as it came) held at its first step until the page
    // has refused it: it is under way, not over, when the page lets it go.
    let goOn = () => {};
    steps.held = new Promise<void>((resolve) => (goOn = resolve));
    const err = await client("big")
      .send(req(3), { timeoutMs: 5_000, maxAnswerBytes: 1_000_000 })
      .catch((e: unknown) => e);
    steps.held = undefined;
    goOn();
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect((err as AnswerTooLargeError).blob?.size).toBe(JSON.stringify(block(3)).length);
    // The reading begun when it came stops once the page makes a Blob of it: nothing of it follows.
    const held = (toPage.findLast((m) => "sizeBytes" in (m as object)) as { held: number }).held;
    // Until a message as big, read after it, is read to its end: the worker's steps run in order, so
    // a reading that went on would have posted all of its rows by then.
    const next = await client("big").send(req(4), { timeoutMs: 5_000 });
    await whenDone((next as { arrival?: Arrival }).arrival as Arrival);
    const letGo = posted.findIndex((p) => p.to === "worker" && (p.data as { held?: number }).held === held);
    const after = posted
      .slice(letGo)
      .filter((p) => p.to === "page" && (p.data as { id?: number }).id === heldJob(held));
    expect(letGo).toBeGreaterThan(-1);
    expect(after).toEqual([]);
  });

  it("fetches a big HTTP answer in the worker, which hands its rows on before the body's end", async () => {
    await workerRunning();
    for (const path of ["echo", "declared"]) {
      toPage.length = 0;
      posted.length = 0;
      const answer = await sendHttp(`${httpBase}/${path}/v3/${KEY}`, req(1), { timeoutMs: 10_000 });
      expect(answer.kind).toBe("result");
      expect(answer.meta.sizeBytes).toBe(
        JSON.stringify(path === "echo" ? { ...block(1), key: KEY } : block(1)).length,
      );
      const arrival = (answer as { arrival?: Arrival }).arrival;
      if (arrival) await whenDone(arrival);
      const raw = answer.raw as ReturnType<typeof block> & { key?: string };
      expect(raw.result.transactions).toEqual(block(1).result.transactions);
      if (path === "echo") expect(raw.key).toBe("<API_KEY>");
      // Rows came while the second half was still on its way (the server waits 400 ms).
      const firstAt = toPage.findIndex((m) => (m as { ok?: boolean }).ok === true);
      expect(toPage.slice(0, firstAt).some((m) => "json" in (m as object))).toBe(true);
      expect(JSON.stringify(toPage)).not.toContain(KEY);
      // The page asked the worker to fetch it, and no byte of the body crossed to the page.
      expect(posted.filter((p) => p.to === "worker" && "fetch" in (p.data as object))).toHaveLength(1);
      expect(toPage.some((m) => "bytes" in (m as object) || "chunk" in (m as object))).toBe(false);
      expect(toPage.find((m) => "fetched" in (m as object))).toMatchObject({ fetched: { status: 200 } });
    }
  });

  it("sends the rows left at a body's end ahead of its first piece when they fit in a slice or two: the answer is whole at once", async () => {
    await workerRunning();
    posted.length = 0;
    // The first half's rows are all taken in while the server waits 400 ms (150 was not always
    // enough on a busy machine); the page's slices have grown past the second half's 2,000 rows by then.
    const answer = await sendHttp(`${httpBase}/declared/v3/${KEY}`, req(1), { timeoutMs: 10_000 });
    expect((answer as { arrival?: Arrival }).arrival).toBeUndefined();
    expect((answer.raw as ReturnType<typeof block>).result.transactions).toEqual(
      block(1).result.transactions,
    );
    // The worker's messages in the order it posted them (the rows after a first piece are posted in
    // the same task as it, so all are here once the answer is).
    const fromWorker = posted.filter((p) => p.to === "page").map((p) => p.data as object);
    const firstAt = fromWorker.findIndex((m) => (m as { ok?: boolean }).ok === true);
    expect(firstAt).toBeGreaterThan(0);
    expect(fromWorker.slice(0, firstAt).some((m) => "json" in m)).toBe(true);
    expect(fromWorker.slice(firstAt).some((m) => "json" in m)).toBe(false);
  });

  it("a cancel once the worker has the whole body, before its first piece, stops the send as cancelled", async () => {
    await workerRunning();
    const cancel = new AbortController();
    // The page hears the body is all in (`fetched`); its first piece is the worker's next message.
    afterToPage = (m) => {
      if (m instanceof Object && "fetched" in m) cancel.abort();
    };
    try {
      const outcome = await sendHttp(`${httpBase}/declared/v3/${KEY}`, req(1), {
        timeoutMs: 10_000,
        signal: cancel.signal,
      }).catch((e: unknown) => e);
      expect(outcome).toBeInstanceOf(CancelledError);
      expect(answersArriving()).toBe(false);
    } finally {
      afterToPage = undefined;
    }
  });

  it("fetches a small answer and an error status in the worker: the answer's text decoded and scrubbed there, the error's bytes handed to the page", async () => {
    const send = (path: string, timeoutMs = 10_000) =>
      sendHttp(`${httpBase}/${path}/v3/${KEY}`, req(1), { timeoutMs }).catch((e: unknown) => e);
    posted.length = 0;
    const small = await send("small");
    expect(small).toMatchObject({ kind: "result", result: "0x1", meta: { httpStatus: 200, sizeBytes: 39 } });
    expect(posted.filter((p) => p.to === "worker" && "fetch" in (p.data as object))).toHaveLength(1);
    const fetched = () =>
      posted.findLast((p) => p.to === "page" && "fetched" in (p.data as object))?.data as {
        fetched: Record<string, unknown>;
      };
    expect(fetched().fetched).toMatchObject({ status: 200, text: '{"jsonrpc":"2.0","id":1,"result":"0x1"}' });
    expect(fetched().fetched).not.toHaveProperty("bytes");
    // The key left the text in the worker: no message to the page holds it, and the size is the body's.
    const keyed = await send("smallkey");
    expect(keyed).toMatchObject({ kind: "result", result: "https://x/v3/<API_KEY>" });
    expect((keyed as { meta: { sizeBytes: number } }).meta.sizeBytes).toBe(
      JSON.stringify({ jsonrpc: "2.0", id: 1, result: `https://x/v3/${KEY}` }).length,
    );
    expect(JSON.stringify(fetched())).not.toContain(KEY);
    // A small body that is not JSON fails as one read on the page does, its beginning shown without the key.
    const bad = await send("smallbad");
    expect(bad).toBeInstanceOf(InvalidResponseError);
    expect((bad as InvalidResponseError).bodySnippet).toContain('"result":0x1 <API_KEY>');
    const limited = await send("limited");
    expect(limited).toBeInstanceOf(HttpStatusError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, rpcError: { code: -32005 } });
    expect(JSON.stringify((limited as HttpStatusError).rpcError)).not.toContain(KEY);
    // A timeout stops the worker's fetch: nothing of it comes after.
    const silent = await send("silent", 300);
    expect(silent).toBeInstanceOf(TimeoutError);
    const fetchJob = posted.findLast((p) => p.to === "worker" && "fetch" in (p.data as object));
    const id = (fetchJob?.data as { id: number } | undefined)?.id;
    expect(id).toBeDefined();
    const stops = () => posted.filter((p) => p.to === "worker" && (p.data as { stop?: true }).stop);
    await vi.waitFor(() => expect(stops().map((p) => (p.data as { id: number }).id)).toContain(id));
    const refused = await sendHttp(`http://127.0.0.1:1/v3/${KEY}`, req(1), { timeoutMs: 5_000 }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(NetworkError);
    expect(JSON.stringify(refused)).not.toContain(KEY);
    expect(String((refused as NetworkError).message)).not.toContain(KEY);
  });

  it("fails a streamed body over the limit, cut off, or not JSON, as a body read on the page fails", async () => {
    const send = (path: string, maxAnswerBytes?: number) =>
      sendHttp(`${httpBase}/${path}/v3/${KEY}`, req(1), {
        timeoutMs: 10_000,
        ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
      }).catch((e: unknown) => e);
    const tooLarge = await send("big", 3_300_000);
    expect(tooLarge).toBeInstanceOf(AnswerTooLargeError);
    expect((tooLarge as AnswerTooLargeError).receivedBytes).toBeGreaterThan(3_300_000);
    expect(await send("cut")).toBeInstanceOf(NetworkError);
    const bad = await send("bad");
    expect(bad).toBeInstanceOf(InvalidResponseError);
    expect(JSON.stringify(bad)).not.toContain(KEY);
    // Found before the answer was shown: not JSON, with its beginning; after: the rows before it, "broken".
    const late = await send("badlate");
    if (late instanceof InvalidResponseError) expect(late.bodySnippet).toContain('"jsonrpc"');
    else {
      const arrival = (late as { arrival?: Arrival }).arrival as Arrival;
      await whenDone(arrival);
      expect(arrival.getSnapshot()).toMatchObject({ done: true, broken: true });
      expect(arrival.getSnapshot().received).toBeLessThan(ROWS - 5);
    }
  });

  it("goes on with the page's own socket when the worker fails, and fails the fetch it had under way", async () => {
    const c = client("small");
    const answer = c.send(req(4), { timeoutMs: 5_000 });
    posted.length = 0;
    const fetching = sendHttp(`${httpBase}/silent/v3/${KEY}`, req(4), { timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    // The socket's answer is in before the worker fails (one still under way would fail with the
    // dropped socket, as it may have reached the node: on a busy machine 50 ms was not always enough).
    expect(await answer).toMatchObject({ result: "0x1" });
    // And the fetch is the worker's.
    await vi.waitFor(() =>
      expect(posted.some((p) => p.to === "worker" && "fetch" in (p.data as object))).toBe(true),
    );
    worker?.onerror?.();
    // The worker is gone (the page replaces it by reading here): what it said of its start no longer holds.
    heardReady = false;
    // The request may have reached the node: it is not sent again, it fails and says why.
    const failed = await fetching;
    expect(failed).toBeInstanceOf(RpcClientError);
    expect(failed).not.toBeInstanceOf(NetworkError);
    expect((failed as RpcClientError).shortMessage).toBe("This page stopped waiting for the answer");
    expect((failed as RpcClientError).details).toMatch(/background reader of answers stopped/);
    // And the next connection is the page's from the start.
    expect(await client("big").send(req(5), { timeoutMs: 10_000 })).toMatchObject({ kind: "result" });
  });
});
