import { describe, expect, it } from "vitest";
import {
  EXPORT_FORMAT,
  exportFileName,
  exportHistory,
  mergeEntries,
  parseHistoryFile,
} from "./history-io.ts";
import { entry, KEY } from "./test-fixtures.ts";

const file = (entries: unknown[]) => JSON.stringify({ format: EXPORT_FORMAT, version: 1, entries });

describe("exportHistory", () => {
  it("writes every entry and contains no key", () => {
    const leaky = entry({ params: [KEY, false], answer: { jsonrpc: "2.0", id: 1, result: `at /v3/${KEY}` } });
    const text = exportHistory([entry(), leaky], { now: 0, secrets: [KEY] });
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/\/v3\/(?!<API_KEY>)/);
    const back = parseHistoryFile(text);
    expect(back).toMatchObject({ ok: true, refused: 0 });
    expect(back.ok && back.entries).toHaveLength(2);
  });

  it("round-trips entries unchanged", () => {
    const es = [entry(), entry({ status: { kind: "rpc-error", code: 3, message: "reverted" } })];
    const back = parseHistoryFile(exportHistory(es, { now: 0 }));
    expect(back).toEqual({ ok: true, entries: es, refused: 0 });
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
    const r = parseHistoryFile(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("refuses a file with an entry of the wrong shape as a whole, naming it", () => {
    const bad = { ...entry(), method: 42 };
    const r = parseHistoryFile(file([entry(), bad]));
    expect(r).toEqual({
      ok: false,
      message:
        "Entry 2 is not a history entry (method: Invalid input: expected string, received number). Nothing was imported.",
    });
    expect(parseHistoryFile(file([{ ...entry(), transport: "smtp" }])).ok).toBe(false);
    expect(parseHistoryFile(file([{ ...entry(), status: { kind: "fine" } }])).ok).toBe(false);
    // A time no Date can hold: it used to pass, then crash the History tab after every reload.
    expect(parseHistoryFile(file([{ ...entry(), at: 1e300 }])).ok).toBe(false);
  });

  it("refuses entries that carry a key (a field named like apiKey, an address with /v3/<key>), imports the rest", () => {
    const good = entry();
    const withField = { ...entry(), apiKey: "abc" };
    const withUrl = entry({
      network: { id: "c", name: "C", kind: "evm", base_url: "https://n.example/v3/abc", custom: true },
    });
    const inAnswer = entry({ answer: { jsonrpc: "2.0", id: 1, result: { api_key: "x" } } });
    const r = parseHistoryFile(file([good, withField, withUrl, inAnswer]));
    expect(r).toEqual({
      ok: true,
      entries: [good],
      refused: 3,
      refusedReason: 'entry 2: it has a field named "apiKey"',
    });
  });

  it("drops unknown harmless fields", () => {
    const r = parseHistoryFile(file([{ ...entry(), note: "hi" }]));
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
