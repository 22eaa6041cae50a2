import { describe, expect, it } from "vitest";
import { isHeldRow } from "../../chain/row-text.ts";
import { heldSlice } from "../../chain/test-fixtures.ts";
import { CATALOG } from "../../networks/network.ts";
import { NetworkError, TimeoutError } from "../../rpc/errors.ts";
import type { SentEvent } from "../../send/sent.ts";
import {
  embedMessageSchema,
  errorMessage,
  heightMessage,
  hostTargetOrigin,
  isAllowedOrigin,
  isOurs,
  readHostMessage,
  readyMessage,
  resultMessage,
  withoutKey,
} from "./embed-messages.ts";

const KEY = "s3cret-key-1234";
const network = CATALOG.find((n) => n.id === "devnet")!;
const vars = {
  network,
  apiKey: KEY,
  transport: "http" as const,
  body: { jsonrpc: "2.0" as const, id: 7, method: "eth_getBlockByNumber", params: ["0x1", false] },
  timeoutMs: 30_000,
};
const meta = { transport: "http" as const, latencyMs: 12.345, sizeBytes: 100 };

describe("readHostMessage", () => {
  it.each([
    [
      { type: "rpc-playground:set-key", key: " abc " },
      { type: "rpc-playground:set-key", key: "abc" },
    ],
    [{ type: "rpc-playground:set-network", network: "ethereum-mainnet" }, null],
    [{ type: "rpc-playground:set-params", params: ["latest", true] }, null],
    [
      {
        type: "rpc-playground:set-params",
        method: "starknet_getBlockWithTxHashes",
        params: { block_id: "latest" },
      },
      null,
    ],
    [{ type: "rpc-playground:set-theme", theme: "dark" }, null],
    [{ type: "rpc-playground:set-transport", transport: "ws" }, null],
    [{ type: "rpc-playground:send" }, null],
  ])("accepts %j", (data, expected) => {
    expect(readHostMessage(data)).toEqual({ kind: "message", message: expected ?? data });
  });

  it.each([
    null,
    "rpc-playground:send",
    42,
    { type: "webpackHot" },
    { hello: 1 },
    [{ type: "rpc-playground:send" }],
  ])("leaves someone else's message alone: %j", (data) => {
    expect(readHostMessage(data)).toEqual({ kind: "foreign" });
  });

  it.each([
    [{ type: "rpc-playground:set-key" }, /rpc-playground:set-key: key: /],
    [{ type: "rpc-playground:set-key", key: 5 }, /key/],
    [{ type: "rpc-playground:set-theme", theme: "pink" }, /theme/],
    [{ type: "rpc-playground:set-params", params: "0x1" }, /params must be a JSON array or object/],
    [{ type: "rpc-playground:set-network", network: "" }, /network/],
    [
      { type: "rpc-playground:launch" },
      /Unknown message type rpc-playground:launch; the embed accepts .*set-key/,
    ],
  ])("says why %j is refused", (data, reason) => {
    const r = readHostMessage(data);
    expect(r.kind).toBe("invalid");
    if (r.kind === "invalid") expect(r.reason).toMatch(reason);
  });

  it("isOurs needs the prefix", () => {
    expect(isOurs({ type: "rpc-playground:x" })).toBe(true);
    expect(isOurs({ type: "other:x" })).toBe(false);
  });
});

describe("messages to the host", () => {
  it("builds valid ready, height and error messages", () => {
    for (const m of [
      readyMessage("eth_getProof", "devnet", "Acme Chain Playground"),
      heightMessage(301.2),
      errorMessage("bad", "set-key"),
    ])
      expect(embedMessageSchema.safeParse(m).success).toBe(true);
    expect(heightMessage(301.2)).toEqual({ type: "rpc-playground:height", height: 302 });
    expect(heightMessage(-3)).toEqual({ type: "rpc-playground:height", height: 0 });
  });

  it("a send named by the host (its ref) is answered under the same name", () => {
    expect(readHostMessage({ type: "rpc-playground:send", ref: "7" })).toEqual({
      kind: "message",
      message: { type: "rpc-playground:send", ref: "7" },
    });
    expect(readHostMessage({ type: "rpc-playground:send", ref: "x".repeat(65) }).kind).toBe("invalid");
    const busy = errorMessage("send: busy", "rpc-playground:send", "8");
    expect(busy).toEqual({
      type: "rpc-playground:error",
      message: "send: busy",
      about: "rpc-playground:send",
      ref: "8",
    });
    const e: SentEvent = {
      vars,
      at: 0,
      ok: true,
      answer: {
        kind: "result",
        result: "0x1",
        raw: {},
        meta: { transport: "http", latencyMs: 1, sizeBytes: 9 },
      },
    };
    expect(resultMessage(e, "7").ref).toBe("7");
    expect("ref" in resultMessage(e)).toBe(false);
    for (const m of [busy, resultMessage(e, "7")]) expect(embedMessageSchema.safeParse(m).success).toBe(true);
  });

  it("a result: id, method, ok, result, latency", () => {
    const e: SentEvent = {
      vars,
      at: 0,
      ok: true,
      answer: { kind: "result", result: { number: "0x1" }, raw: {}, meta },
    };
    const m = resultMessage(e);
    expect(m).toEqual({
      type: "rpc-playground:result",
      id: 7,
      method: "eth_getBlockByNumber",
      network: "devnet",
      transport: "http",
      ok: true,
      result: { number: "0x1" },
      latencyMs: 12.3,
    });
    expect(embedMessageSchema.safeParse(m).success).toBe(true);
  });

  it("a big answer's result, its rows kept as their text, goes as plain objects postMessage can clone, whatever the key", () => {
    const rows = [{ hash: "0x1" }, { hash: "0x2" }];
    const held = heldSlice(rows);
    expect(held.every(isHeldRow)).toBe(true);
    const result = { number: "0x1", transactions: held };
    const arrival = {
      path: ["result", "transactions"],
      getSnapshot: () => ({ received: 2, total: 2, done: true }),
      subscribe: () => () => {},
      stop() {},
    };
    // A key under 4 characters is not scrubbed: the copy is made all the same.
    const e: SentEvent = {
      vars: { ...vars, apiKey: "k1" },
      at: 0,
      ok: true,
      answer: { kind: "result", result, raw: { result }, meta, arrival },
    };
    const m = structuredClone(resultMessage(e));
    expect(m).toMatchObject({ ok: true, result: { number: "0x1", transactions: rows } });
  });

  it("a JSON-RPC error: ok false with code, message and data", () => {
    const e: SentEvent = {
      vars,
      at: 0,
      ok: true,
      answer: {
        kind: "error",
        error: { code: 3, message: "execution reverted", data: "0x08c379a0" },
        raw: {},
        meta,
      },
    };
    expect(resultMessage(e)).toMatchObject({
      ok: false,
      error: { code: 3, message: "execution reverted", data: "0x08c379a0" },
    });
  });

  it("a failure: ok false with the error's kind and words, latency from the send's start", () => {
    const e: SentEvent = {
      vars,
      at: 1_000,
      ok: false,
      error: new TimeoutError({ timeoutMs: 5_000, transport: "http" }),
    };
    const m = resultMessage(e, undefined, 6_000);
    expect(m).toMatchObject({
      ok: false,
      error: { kind: "timeout", message: expect.stringMatching(/^No answer within 5 s/) },
      latencyMs: 5_000,
    });
    expect(embedMessageSchema.safeParse(m).success).toBe(true);
  });

  it("never carries the key, even where an error's text holds it", () => {
    const error = new NetworkError({ address: `http://127.0.0.1:8645/v3/${KEY}` });
    const m = resultMessage({ vars, at: 0, ok: false, error });
    expect(JSON.stringify(m)).not.toContain(KEY);
    const echoed = resultMessage({
      vars,
      at: 0,
      ok: true,
      answer: { kind: "result", result: [`a ${KEY} b`], raw: {}, meta },
    });
    expect(JSON.stringify(echoed)).not.toContain(KEY);
    expect(echoed.result).toEqual(["a <API_KEY> b"]);
  });

  it("withoutKey leaves very short keys and non-strings alone", () => {
    expect(withoutKey({ a: "abc", n: 1, z: null }, "ab")).toEqual({ a: "abc", n: 1, z: null });
    expect(withoutKey({ a: ["xx-key1-xx"] }, "key1")).toEqual({ a: ["xx-<API_KEY>-xx"] });
  });
});

describe("origins", () => {
  const self = "https://play.example";
  it("accepts the embed's own origin and listed ones only", () => {
    expect(isAllowedOrigin(self, [], self)).toBe(true);
    expect(isAllowedOrigin("https://docs.example", ["https://docs.example"], self)).toBe(true);
    expect(isAllowedOrigin("https://evil.example", ["https://docs.example"], self)).toBe(false);
    expect(isAllowedOrigin("null", ["null"], self)).toBe(false);
  });

  it("posts to the parent's exact origin when it is allowed", () => {
    const allowed = ["https://docs.example", "https://blog.example"];
    expect(
      hostTargetOrigin({ ancestorOrigin: "https://blog.example", referrer: undefined, allowed, self }),
    ).toBe("https://blog.example");
    expect(
      hostTargetOrigin({
        ancestorOrigin: undefined,
        referrer: "https://docs.example/guide/x?y",
        allowed,
        self,
      }),
    ).toBe("https://docs.example");
  });

  it("has no target for a parent that is known and not allowed", () => {
    expect(
      hostTargetOrigin({
        ancestorOrigin: "https://evil.example",
        referrer: undefined,
        allowed: ["https://docs.example"],
        self,
      }),
    ).toBeUndefined();
  });

  it("without a known parent, assumes a single listed origin and nothing else", () => {
    expect(
      hostTargetOrigin({ ancestorOrigin: undefined, referrer: "", allowed: ["https://docs.example"], self }),
    ).toBe("https://docs.example");
    expect(
      hostTargetOrigin({
        ancestorOrigin: undefined,
        referrer: "",
        allowed: ["https://a.example", "https://b.example"],
        self,
      }),
    ).toBeUndefined();
    expect(hostTargetOrigin({ ancestorOrigin: undefined, referrer: "", allowed: [], self })).toBeUndefined();
  });
});
