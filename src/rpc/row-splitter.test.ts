import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { getPath, type Path } from "./answer-split.ts";
import { type Piece, RowSplitter, type SplitEnd } from "./row-splitter.ts";

/** `text` fed in `cuts` pieces (at the given offsets), with `firstRows` and small pieces. */
function split(text: string, cuts: number[], firstRows = 3, pieceChars = 10) {
  const pieces: Piece[] = [];
  const s = new RowSplitter((p) => pieces.push(p), { firstRows, pieceChars });
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    s.push(text.slice(at, cut));
    at = cut;
  }
  return { end: s.end(), pieces };
}

/** The value put back together from the split: `first` with every piece's rows after its own. */
function rebuild(end: SplitEnd & { ok: true }, pieces: Piece[]): unknown {
  const value = JSON.parse(end.first) as unknown;
  if (!end.path) return value;
  const rows = getPath(value, end.path) as unknown[];
  for (const p of pieces) {
    const parsed = JSON.parse(`[${p.text}]`) as unknown[];
    expect(parsed).toHaveLength(p.rows);
    // Each row read alone between its ends is the row the piece's parse gives.
    expect(p.ends).toHaveLength(p.rows);
    const alone = p.ends.map((e, k) =>
      JSON.parse(p.text.slice(k === 0 ? 0 : (p.ends[k - 1] as number) + 1, e)),
    );
    expect(alone).toEqual(parsed);
    rows.push(...parsed);
  }
  expect(rows).toHaveLength(end.total);
  return value;
}

/** A small deterministic random source. */
/**
 * The splitter's rule, read from the parsed value (the test's oracle): where its big array is, the
 * first array of more than `firstRows` elements at the top level, at the result, or among the
 * result's fields; null when there is none.
 */
function bigArrayPath(value: unknown, firstRows: number): Path | null {
  const long = (v: unknown) => Array.isArray(v) && v.length > firstRows;
  if (long(value)) return [];
  if (value === null || typeof value !== "object" || Array.isArray(value) || !("result" in value))
    return null;
  const result = value.result;
  if (long(result)) return ["result"];
  if (result === null || typeof result !== "object" || Array.isArray(result)) return null;
  for (const [k, v] of Object.entries(result)) if (long(v)) return ["result", k];
  return null;
}

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

function randomValue(r: () => number, depth: number): unknown {
  const pick = r();
  if (depth > 3 || pick < 0.3) {
    const leaves = [0, -1.5e3, "0xab", 'q"uo\\te\\\\', "\\", "ünï\u2028", true, null, "", "]},[{"];
    return leaves[Math.floor(r() * leaves.length)];
  }
  if (pick < 0.6) return Array.from({ length: Math.floor(r() * 8) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(r() * 5); i++)
    o[["a", "result", "tx", 'k"y', "b\\"][i] ?? "z"] = randomValue(r, depth + 1);
  return o;
}

function randomAnswer(r: () => number): unknown {
  const rows = () => Array.from({ length: Math.floor(r() * 9) }, () => randomValue(r, 1));
  const shape = r();
  if (shape < 0.2) return rows();
  if (shape < 0.4) return { jsonrpc: "2.0", id: 1, result: rows() };
  if (shape < 0.5) return { jsonrpc: "2.0", id: 1, result: randomValue(r, 1) };
  return {
    jsonrpc: "2.0",
    id: r() < 0.5 ? 1 : "x",
    result: { number: "0x1", uncles: rows(), transactions: rows(), withdrawals: rows(), more: { a: rows() } },
  };
}

describe("RowSplitter", () => {
  it("cuts a block's transactions into pieces, the fields after them kept with the first rows", () => {
    const block = {
      jsonrpc: "2.0",
      id: 7,
      result: {
        number: "0x1",
        transactions: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        transactionsRoot: "0xr",
        withdrawals: [1],
      },
    };
    const text = JSON.stringify(block);
    const { end, pieces } = split(text, [], 3, 4);
    expect(end).toMatchObject({ ok: true, path: ["result", "transactions"], total: 9 });
    expect(JSON.parse((end as { first: string }).first)).toEqual({
      ...block,
      result: { ...block.result, transactions: [1, 2, 3] },
    });
    expect(pieces.map((p) => p.text)).toEqual(["4,5,6", "7,8,9"]);
    expect(rebuild(end as SplitEnd & { ok: true }, pieces)).toEqual(block);
  });

  it("keeps an array of few rows in the head and goes on to the next field", () => {
    const text = JSON.stringify({ result: { uncles: [1, 2], transactions: [1, 2, 3, 4, 5] } });
    const { end, pieces } = split(text, [5, 17, 18]);
    expect(end).toMatchObject({ ok: true, path: ["result", "transactions"], total: 5 });
    expect(rebuild(end as SplitEnd & { ok: true }, pieces)).toEqual(JSON.parse(text));
  });

  it("reads a key and escapes cut anywhere by the chunks", () => {
    const text = JSON.stringify({ 'x\\"': '\\\\"', result: ["a\\", '\\"b', "c", "d", "e\\\\", '"'] });
    for (let cut = 0; cut <= text.length; cut++)
      for (const second of [cut + 1, cut + 2, cut + 3]) {
        const { end, pieces } = split(text, second < text.length ? [cut, second] : [cut]);
        expect(end.ok).toBe(true);
        expect((end as { path: Path }).path).toEqual(["result"]);
        expect(rebuild(end as SplitEnd & { ok: true }, pieces)).toEqual(JSON.parse(text));
      }
  });

  it("puts any answer back together as JSON.parse reads it, whatever the chunks (fuzz)", () => {
    const r = random(22);
    for (let n = 0; n < 1500; n++) {
      const value = randomAnswer(r);
      const text = JSON.stringify(value, null, r() < 0.3 ? 1 : undefined);
      const cuts = Array.from({ length: Math.floor(r() * 6) }, () => Math.floor(r() * text.length)).sort(
        (a, b) => a - b,
      );
      const firstRows = Math.floor(r() * 4);
      const { end, pieces } = split(text, cuts, firstRows, Math.floor(r() * 20));
      expect(end.ok, text).toBe(true);
      const ok = end as SplitEnd & { ok: true };
      expect(ok.path, text).toEqual(bigArrayPath(value, firstRows));
      expect(rebuild(ok, pieces), text).toEqual(value);
    }
  });

  it("says a broken structure is broken: unmatched brackets, an open string, nothing", () => {
    for (const text of ['{"result":[1,2,3,4,5]', '{"result":[1,2,3,4,5}}', '["a', "", "  ", "]", '{"a":1}}'])
      expect(split(text, [2]).end.ok, text).toBe(false);
  });

  it("leaves what it does not check to the parse: a trailing comma, a bad number", () => {
    const trailing = split('{"result":[1,2,3,4,5,]}', []);
    expect(() => trailing.pieces.map((p) => JSON.parse(`[${p.text}]`))).toThrow();
    expect(split('{"result":[1,2,3,4,]}', [], 3, 0).end.ok).toBe(false);
    const bad = split('{"result":[1,2,3,4,05,6]}', []);
    expect(bad.end.ok).toBe(true);
    expect(() => bad.pieces.map((p) => JSON.parse(`[${p.text}]`))).toThrow();
  });

  it("takes hostile shapes: deep nesting, huge strings, mixed rows", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 800; i++) deep = [deep];
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      result: { transactions: [`0x${"ab".repeat(400_000)}`, null, 1, deep, {}] },
    });
    const { end, pieces } = split(text, [5, 400_000, 800_100], 1, 10);
    expect(end).toMatchObject({ ok: true, path: ["result", "transactions"], total: 5 });
    expect(rebuild(end as SplitEnd & { ok: true }, pieces)).toEqual(JSON.parse(text));
  });

  it("reads real receipts (a mainnet node's capture) the same in pieces as whole", () => {
    const dir = resolve(import.meta.dirname, "../../test/fixtures/mainnet");
    const file = readdirSync(dir).find((f) => f.startsWith("eth_getBlockReceipts"));
    const { response } = JSON.parse(readFileSync(resolve(dir, file ?? ""), "utf8"));
    const text = JSON.stringify(response, null, 2);
    const cuts = Array.from({ length: 40 }, (_, i) => Math.floor((text.length * (i + 1)) / 41));
    const { end, pieces } = split(text, cuts, 20, 30_000);
    expect(end).toMatchObject({ ok: true, path: ["result"] });
    expect(pieces.length).toBeGreaterThan(2);
    expect(rebuild(end as SplitEnd & { ok: true }, pieces)).toEqual(response);
  });
});
