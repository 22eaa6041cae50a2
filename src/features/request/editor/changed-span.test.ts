import { describe, expect, it } from "vitest";
import { changedSpan } from "./changed-span.ts";

describe("the span the app's change of the body replaces (changedSpan)", () => {
  const apply = (text: string, next: string) => {
    const { from, to, insert } = changedSpan(text, next);
    return text.slice(0, from) + insert + text.slice(to);
  };

  it("is only what differs: the next id, a space dropped", () => {
    const sent = '{\n  "id": 9,\n  "method": "eth_chainId", \n  "params": []\n}';
    const next = '{\n  "id": 10,\n  "method": "eth_chainId",\n  "params": []\n}';
    const span = changedSpan(sent, next);
    expect(sent.slice(0, span.from)).toBe('{\n  "id": ');
    expect(sent.slice(span.to)).toBe('\n  "params": []\n}');
    expect(apply(sent, next)).toBe(next);
  });

  it("is empty for the same text, and whole for texts with nothing in common", () => {
    expect(changedSpan("abc", "abc")).toEqual({ from: 3, to: 3, insert: "" });
    expect(changedSpan("abc", "xyz")).toEqual({ from: 0, to: 3, insert: "xyz" });
    for (const [a, b] of [
      ["aaa", "aa"],
      ["aa", "aaa"],
      ["", "x"],
      ["x", ""],
    ] as const)
      expect(apply(a, b)).toBe(b);
  });

  it("never cuts a surrogate pair in two", () => {
    const span = changedSpan("a\u{1F600}b", "a\u{1F601}b");
    expect(span).toEqual({ from: 1, to: 3, insert: "\u{1F601}" });
  });
});
