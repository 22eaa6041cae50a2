import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { runToEnd } from "../chain/lazy-rows.ts";
import { batchMatcher } from "./batch.ts";

/** The whole match, at once. */
const matchBatch = (...args: Parameters<typeof batchMatcher>) => runToEnd(batchMatcher(...args));

import { IdMismatchError, type RpcClientError, TimeoutError } from "./errors.ts";
import { sendHttp } from "./http.ts";
import { idKey, rawRequest } from "./raw-request.ts";
import { createWsClient, type WsClient } from "./ws.ts";

/**
 * A small node as real ones behave (geth, Reth): not JSON -> -32700 with id null; an object whose id
 * it cannot read -> -32600 with id null; a batch -> one array, answered in reverse order; any other
 * request -> its method name as the result, its id echoed as sent ("1" stays a string). Path
 * "/omit" answers a batch without its second answer and with one answer to an id nobody sent;
 * "/slow" waits 80 ms before answering.
 */
function answerText(text: string, fault: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
  }
  const one = (r: unknown) => {
    const o = r as { id?: unknown; method?: unknown };
    const id = o?.id;
    if (
      typeof r !== "object" ||
      r === null ||
      !(typeof id === "number" || typeof id === "string" || id === null)
    )
      return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "invalid request" } };
    return { jsonrpc: "2.0", id, result: o.method };
  };
  if (Array.isArray(json)) {
    if (json.length === 0)
      return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "empty batch" } });
    let answers = json.map(one).reverse();
    if (fault === "omit") {
      answers = answers.filter((a) => a.id !== (json[1] as { id: unknown }).id);
      answers.push({ jsonrpc: "2.0", id: 999, result: "stray" });
    }
    return JSON.stringify(answers);
  }
  return JSON.stringify(one(json));
}

let http: Server;
let wss: WebSocketServer;
let base: string;
const bodies: string[] = [];

beforeAll(async () => {
  http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      bodies.push(text);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(answerText(text, req.url?.split("/")[1] ?? ""));
    });
  });
  wss = new WebSocketServer({ server: http });
  wss.on("connection", (socket, req) => {
    const fault = req.url?.split("/")[1] ?? "";
    socket.on("message", (data) => {
      const text = String(data);
      bodies.push(text);
      const answer = answerText(text, fault);
      if (answer !== undefined) setTimeout(() => socket.send(answer), fault === "slow" ? 80 : 0);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  await new Promise((resolve) => wss.close(resolve));
  await new Promise((resolve) => http.close(resolve));
});

const opened: WsClient[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});
const ws = (path = "node") => {
  const c = createWsClient(`ws://${base}/${path}`, { WebSocketImpl: WebSocket });
  opened.push(c);
  return c;
};
const opts = { timeoutMs: 2_000 };

describe("rawRequest", () => {
  it("reads the ids the node can read: numbers, strings, null; none for text, non-objects, bad ids", () => {
    expect(rawRequest('{"id":1}').ids).toEqual([1]);
    expect(rawRequest('{"id":"1"}').ids).toEqual(["1"]);
    expect(rawRequest('{"id":null}').ids).toEqual([null]);
    expect(rawRequest('{"id":{}}').ids).toEqual([undefined]);
    expect(rawRequest('{"method":"x"}').ids).toEqual([undefined]);
    expect(rawRequest("{oops").ids).toEqual([undefined]);
    expect(rawRequest("42")).toMatchObject({ batch: false, ids: [undefined] });
    expect(rawRequest('[{"id":1},{"id":"a"},3]')).toMatchObject({ batch: true, ids: [1, "a", undefined] });
    expect(idKey(1)).not.toBe(idKey("1"));
    expect(idKey(null)).toBeUndefined();
  });
});

describe("matchBatch", () => {
  it("in steps, stops when asked and goes on where it stopped, to the same match", () => {
    const answers = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: "2.0", id: 999 - i, result: i }));
    const steps = batchMatcher([0, 1, 500], answers, 5);
    let calls = 0;
    let match = steps.run(() => false);
    while (match === null) {
      calls += 1;
      match = steps.run(() => false);
    }
    // One clock check per 64 answers: each call stops at the first check.
    expect(calls).toBe(Math.floor(1000 / 64));
    expect(match).toEqual(matchBatch([0, 1, 500], answers, 5));
    expect(steps.run(() => false)).toBe(match);
  });

  it("keeps only the first unmatched answers it is asked to, and counts them all", () => {
    const strays = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: "2.0", id: 5000 + i, result: "0x0" }));
    const m = matchBatch([1], [{ jsonrpc: "2.0", id: 1, result: "0x1" }, ...strays], 3);
    expect(m.items[0]?.answer).toMatchObject({ kind: "result", result: "0x1" });
    expect(m.unmatchedCount).toBe(1000);
    expect(m.unmatched.map((u) => u.index)).toEqual([1, 2, 3]);
    expect(m.unmatched[0]?.why).toBe("no request in the batch has id 5000");
  });

  it("matches by id in any order, null to the unreadable, and calls out missing, stray and duplicates", () => {
    const m = matchBatch(
      [1, "1", undefined, 4],
      [
        { jsonrpc: "2.0", id: "1", result: "s" },
        { jsonrpc: "2.0", id: null, error: { code: -32600, message: "invalid" } },
        { jsonrpc: "2.0", id: 1, result: "n" },
        { jsonrpc: "2.0", id: 1, result: "again" },
        { jsonrpc: "2.0", id: 7, result: "stray" },
        "junk",
      ],
    );
    expect(m.items.map((i) => (i.answer?.kind === "result" ? i.answer.result : i.answer?.kind))).toEqual([
      "n",
      "s",
      "error",
      undefined,
    ]);
    expect(m.items[0]?.duplicates).toBe(1);
    expect(m.unmatched.map((u) => u.why)).toEqual([
      "a second answer to id 1",
      "no request in the batch has id 7",
      "not a JSON-RPC response (no result, no error object)",
    ]);
  });
});

describe("sendHttp with a raw body", () => {
  it("sends the text byte for byte and shows the node's -32700 for invalid JSON", async () => {
    const text = '{"jsonrpc":"2.0", "id":1, "method":';
    const a = await sendHttp(`http://${base}/node`, rawRequest(text), opts);
    expect(bodies.at(-1)).toBe(text);
    expect(a).toMatchObject({ kind: "error", error: { code: -32700 } });
  });

  it("keeps a string id a string, and refuses an answer whose id is the number", async () => {
    const a = await sendHttp(
      `http://${base}/node`,
      rawRequest('{"jsonrpc":"2.0","id":"7","method":"m"}'),
      opts,
    );
    expect(a).toMatchObject({ kind: "result", result: "m", raw: { id: "7" } });
    const wrong = { text: '{"jsonrpc":"2.0","id":7,"method":"m"}', batch: false, ids: ["7"] };
    expect(await sendHttp(`http://${base}/node`, wrong, opts).catch((e: unknown) => e)).toBeInstanceOf(
      IdMismatchError,
    );
  });

  it("gives a batch its answer array as the result", async () => {
    const text = '[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]';
    const a = await sendHttp(`http://${base}/node`, rawRequest(text), opts);
    expect(bodies.at(-1)).toBe(text);
    expect(
      a.kind === "result" && matchBatch([1, 2], a.result as unknown[]).items.map((i) => i.answer?.id),
    ).toEqual([1, 2]);
  });
});

describe("the WebSocket client with raw bodies", () => {
  it("round-trips a string id, and tells it from the number", async () => {
    const c = ws();
    const [s, n] = await Promise.all([
      c.send(rawRequest('{"jsonrpc":"2.0","id":"1","method":"str"}'), opts),
      c.send(rawRequest('{"jsonrpc":"2.0","id":1,"method":"num"}'), opts),
    ]);
    expect(s).toMatchObject({ kind: "result", result: "str", raw: { id: "1" } });
    expect(n).toMatchObject({ kind: "result", result: "num", raw: { id: 1 } });
  });

  it("refuses a second request with the same string id while the first waits", async () => {
    const c = ws("slow");
    const first = c.send(rawRequest('{"jsonrpc":"2.0","id":"x","method":"a"}'), opts);
    const err = await c
      .send(rawRequest('{"jsonrpc":"2.0","id":"x","method":"b"}'), opts)
      .catch((e: unknown) => e);
    expect((err as RpcClientError).shortMessage).toMatch(/id "x" is still waiting/);
    await first;
  });

  it("gives a request with id null its answer with id null", async () => {
    const a = await ws().send(rawRequest('{"jsonrpc":"2.0","id":null,"method":"nul"}'), opts);
    expect(a).toMatchObject({ kind: "result", result: "nul" });
  });

  it("gives the -32700 (id null) to the unreadable request, not to the numbered one waiting beside it", async () => {
    const c = ws("slow");
    const numbered = c.send(rawRequest('{"jsonrpc":"2.0","id":5,"method":"five"}'), opts);
    const broken = c.send(rawRequest('{"jsonrpc":"2.0","id":6,'), opts);
    expect(await broken).toMatchObject({ kind: "error", error: { code: -32700 } });
    expect(await numbered).toMatchObject({ kind: "result", result: "five" });
    expect(bodies.at(-1)).toBe('{"jsonrpc":"2.0","id":6,');
  });

  it("sends a batch as one message and matches the answer array to it by its ids", async () => {
    const c = ws();
    const text =
      '[{"jsonrpc":"2.0","id":11,"method":"a"},{"jsonrpc":"2.0","id":"12","method":"b"},{"jsonrpc":"2.0","id":13,"method":"c"}]';
    const [batch, single] = await Promise.all([
      c.send(rawRequest(text), opts),
      c.send(rawRequest('{"jsonrpc":"2.0","id":14,"method":"d"}'), opts),
    ]);
    expect(single).toMatchObject({ result: "d" });
    expect(batch.kind).toBe("result");
    const m = matchBatch([11, "12", 13], (batch as { result: unknown[] }).result);
    expect(m.items.map((i) => i.answer?.kind === "result" && i.answer.result)).toEqual(["a", "b", "c"]);
  });

  it("shows a batch answer that misses one id and carries one nobody sent", async () => {
    const a = await ws("omit").send(
      rawRequest('[{"jsonrpc":"2.0","id":21,"method":"a"},{"jsonrpc":"2.0","id":22,"method":"b"}]'),
      opts,
    );
    const m = matchBatch([21, 22], (a as { result: unknown[] }).result);
    expect(m.items[1]?.answer).toBeUndefined();
    expect(m.unmatched).toHaveLength(1);
  });

  it("gives an empty batch's single error (id null) to the batch", async () => {
    expect(await ws().send(rawRequest("[]"), opts)).toMatchObject({ kind: "error", error: { code: -32600 } });
  });

  it("sets aside an answer with an id no request sent (the waiting one times out, told so), then serves the next", async () => {
    const c = ws();
    // The ids say 32; the text says 31, which the node echoes.
    const err = await c
      .send({ text: '{"jsonrpc":"2.0","id":31,"method":"x"}', batch: false, ids: [32] }, { timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ unmatched: { count: 1, lastId: "31" } });
    const late = await c.send(rawRequest('{"jsonrpc":"2.0","id":33,"method":"y"}'), opts);
    expect(late).toMatchObject({ result: "y" });
  });
});
