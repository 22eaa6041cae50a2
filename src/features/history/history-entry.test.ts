import { describe, expect, it } from "vitest";
import { HttpStatusError, TimeoutError } from "../../rpc/errors.ts";
import { comparableAnswer, historyEntrySchema, storedAnswer, toHistoryEntry } from "./history-entry.ts";
import { answer, custom, entry, KEY, sentEvent } from "./test-fixtures.ts";

const opts = { id: "id-1", now: 1_700_000_000_500 };

describe("toHistoryEntry", () => {
  it("keeps method, params, network, transport, time, status, latency, size and the answer", () => {
    const raw = { jsonrpc: "2.0", id: 7, result: { number: "0x1" } };
    const e = toHistoryEntry(sentEvent({ ok: true, answer: answer(raw) }), opts);
    expect(e).toEqual({
      id: "id-1",
      at: 1_700_000_000_000,
      method: "eth_getBlockByNumber",
      params: ["0x1", false],
      network: { id: "devnet", name: "Local devnet (Anvil)", kind: "evm" },
      transport: "http",
      status: { kind: "ok" },
      latencyMs: 12.6,
      sizeBytes: 100,
      httpStatus: 200,
      answer: raw,
    });
  });

  it("records a JSON-RPC error by its code", () => {
    const raw = { jsonrpc: "2.0", id: 7, error: { code: -32602, message: "invalid params" } };
    const e = toHistoryEntry(sentEvent({ ok: true, answer: answer(raw) }), opts);
    expect(e.status).toEqual({ kind: "rpc-error", code: -32602, message: "invalid params" });
    expect(storedAnswer(e)).toMatchObject({ ok: true, answer: { kind: "error", error: { code: -32602 } } });
  });

  it("records a failure by its kind, with the time until it failed", () => {
    const e = toHistoryEntry(
      sentEvent({ ok: false, error: new TimeoutError({ timeoutMs: 1000, transport: "http" }) }),
      opts,
    );
    expect(e.status).toEqual({ kind: "failure", failure: "timeout", title: "No answer within 1 s" });
    expect(e.latencyMs).toBe(500);
    expect(e.answer).toBeUndefined();
    expect(storedAnswer(e)).toEqual({
      ok: false,
      reason: "The request got no answer: No answer within 1 s.",
    });
  });

  it("keeps the HTTP status of an HTTP failure", () => {
    const err = new HttpStatusError({ status: 401, statusText: "Unauthorized", bodySnippet: "" });
    const e = toHistoryEntry(sentEvent({ ok: false, error: err }), opts);
    expect(e.httpStatus).toBe(401);
    expect(e.status).toMatchObject({ kind: "failure", failure: "http-status" });
  });

  it("keeps an answer over the limit without its body, and says so", () => {
    const e = toHistoryEntry(
      sentEvent({ ok: true, answer: answer({ jsonrpc: "2.0", id: 7, result: "big" }, 300 * 1024) }),
      opts,
    );
    expect(e.answer).toBeUndefined();
    expect(e.answerOmitted).toBe("too-large");
    expect(storedAnswer(e)).toEqual({
      ok: false,
      reason:
        "The answer (300.0 KiB) was over the 256.0 KiB the history keeps, so only its details were kept.",
    });
  });

  it("keeps a custom network's addresses", () => {
    const e = toHistoryEntry(
      sentEvent({ network: custom, ok: true, answer: answer({ jsonrpc: "2.0", id: 7, result: null }) }),
      opts,
    );
    expect(e.network).toEqual({
      id: "c1",
      name: "My node",
      kind: "evm",
      base_url: "https://node.example",
      ws_url: "wss://node.example",
      custom: true,
    });
  });

  it("never keeps the key, even where the request or the answer carried it", () => {
    const raw = { jsonrpc: "2.0", id: 7, error: { code: -32000, message: `bad key ${KEY} at /v3/${KEY}` } };
    const e = toHistoryEntry(sentEvent({ params: [KEY, false], ok: true, answer: answer(raw) }), {
      ...opts,
      secrets: ["another-key-typed"],
    });
    const text = JSON.stringify(e);
    expect(text).not.toContain(KEY);
    expect(text).toContain("<API_KEY>");
    expect(text).not.toMatch(/apiKey/i);
  });
});

describe("storedAnswer and comparableAnswer", () => {
  it("reads a result, null included", () => {
    const e = entry({ answer: { jsonrpc: "2.0", id: 3, result: null } });
    expect(storedAnswer(e)).toMatchObject({ ok: true, answer: { kind: "result", result: null } });
    expect(comparableAnswer(e)).toEqual({ ok: true, value: { result: null } });
  });
});

describe("a body sent as written", () => {
  it("records a batch with its text, validates in and out, and reads back its answer array", () => {
    const text = `[{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]},{"jsonrpc":"2.0","id":"b","method":"eth_blockNumber","params":["${KEY}"]}]`;
    const base = sentEvent({ ok: true, answer: answer([{ jsonrpc: "2.0", id: 1, result: "0x7a69" }]) });
    const e = {
      ...base,
      vars: {
        ...base.vars,
        body: { jsonrpc: "2.0" as const, id: null, method: "", params: [] },
        raw: { text, batch: true, ids: [1, "b"] },
      },
    };
    const entry = toHistoryEntry(e, { id: "x", now: 0 });
    expect(historyEntrySchema.parse(entry)).toEqual(entry);
    expect(entry.method).toBe("batch");
    expect(entry.sentAs?.batch).toBe(true);
    expect(entry.sentAs?.text).not.toContain(KEY);
    const stored = storedAnswer(entry);
    expect(stored.ok && stored.answer.kind === "result" && stored.answer.result).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x7a69" },
    ]);
  });
  it("records text that is not JSON under '(no method)', with a string id answer", () => {
    const base = sentEvent({
      ok: true,
      answer: answer({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
    });
    const e = {
      ...base,
      vars: {
        ...base.vars,
        body: { jsonrpc: "2.0" as const, id: null, method: "", params: [] },
        raw: { text: "{oops", batch: false, ids: [undefined] },
      },
    };
    const entry = toHistoryEntry(e, { id: "y", now: 0 });
    expect(historyEntrySchema.parse(entry)).toMatchObject({
      method: "(no method)",
      sentAs: { text: "{oops" },
    });
    expect(entry.status).toEqual({ kind: "rpc-error", code: -32700, message: "Parse error" });
  });
});
