import { describe, expect, it } from "vitest";
import { changedSpan, selectionAfter } from "./changed-span.ts";

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

describe("selectionAfter", () => {
  const sent = '{"jsonrpc":"2.0","id":110,"method":"eth_getBlockByNumber","params":["0x2",false]}';
  const next =
    '{\n  "jsonrpc": "2.0",\n  "id": 111,\n  "method": "eth_getBlockByNumber",\n  "params": ["0x2", false]\n}';

  it("keeps a select-all a select-all when the app rewrites the body (the next id, its own layout)", () => {
    expect(selectionAfter(sent, next, 0, sent.length)).toEqual({ start: 0, end: next.length });
  });

  it("keeps a caret before the change where it was, moves one after it with the text, and one inside it to its edge", () => {
    const a = '{"id":100,"x":1}';
    const b = '{"id":1999,"x":1}';
    const after = a.indexOf(',"x"'); // right after the id
    expect(selectionAfter(a, b, 1, 1)).toEqual({ start: 1, end: 1 });
    expect(selectionAfter(a, b, after, after)).toEqual({ start: after + 1, end: after + 1 });
    expect(selectionAfter(a, b, a.length, a.length)).toEqual({ start: b.length, end: b.length });
    // Inside the id's changed digits ("00" became "999"): a caret goes after them; a selection
    // keeps its start at the span's start and its end after them.
    expect(selectionAfter(a, b, 8, 8)).toEqual({ start: 10, end: 10 });
    expect(selectionAfter(a, b, 2, 8)).toEqual({ start: 2, end: 10 });
    expect(selectionAfter(a, b, 8, 12)).toEqual({ start: 7, end: 13 });
  });

  it("leaves the selection of an unchanged text as it is", () => {
    expect(selectionAfter("abc", "abc", 1, 2)).toEqual({ start: 1, end: 2 });
  });
});
