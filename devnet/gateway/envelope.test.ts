import { describe, expect, it } from "vitest";
import { checkEnvelope, MAX_BATCH, nestingDepth, parseEnvelope, parseMessage } from "./envelope.ts";
import { RPC_CODES } from "./json-rpc.ts";

describe("parseEnvelope", () => {
  const errors: [string, string, number, string | number | null][] = [
    ["not JSON", "{nope", RPC_CODES.parseError, null],
    ["an empty body", "", RPC_CODES.parseError, null],
    ["a batch", '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}]', RPC_CODES.invalidRequest, null],
    ["an empty batch", "[]", RPC_CODES.invalidRequest, null],
    ["a number", "42", RPC_CODES.invalidRequest, null],
    ["a string", '"eth_chainId"', RPC_CODES.invalidRequest, null],
    ["null", "null", RPC_CODES.invalidRequest, null],
    ["a request without id", '{"jsonrpc":"2.0","method":"eth_chainId"}', RPC_CODES.invalidRequest, null],
    ["an object id", '{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}', RPC_CODES.invalidRequest, null],
    ["a boolean id", '{"jsonrpc":"2.0","id":true,"method":"eth_chainId"}', RPC_CODES.invalidRequest, null],
    ["jsonrpc 1.0", '{"jsonrpc":"1.0","id":5,"method":"eth_chainId"}', RPC_CODES.invalidRequest, 5],
    ["no jsonrpc", '{"id":"abc","method":"eth_chainId"}', RPC_CODES.invalidRequest, "abc"],
    ["a numeric jsonrpc", '{"jsonrpc":2,"id":9,"method":"eth_chainId"}', RPC_CODES.invalidRequest, 9],
    ["a numeric method", '{"jsonrpc":"2.0","id":7,"method":42}', RPC_CODES.invalidRequest, 7],
    ["an empty method", '{"jsonrpc":"2.0","id":8,"method":""}', RPC_CODES.invalidRequest, 8],
    ["no method", '{"jsonrpc":"2.0","id":null}', RPC_CODES.invalidRequest, null],
    [
      "string params",
      '{"jsonrpc":"2.0","id":3,"method":"eth_chainId","params":"x"}',
      RPC_CODES.invalidParams,
      3,
    ],
    [
      "numeric params",
      '{"jsonrpc":"2.0","id":"q","method":"eth_chainId","params":1}',
      RPC_CODES.invalidParams,
      "q",
    ],
  ];
  it.each(errors)("answers %s with the right code and id", (_name, text, code, id) => {
    const r = parseEnvelope(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.response.id).toStrictEqual(id);
    expect("error" in r.response && r.response.error.code).toBe(code);
    expect(r.response.jsonrpc).toBe("2.0");
  });

  it("refuses an array where one request object must be (a batch inside a batch)", () => {
    const r = parseEnvelope("[]");
    expect(!r.ok && "error" in r.response && r.response.error.message).toMatch(/cannot hold another batch/);
  });

  const accepted: [string, string, unknown][] = [
    [
      "array params",
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}',
      ["latest", false],
    ],
    [
      "object params",
      '{"jsonrpc":"2.0","id":"a","method":"starknet_getBlockWithTxHashes","params":{"block_id":"latest"}}',
      { block_id: "latest" },
    ],
    ["no params", '{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}', undefined],
    ["null params", '{"jsonrpc":"2.0","id":2,"method":"eth_chainId","params":null}', undefined],
    ["a null id", '{"jsonrpc":"2.0","id":null,"method":"eth_chainId"}', undefined],
  ];
  it.each(accepted)("accepts %s", (_name, text, params) => {
    const r = parseEnvelope(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.params).toStrictEqual(params);
    expect(r.request.id).toStrictEqual((JSON.parse(text) as { id: unknown }).id);
  });
});

describe("parseMessage", () => {
  it("reads a batch element by element, each checked on its own", () => {
    const m = parseMessage(
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}, 42, {"jsonrpc":"2.0","id":"s","method":"eth_blockNumber"}, []]',
    );
    expect(m.kind).toBe("batch");
    if (m.kind !== "batch") return;
    expect(m.elements.map((e) => (e.ok ? e.request.id : e.response.id))).toEqual([1, null, "s", null]);
    expect(m.elements.map((e) => e.ok)).toEqual([true, false, true, false]);
  });
  it("answers not JSON, an empty batch and one over the cap with one error, id null", () => {
    for (const [text, code] of [
      ["[1,", RPC_CODES.parseError],
      ["[]", RPC_CODES.invalidRequest],
      [
        JSON.stringify(
          Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "eth_chainId" })),
        ),
        RPC_CODES.invalidRequest,
      ],
    ] as const) {
      const m = parseMessage(text);
      expect(m.kind === "refused" && m.response).toMatchObject({ id: null, error: { code } });
    }
  });
  it("reads one object as a single request", () => {
    expect(parseMessage('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')).toMatchObject({
      kind: "single",
      envelope: { ok: true },
    });
  });
});

describe("params nested too deep", () => {
  it("is the client's error (-32602, HTTP 200), never forwarded to fail as the node's", () => {
    const deep = (n: number) => JSON.parse(`${"[".repeat(n)}1${"]".repeat(n)}`) as unknown;
    const r = checkEnvelope({
      jsonrpc: "2.0",
      id: 7,
      method: "eth_estimateGas",
      params: [{ to: "0x1", x: deep(5_000) }],
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.response).toMatchObject({
        id: 7,
        error: { code: -32602, message: expect.stringMatching(/nested deeper than 64/) },
      });
    expect(checkEnvelope({ jsonrpc: "2.0", id: 1, method: "m", params: deep(63) }).ok).toBe(true);
    expect(nestingDepth({ a: [{ b: 1 }] })).toBe(3);
  });
});
