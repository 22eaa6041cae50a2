import { describe, expect, it } from "vitest";
import { MAX_ANSWER_BYTES } from "./history-entry.ts";
import {
  EXPORT_FORMAT,
  exportFileName,
  exportHistory,
  MAX_AHEAD_MS,
  mergeEntries,
  parseHistoryFile,
} from "./history-io.ts";
import { entry, KEY } from "./test-fixtures.ts";

const file = (entries: unknown[]) => JSON.stringify({ format: EXPORT_FORMAT, version: 1, entries });
/** The clock of these tests: just after the fixtures' entries were made. */
const now = 1_800_000_000_000;
const parse = (text: string) => parseHistoryFile(text, { now });
const noRefusals = { key: { count: 0 }, future: { count: 0 }, shape: { count: 0 } };

describe("exportHistory", () => {
  it("writes every entry and contains no key", () => {
    const leaky = entry({ params: [KEY, false], answer: { jsonrpc: "2.0", id: 1, result: `at /v3/${KEY}` } });
    const text = exportHistory([entry(), leaky], { now: 0, secrets: [KEY] });
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/\/v3\/(?!<API_KEY>)/);
    const back = parse(text);
    expect(back).toMatchObject({ ok: true, refused: noRefusals });
    expect(back.ok && back.entries).toHaveLength(2);
  });

  it("round-trips entries unchanged", () => {
    const es = [entry(), entry({ status: { kind: "rpc-error", code: 3, message: "reverted" } })];
    const back = parse(exportHistory(es, { now: 0 }));
    expect(back).toEqual({ ok: true, entries: es, refused: noRefusals, trimmedIds: [] });
  });

  it("names the file after the day", () => {
    expect(exportFileName(new Date(2024, 4, 3).getTime())).toBe("rpc-playground-history-2024-05-03.json");
  });
});

describe("parseHistoryFile", () => {
  it.each([
    ["", "The file is empty."],
    ["{not json", /^The file is not JSON \(/],
    ["[1,2]", /^This is not a history export of RPC Playground/],
    [JSON.stringify({ format: "other", version: 1, entries: [] }), /^This is not a history export/],
    [JSON.stringify({ format: EXPORT_FORMAT, version: 2, entries: [] }), /^This is not a history export/],
  ])("refuses %j", (text, message) => {
    const r = parse(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("refuses an entry of the wrong shape on its own, naming the first, and reads the rest", () => {
    const good = entry();
    const bad = { ...entry(), method: 42 };
    const r = parse(
      file([good, bad, { ...entry(), transport: "smtp" }, { ...entry(), status: { kind: "fine" } }]),
    );
    expect(r).toEqual({
      ok: true,
      entries: [good],
      refused: {
        ...noRefusals,
        shape: { count: 3, first: "entry 2: method: Invalid input: expected string, received number" },
      },
      trimmedIds: [],
    });
    // A time no Date can hold: it used to pass, then crash the History tab after every reload.
    expect(parse(file([{ ...entry(), at: 1e300 }]))).toMatchObject({ ok: true, entries: [] });
  });

  it("refuses an entry dated more than a day ahead of the clock (it would stay the newest for ever)", () => {
    const farAhead = entry({ at: 8.64e15 });
    const tomorrow = entry({ at: now + MAX_AHEAD_MS });
    const r = parse(file([farAhead, tomorrow, entry({ at: now + MAX_AHEAD_MS + 1 })]));
    expect(r.ok && r.entries).toEqual([tomorrow]);
    expect(r.ok && r.refused.future.count).toBe(2);
    expect(r.ok && r.refused.future.first).toMatch(/^entry 1: 275760-09-1[23] /);
  });

  it("keeps an entry whose answer is over the per-entry cap without it, with the note and the answer's size", () => {
    const huge = { jsonrpc: "2.0", id: 1, result: "é".repeat(MAX_ANSWER_BYTES / 2) };
    const big = entry({ answer: huge, sizeBytes: 10 });
    const small = entry({ answer: { jsonrpc: "2.0", id: 2, result: "x".repeat(MAX_ANSWER_BYTES - 100) } });
    const r = parse(file([big, small]));
    if (!r.ok) throw new Error(r.message);
    const { answer: _a, ...rest } = big;
    expect(r.entries).toEqual([
      { ...rest, sizeBytes: JSON.stringify(huge).length + MAX_ANSWER_BYTES / 2, answerOmitted: "too-large" },
      small,
    ]);
    expect(r.trimmedIds).toEqual([big.id]);
  });

  it("refuses entries that carry a key (a field named like apiKey, an address with /v3/<key>), imports the rest", () => {
    const good = entry();
    const withField = { ...entry(), apiKey: "abc" };
    const withUrl = entry({
      network: { id: "c", name: "C", kind: "evm", base_url: "https://n.example/v3/abc", custom: true },
    });
    const inAnswer = entry({ answer: { jsonrpc: "2.0", id: 1, result: { api_key: "x" } } });
    const r = parse(file([good, withField, withUrl, inAnswer]));
    expect(r).toEqual({
      ok: true,
      entries: [good],
      refused: { ...noRefusals, key: { count: 3, first: 'entry 2: it has a field named "apiKey"' } },
      trimmedIds: [],
    });
  });

  it("drops unknown harmless fields", () => {
    const r = parse(file([{ ...entry(), note: "hi" }]));
    expect(r.ok && r.entries[0]).not.toHaveProperty("note");
  });
});

describe("mergeEntries", () => {
  it("adds only entries not already there, by id or by content", () => {
    const a = entry();
    const b = entry();
    const sameContent = { ...a, id: "other-id" };
    const c = entry();
    const r = mergeEntries([a, b], [b, sameContent, c, c]);
    expect(r.added).toEqual([c]);
    expect(r.duplicates).toBe(3);
    expect(r.merged).toEqual([a, b, c]);
  });
});
