import { describe, expect, it } from "vitest";
import { parseEnvelope } from "./envelope.ts";
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

  it("says why a batch is refused", () => {
    const r = parseEnvelope("[]");
    expect(!r.ok && "error" in r.response && r.response.error.message).toMatch(
      /batch requests .* not supported/,
    );
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
