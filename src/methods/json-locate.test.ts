import { describe, expect, it } from "vitest";
import { locate, positionOf, syntaxErrorAt } from "./json-locate.ts";

describe("locate", () => {
  const text = JSON.stringify(
    [
      { jsonrpc: "2.0", id: 1, method: "a", params: ['x,]\\"', { k: [1, 2] }] },
      { jsonrpc: "2.0", id: 2, method: "b", params: ["0xasdf"] },
    ],
    null,
    2,
  );
  it("finds a value by its path, past strings with brackets and escapes", () => {
    expect(text.slice(locate(text, [1, "params", 0]))).toMatch(/^"0xasdf"/);
    expect(text.slice(locate(text, [0, "params", 1, "k", 1]))).toMatch(/^2/);
    expect(positionOf(text, [1])).toEqual({ line: 16, column: 3 });
    expect(positionOf(text, [1, "params", 0])).toEqual({ line: 21, column: 7 });
  });
  it("falls back to the nearest value that exists, and never throws on text that is not JSON", () => {
    expect(positionOf(text, [1, "params", 5])).toEqual(positionOf(text, [1, "params"]));
    expect(locate('{"a": [1,', ["a", 3])).toBeUndefined();
    expect(positionOf("not json", ["params", 0])).toEqual({ line: 1, column: 1 });
  });
});

describe("syntaxErrorAt", () => {
  const text = '{\n  "a": 1\n}x';
  it("reads where JSON.parse stopped from this engine's own message", () => {
    let message = "";
    try {
      JSON.parse(text);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(syntaxErrorAt(text, message)).toEqual({ line: 3, column: 2 });
  });
  it("reads the other engines' forms, and says nothing when the message has no place", () => {
    expect(
      syntaxErrorAt(text, "JSON.parse: unexpected character at line 3 column 2 of the JSON data"),
    ).toEqual({
      line: 3,
      column: 2,
    });
    expect(syntaxErrorAt(text, "Unexpected token x in JSON at position 12")).toEqual({ line: 3, column: 2 });
    expect(syntaxErrorAt(text, "JSON Parse error: Unexpected identifier")).toBeUndefined();
  });
});
