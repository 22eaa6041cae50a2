import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toErrorDisplay } from "./display.ts";
import {
  AnswerTooLargeError,
  CancelledError,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from "./errors.ts";
import { fetchAnswerBlob, MAX_RETRY_AFTER_SECONDS, retryAfterSeconds, sendHttp } from "./http.ts";
import type { JsonRpcRequest } from "./types.ts";

const KEY = "s3cr3t-Key-9f8e7d";
const request: JsonRpcRequest = { jsonrpc: "2.0", id: 7, method: "eth_blockNumber", params: [] };

type Seen = { contentType: string | undefined; body: string };
let server: Server;
let base: string;
const seen: Seen[] = [];

function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse, text: string) {
  const fault = req.url?.split("/")[1] ?? "";
  const id = (JSON.parse(text) as { id: number }).id;
  const json = (v: unknown) => JSON.stringify(v);
  switch (fault) {
    case "ok":
      return reply(res, 200, json({ jsonrpc: "2.0", id, result: "0x2a" }));
    case "unicode":
      return reply(res, 200, json({ jsonrpc: "2.0", id, result: "héllo ✓" }));
    case "rpc-error":
      return reply(
        res,
        200,
        json({ jsonrpc: "2.0", id, error: { code: 3, message: "execution reverted: no", data: "0x" } }),
      );
    case "parse-error":
      return reply(
        res,
        200,
        json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
      );
    case "plain-401":
      return reply(res, 401, "invalid project id\n", { "Content-Type": "text/plain" });
    case "forbidden":
      return reply(
        res,
        403,
        json({ jsonrpc: "2.0", id, error: { code: -32002, message: "rejected due to project ID settings" } }),
      );
    case "rate-limit":
      return reply(
        res,
        429,
        json({
          jsonrpc: "2.0",
          id,
          error: { code: -32005, message: "project ID request rate exceeded", data: { backoff_seconds: 7 } },
        }),
        { "Retry-After": "7" },
      );
    case "backoff-only":
      return reply(
        res,
        429,
        json({
          jsonrpc: "2.0",
          id,
          error: { code: -32005, message: "slow down", data: { backoff_seconds: 3 } },
        }),
      );
    case "html-502":
      return reply(res, 502, "<html><head><title>502 Bad Gateway</title></head></html>", {
        "Content-Type": "text/html",
      });
    case "echo-404":
      return reply(res, 404, `Cannot POST ${req.url}`, { "Content-Type": "text/plain" });
    case "not-json":
      return reply(res, 200, "upstream connect error or disconnect/reset before headers", {
        "Content-Type": "text/plain",
      });
    case "not-rpc":
      return reply(res, 200, json({ hello: "world" }));
    case "bad-id":
      return reply(res, 200, json({ jsonrpc: "2.0", id: id + 1_000_003, result: "0x1" }));
    case "big":
      return reply(res, 200, json({ jsonrpc: "2.0", id, result: `0x${"ab".repeat(600_000)}` }));
    case "big-chunked": {
      // No Content-Length: the limit is found while reading.
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(`{"jsonrpc":"2.0","id":${id},"result":"0x`);
      for (let i = 0; i < 20; i++) res.write("ab".repeat(50_000));
      return res.end('"}');
    }
    case "never":
      return; // keep the connection open until the client gives up
    default:
      return reply(res, 404, "{}");
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => {
      seen.push({ contentType: req.headers["content-type"], body: text });
      handle(req, res, text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const url = (fault: string) => `${base}/${fault}/v3/${KEY}`;
const opts = { timeoutMs: 2_000 };

/** Sends, expects a throw, and checks that nothing about the error shows the key. */
async function failure(fault: string, options: Parameters<typeof sendHttp>[2] = opts): Promise<unknown> {
  const err = await sendHttp(url(fault), request, options).then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expectNoKey(err);
  return err;
}

function expectNoKey(err: unknown) {
  const e = err as Error & Record<string, unknown>;
  const texts = [String(e), e.stack, JSON.stringify({ ...e }), JSON.stringify(toErrorDisplay(err))];
  let cause: unknown = e.cause;
  while (cause instanceof Error) {
    texts.push(cause.message);
    cause = cause.cause;
  }
  for (const text of texts) expect(text).not.toContain(KEY);
}

describe("sendHttp", () => {
  it("POSTs the body as application/json and resolves a result with its meta", async () => {
    const answer = await sendHttp(url("ok"), request, opts);
    expect(answer).toMatchObject({
      kind: "result",
      result: "0x2a",
      raw: { jsonrpc: "2.0", id: 7, result: "0x2a" },
    });
    expect(answer.meta).toMatchObject({ transport: "http", httpStatus: 200 });
    expect(answer.meta.sizeBytes).toBe(JSON.stringify({ jsonrpc: "2.0", id: 7, result: "0x2a" }).length);
    expect(answer.meta.latencyMs).toBeGreaterThan(0);
    const last = seen.at(-1);
    expect(last?.contentType).toBe("application/json");
    expect(JSON.parse(last?.body ?? "")).toEqual(request);
  });

  it("counts sizeBytes in UTF-8 bytes", async () => {
    const answer = await sendHttp(url("unicode"), request, opts);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 7, result: "héllo ✓" });
    expect(answer.meta.sizeBytes).toBe(new TextEncoder().encode(body).byteLength);
    expect(answer.meta.sizeBytes).toBeGreaterThan(body.length);
  });

  it("resolves a JSON-RPC error as an answer, not an exception", async () => {
    const answer = await sendHttp(url("rpc-error"), request, opts);
    expect(answer).toMatchObject({
      kind: "error",
      error: { code: 3, message: "execution reverted: no", data: "0x" },
    });
  });

  it("takes an error with id null (the server could not read the id) as this request's answer", async () => {
    const answer = await sendHttp(url("parse-error"), request, opts);
    expect(answer).toMatchObject({ kind: "error", error: { code: -32700 } });
  });

  it("throws HttpStatusError for a plain-text 401", async () => {
    const err = await failure("plain-401");
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(err).toMatchObject({ status: 401, statusText: "Unauthorized", bodySnippet: "invalid project id" });
    expect((err as HttpStatusError).rpcError).toBeUndefined();
  });

  it("reads the JSON-RPC error of a 403", async () => {
    const err = await failure("forbidden");
    expect(err).toMatchObject({
      status: 403,
      rpcError: { code: -32002, message: "rejected due to project ID settings" },
    });
  });

  it("reads Retry-After of a 429, else data.backoff_seconds", async () => {
    expect(await failure("rate-limit")).toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
      rpcError: { code: -32005 },
    });
    expect(await failure("backoff-only")).toMatchObject({ status: 429, retryAfterSeconds: 3 });
  });

  it("keeps the first bytes of an HTML 502", async () => {
    const err = (await failure("html-502")) as HttpStatusError;
    expect(err.status).toBe(502);
    expect(err.bodySnippet).toContain("<title>502 Bad Gateway</title>");
  });

  it("scrubs the key from a body that echoes the path", async () => {
    const err = (await failure("echo-404")) as HttpStatusError;
    expect(err.bodySnippet).toBe("Cannot POST /echo-404/v3/<API_KEY>");
  });

  it("throws InvalidResponseError for a 200 that is not JSON, or not JSON-RPC", async () => {
    const err = await failure("not-json");
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).toMatchObject({ reason: "not-json", httpStatus: 200 });
    expect((err as InvalidResponseError).bodySnippet).toMatch(/^upstream connect error/);
    expect(await failure("not-rpc")).toMatchObject({ reason: "not-json-rpc" });
  });

  it("throws IdMismatchError when the answer's id is another", async () => {
    const err = await failure("bad-id");
    expect(err).toBeInstanceOf(IdMismatchError);
    expect(err).toMatchObject({ expectedId: 7, receivedId: 1_000_010 });
  });

  it("throws TimeoutError when its own timer fires", async () => {
    const err = await failure("never", { timeoutMs: 80 });
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ timeoutMs: 80, transport: "http" });
  });

  it("throws CancelledError when the caller's signal fires, before or during the call", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    expect(await failure("never", { timeoutMs: 5_000, signal: controller.signal })).toBeInstanceOf(
      CancelledError,
    );
    expect(await failure("ok", { timeoutMs: 5_000, signal: AbortSignal.abort() })).toBeInstanceOf(
      CancelledError,
    );
  });

  it("throws NetworkError when nothing listens, with the address redacted", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await sendHttp(`http://127.0.0.1:${port}/v3/${KEY}`, request, opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).address).toBe(`http://127.0.0.1:${port}/v3/<API_KEY>`);
    expectNoKey(err);
  });

  it("scrubs the key from a runtime message that quotes the URL", async () => {
    const err = await sendHttp(`http://[not-a-host/v3/${KEY}`, request, opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expectNoKey(err);
  });
});

describe("retryAfterSeconds", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it.each([
    ["7", undefined, 7],
    [" 120 ", undefined, 120],
    ["Wed, 01 Jan 2025 00:00:30 GMT", undefined, 30],
    ["Tue, 31 Dec 2024 23:00:00 GMT", undefined, 0],
    [null, { code: -32005, message: "", data: { backoff_seconds: 2 } }, 2],
    ["soon", { code: -32005, message: "", data: { backoff_seconds: 2 } }, 2],
    [null, { code: -32005, message: "" }, undefined],
    [null, undefined, undefined],
    // Absurd values from a hostile or broken node stay bounded (MAX_RETRY_AFTER_SECONDS).
    ["100000000000000000000", undefined, MAX_RETRY_AFTER_SECONDS],
    ["Thu, 01 Jan 2099 00:00:00 GMT", undefined, MAX_RETRY_AFTER_SECONDS],
    ["1e20", undefined, undefined],
    ["2", undefined, 2],
    ["-5", undefined, undefined],
    [null, { code: -32005, message: "", data: { backoff_seconds: 1e300 } }, MAX_RETRY_AFTER_SECONDS],
    [null, { code: -32005, message: "", data: { backoff_seconds: 0.2 } }, 1],
  ])("%s, %j -> %s", (header, rpcError, expected) => {
    expect(retryAfterSeconds(header, rpcError, now)).toBe(expected);
  });
});

describe("the answer size limit", () => {
  it("stops at a declared Content-Length over the limit, and reads one under it", async () => {
    const err = await sendHttp(`${base}/big/v3/${KEY}`, request, {
      timeoutMs: 5_000,
      maxAnswerBytes: 1_000_000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err).toMatchObject({ limitBytes: 1_000_000, transport: "http" });
    expect(err.receivedBytes).toBeGreaterThan(1_000_000);
    const ok = await sendHttp(`${base}/big/v3/${KEY}`, request, {
      timeoutMs: 5_000,
      maxAnswerBytes: 2_000_000,
    });
    expect(ok.kind).toBe("result");
  });

  it("stops while streaming a body with no declared length", async () => {
    const err = await sendHttp(`${base}/big-chunked/v3/${KEY}`, request, {
      timeoutMs: 5_000,
      maxAnswerBytes: 500_000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err.receivedBytes).toBeGreaterThan(500_000);
    expect(err.receivedBytes).toBeLessThan(2_100_000);
    const whole = await sendHttp(`${base}/big-chunked/v3/${KEY}`, request, { timeoutMs: 5_000 });
    expect(whole.kind === "result" && String(whole.result).length).toBe(2 + 2_000_000);
  });

  it("gives the whole answer as a file when asked, unparsed", async () => {
    const blob = await fetchAnswerBlob(`${base}/big/v3/${KEY}`, request);
    expect(blob.size).toBeGreaterThan(1_200_000);
  });
});
