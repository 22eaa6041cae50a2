import { describe, expect, it } from "vitest";
import {
  asJsonRpcErrorObject,
  isNotification,
  parseJson,
  snippet,
  toParsedResponse,
  utf8ByteLength,
} from "./response.ts";

describe("toParsedResponse", () => {
  it.each<[unknown, string | undefined]>([
    [{ jsonrpc: "2.0", id: 1, result: null }, "result"],
    [{ jsonrpc: "2.0", id: 1, result: "0x1", error: null }, "result"],
    [{ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "nope" } }, "error"],
    [{ jsonrpc: "2.0", id: 1, error: { code: 24 } }, "error"],
    [{ jsonrpc: "2.0", id: 1, error: "rate limited" }, undefined],
    [{ jsonrpc: "2.0", id: 1, error: { code: "x", message: "m" } }, undefined],
    [{ jsonrpc: "2.0", id: 1 }, undefined],
    [[{ jsonrpc: "2.0", id: 1, result: 1 }], undefined],
    ["0x1", undefined],
    [null, undefined],
  ])("%j -> %s", (value, kind) => {
    expect(toParsedResponse(value)?.kind).toBe(kind);
  });

  it("keeps data only when present and defaults a missing message", () => {
    expect(asJsonRpcErrorObject({ code: 3, message: "m", data: "0x" })).toEqual({
      code: 3,
      message: "m",
      data: "0x",
    });
    expect(asJsonRpcErrorObject({ code: 24 })).toEqual({ code: 24, message: "" });
    expect(asJsonRpcErrorObject({ code: 24 })).not.toHaveProperty("data");
  });
});

describe("helpers", () => {
  it("parses JSON or says it is not", () => {
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson("<html>")).toEqual({ ok: false });
  });

  it("tells notifications from responses", () => {
    expect(isNotification({ jsonrpc: "2.0", method: "eth_subscription", params: {} })).toBe(true);
    expect(isNotification({ jsonrpc: "2.0", id: 1, result: 1 })).toBe(false);
  });

  it("cuts snippets and counts UTF-8 bytes", () => {
    expect(snippet("a\r\n  b")).toBe("a b");
    expect(snippet("x".repeat(400))).toHaveLength(301);
    expect(utf8ByteLength("é✓")).toBe(5);
    // Counted as TextEncoder writes it: pairs are 4 bytes, lone surrogates U+FFFD (3 bytes).
    const encoder = new TextEncoder();
    for (const s of [
      "",
      "abc",
      "😀",
      "a😀b",
      "\ud800",
      "\udc00x",
      "\ud800\ud800",
      "日本語",
      `{"x":"${"é".repeat(300)}"}`,
    ])
      expect(utf8ByteLength(s)).toBe(encoder.encode(s).byteLength);
  });
});
