import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { errorNotice, failureNotice, formatWait, toErrorDisplay } from "./display.ts";
import {
  AnswerTooLargeError,
  CancelledError,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  NetworkError,
  RpcClientError,
  type RpcErrorKind,
  type RpcErrorOfKind,
  TimeoutError,
  WsConnectionError,
  WsDroppedError,
} from "./errors.ts";

/** Everything the user reads, in one string. */
const text = (err: unknown) => {
  const d = toErrorDisplay(err);
  return [d.title, d.detail, d.hint].filter(Boolean).join("\n");
};

describe("toErrorDisplay", () => {
  it.each<[string, unknown, string, RegExp[]]>([
    [
      "401 plain text",
      new HttpStatusError({ status: 401, statusText: "Unauthorized", bodySnippet: "invalid project id" }),
      "http-status",
      [/API key/, /401/, /invalid project id/],
    ],
    [
      "401 JSON-RPC",
      new HttpStatusError({
        status: 401,
        statusText: "Unauthorized",
        bodySnippet: "{}",
        rpcError: { code: -32000, message: "Unauthorized: invalid API key" },
      }),
      "http-status",
      [/API key/, /401/],
    ],
    [
      "403",
      new HttpStatusError({
        status: 403,
        statusText: "Forbidden",
        bodySnippet: "{}",
        rpcError: { code: -32002, message: "rejected due to project ID settings" },
      }),
      "http-status",
      [/403/, /rejected by the key's settings/],
    ],
    [
      "402",
      new HttpStatusError({ status: 402, statusText: "Payment Required", bodySnippet: "" }),
      "http-status",
      [/402/, /credit or plan limit/],
    ],
    [
      "429 with Retry-After",
      new HttpStatusError({
        status: 429,
        statusText: "Too Many Requests",
        bodySnippet: "",
        retryAfterSeconds: 7,
      }),
      "http-status",
      [/rate limit/i, /7 s/],
    ],
    [
      "429 without",
      new HttpStatusError({ status: 429, statusText: "", bodySnippet: "" }),
      "http-status",
      [/rate limit/i],
    ],
    [
      "413",
      new HttpStatusError({ status: 413, statusText: "Content Too Large", bodySnippet: "" }),
      "http-status",
      [/413/, /request too large/],
    ],
    [
      "HTML 502",
      new HttpStatusError({
        status: 502,
        statusText: "Bad Gateway",
        bodySnippet: "<html> <head><title>502 Bad Gateway</title></head>",
      }),
      "http-status",
      [/^HTTP 502 Bad Gateway/, /HTML page: <html>/, /<title>502 Bad Gateway<\/title>/],
    ],
    [
      "500 JSON-RPC",
      new HttpStatusError({
        status: 500,
        statusText: "Internal Server Error",
        bodySnippet: "{}",
        rpcError: { code: -32603, message: "boom" },
      }),
      "http-status",
      [/HTTP 500 Internal Server Error/, /boom/, /-32603/],
    ],
    [
      "not JSON",
      new InvalidResponseError({ reason: "not-json", bodySnippet: "upstream connect error" }),
      "invalid-response",
      [/not JSON/, /upstream connect error/],
    ],
    [
      "not JSON-RPC",
      new InvalidResponseError({ reason: "not-json-rpc", bodySnippet: '{"hello":1}' }),
      "invalid-response",
      [/not JSON/, /hello/],
    ],
    [
      "id mismatch",
      new IdMismatchError({ expectedId: 1, receivedId: 1_000_004 }),
      "id-mismatch",
      [/\bid\b/, /\b1\b/, /1000004/],
    ],
    [
      "network",
      new NetworkError({ address: "http://h/v3/<API_KEY>", cause: new TypeError("Failed to fetch") }),
      "network",
      [/Failed to fetch|could not reach/, /address/, /CORS/, /http:\/\/h\/v3\/<API_KEY>/],
    ],
    [
      "timeout 30 s",
      new TimeoutError({ timeoutMs: 30_000, transport: "http" }),
      "timeout",
      [/no answer within 30 s/i],
    ],
    [
      "timeout 1.5 s",
      new TimeoutError({ timeoutMs: 1_500, transport: "ws" }),
      "timeout",
      [/no answer within 1.5 s/i],
    ],
    ["cancelled", new CancelledError(), "cancelled", [/cancelled/]],
    [
      "ws dropped",
      new WsDroppedError({ code: 1006, reason: "" }),
      "ws-dropped",
      [/connection dropped/, /1006/],
    ],
    [
      "ws closed by the app",
      new WsDroppedError({ code: 1000, reason: "closed by the app" }),
      "ws-dropped",
      [/connection closed/],
    ],
    [
      "ws could not open",
      new WsConnectionError({ address: "ws://h/ws/v3/<API_KEY>" }),
      "ws-connection",
      [/could not open the WebSocket/i, /API key/, /address/],
    ],
    ["other client error", new RpcClientError("Short", { details: "Longer" }), "client", [/^Short\nLonger$/]],
    ["AbortError", new DOMException("aborted", "AbortError"), "cancelled", [/cancelled/]],
    ["a string", "weird", "unknown", [/weird/]],
    ["an Error", new Error("kaput"), "unknown", [/Error: kaput/]],
    ["null", null, "unknown", [/null/]],
  ])("%s", (_, err, kind, patterns) => {
    expect(toErrorDisplay(err).kind).toBe(kind);
    for (const pattern of patterns) expect(text(err)).toMatch(pattern);
  });

  it("gives no hint or detail key with an undefined value", () => {
    for (const err of [new CancelledError(), new RpcClientError("x"), "x"]) {
      for (const value of Object.values(toErrorDisplay(err))) expect(value).not.toBeUndefined();
    }
  });
});

describe("one title per error: the error's own short message", () => {
  const http = (status: number, statusText = "") =>
    new HttpStatusError({ status, statusText, bodySnippet: "" });
  /** Every kind (the compiler asks for a new one), with each title it can have. */
  const samples = {
    "http-status": [
      http(401, "Unauthorized"),
      http(402),
      http(403),
      http(413),
      http(429),
      http(502, "Bad Gateway"),
    ],
    network: [new NetworkError({ address: "http://h/v3/<API_KEY>" })],
    timeout: [new TimeoutError({ timeoutMs: 30_000, transport: "http" })],
    cancelled: [new CancelledError()],
    "invalid-response": [
      new InvalidResponseError({ reason: "not-json", bodySnippet: "x" }),
      new InvalidResponseError({ reason: "not-json-rpc", bodySnippet: "" }),
    ],
    "id-mismatch": [new IdMismatchError({ expectedId: 1, receivedId: 2 })],
    "ws-connection": [new WsConnectionError()],
    "ws-dropped": [
      new WsDroppedError({ code: 1000, reason: "closed by the app" }),
      new WsDroppedError({ code: 1006, reason: "" }),
    ],
    "too-large": [
      new AnswerTooLargeError({ limitBytes: 1 << 20, receivedBytes: 2 << 20, transport: "http" }),
    ],
    client: [new RpcClientError("eth_call answered error 3", { details: "execution reverted" })],
  } satisfies { [K in RpcErrorKind]: RpcErrorOfKind[K][] };
  const all = Object.entries(samples).flatMap(([kind, errs]) => errs.map((err) => [kind, err] as const));
  const displaySource = readFileSync(resolve(import.meta.dirname, "display.ts"), "utf8");

  it.each(all)("%s: the title people read is the first line of its message", (kind, err) => {
    expect(err.kind).toBe(kind);
    const d = toErrorDisplay(err);
    expect(d.kind).toBe(kind);
    expect(d.title).toBe(err.shortMessage);
    expect(err.message.split("\n\n")[0]).toBe(d.title);
  });

  it("rpc/display.ts writes no title of its own", () => {
    for (const [kind, err] of all) {
      if (kind === "client") continue; // its text is its thrower's
      const { title } = toErrorDisplay(err);
      expect(displaySource).not.toContain(title);
      // A status's meaning ("rate limit exceeded"), without its number.
      expect(displaySource).not.toContain(title.replace(/^HTTP \d+:? /, ""));
    }
  });

  it("an AbortError (not ours) reads as a cancel, with the cancel's title", () => {
    expect(toErrorDisplay(new DOMException("aborted", "AbortError"))).toEqual({
      kind: "cancelled",
      title: new CancelledError().shortMessage,
    });
  });
});

describe("errorNotice: each text once", () => {
  it("leaves out what the title already says", () => {
    expect(errorNotice("Block not found", undefined, ["Block not found", "block not found."])).toEqual({
      title: "Block not found",
      sentence: undefined,
      said: [],
    });
  });

  it("keeps a sentence and the node's own words when they add something", () => {
    const n = errorNotice("Execution reverted: Nope", "The call reverted.", [
      "execution reverted: Nope",
      "0x08c379a0",
    ]);
    expect(n.sentence).toBe("The call reverted.");
    expect(n.said).toEqual(["0x08c379a0"]);
  });

  it("never repeats one thing the node said", () => {
    expect(errorNotice("Error -1", "s", ["boom", "boom", "Boom."]).said).toEqual(["boom"]);
  });

  it("turns a failure's hint into its sentence and folds its detail", () => {
    const d = toErrorDisplay(new CancelledError());
    expect(failureNotice(d)).toEqual({ title: d.title, sentence: d.detail, said: [] });
  });
});

describe("formatWait", () => {
  it.each([
    [0, "0 s"],
    [7, "7 s"],
    [0.2, "1 s"],
    [60, "1 min"],
    [125, "2 min 5 s"],
    [3600, "1 h"],
    [12_000, "3 h 20 min"],
    [86_400, "24 h"],
    [86_401, "more than a day"],
  ])("%s s reads %s", (s, text) => {
    expect(formatWait(s)).toBe(text);
  });

  it("shows a bounded Retry-After in words, not a 21-digit count", () => {
    const d = toErrorDisplay(
      new HttpStatusError({ status: 429, statusText: "", bodySnippet: "", retryAfterSeconds: 86_401 }),
    );
    expect(d.hint).toBe("Too many requests for this key: retry after more than a day.");
  });
});
