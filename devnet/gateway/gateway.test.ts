import { connect } from "node:net";
import { encodeAbiParameters, encodeErrorResult, parseAbi, toHex } from "viem";
import { describe, expect, inject, it } from "vitest";
import { generateStarknetChain } from "../starknet/blocks.ts";
import { RATE_LIMIT_BACKOFF_SECONDS } from "./faults.ts";
import { RPC_CODES } from "./json-rpc.ts";
import { MAX_BODY_BYTES } from "./server.ts";
import { post, result, rpc, WsClient, wsRefusal } from "./test-helpers.ts";

/**
 * The gateway's own behaviour (auth, envelope, limits, CORS, fault switches, robustness) against
 * the real devnet the "devnet" project's global setup starts. The nine methods with the seeded
 * data are in methods.test.ts.
 */
const devnet = inject("devnet");
const { key } = devnet;
const base = devnet.appConfig.evm.httpUrl;
const wsBase = devnet.appConfig.evm.wsUrl;
const evmUrl = `${base}/v3/${key}`;
const evmWs = `${wsBase}/ws/v3/${key}`;
const snUrl = `${devnet.appConfig.starknet.httpUrl}/v3/${key}`;
const snWs = `${devnet.appConfig.starknet.wsUrl}/ws/v3/${key}`;
const fault = (name: string, ws = false, network: "evm" | "starknet" = "evm", query = "") =>
  `${network === "evm" ? (ws ? wsBase : base) : ws ? devnet.appConfig.starknet.wsUrl : devnet.appConfig.starknet.httpUrl}` +
  `/faults/${name}${ws ? "/ws" : ""}/v3/${key}${query}`;

const req = (method: string, params?: unknown, id: unknown = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

const errorOf = (json: unknown) =>
  (json as { error?: { code: number; message: string; data?: unknown } }).error;

/** Init code that reverts with `payload` (so a revert can be estimated without any contract). */
const revertingInitCode = (payload: `0x${string}`) => {
  const len = toHex((payload.length - 2) / 2, { size: 2 }).slice(2);
  return `0x61${len}600e600039${"61"}${len}6000fd${payload.slice(2)}`;
};

describe("API key", () => {
  it.each([
    ["a wrong key", `${base}/v3/wrong-key-0451`, /invalid API key/],
    ["a missing key", `${base}/v3/`, /API key is missing/],
    ["no key segment", `${base}/v3`, /API key is missing/],
    ["a wrong Starknet key", `${devnet.appConfig.starknet.httpUrl}/v3/wrong-key-0451`, /invalid API key/],
  ])("answers %s with HTTP 401 and a JSON-RPC error that does not echo the key", async (_n, url, message) => {
    const r = await post(url, req("eth_chainId"));
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(errorOf(r.json)).toMatchObject({
      code: RPC_CODES.unauthorized,
      message: expect.stringMatching(message),
    });
    expect(r.text).not.toContain("wrong-key-0451");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  it.each([
    ["EVM", `${wsBase}/ws/v3/wrong-key-0451`],
    ["Starknet", `${devnet.appConfig.starknet.wsUrl}/ws/v3/wrong-key-0451`],
    ["EVM, no key", `${wsBase}/ws/v3/`],
  ])("refuses a %s WebSocket upgrade with a bad key: 401 and a JSON-RPC body", async (_n, url) => {
    const r = await wsRefusal(url);
    expect(r.status).toBe(401);
    expect(errorOf(JSON.parse(r.body))?.message).toMatch(/Unauthorized/);
    expect(r.body).not.toContain("wrong-key-0451");
  });

  it("accepts the right key over both transports", async () => {
    expect(await result(evmUrl, "eth_chainId")).toBe("0x7a69");
    const ws = await WsClient.open(evmWs);
    expect((await ws.request(req("eth_chainId", [], 5))).result).toBe("0x7a69");
    ws.close();
  });
});

describe("envelope errors keep the request's id", () => {
  const cases: [string, string, number, unknown][] = [
    ["bad JSON", '{"jsonrpc":"2.0","id":1,', RPC_CODES.parseError, null],
    [
      "jsonrpc 1.0",
      JSON.stringify({ jsonrpc: "1.0", id: 42, method: "eth_chainId" }),
      RPC_CODES.invalidRequest,
      42,
    ],
    [
      "a numeric method",
      JSON.stringify({ jsonrpc: "2.0", id: "m", method: 7 }),
      RPC_CODES.invalidRequest,
      "m",
    ],
    ["an empty batch", "[]", RPC_CODES.invalidRequest, null],
    ["a bare string", '"hello"', RPC_CODES.invalidRequest, null],
    ["an unknown method", JSON.stringify(req("eth_getBalance", [], 9)), RPC_CODES.methodNotFound, 9],
    ["a made-up method", JSON.stringify(req("foo_bar", [], 10)), RPC_CODES.methodNotFound, 10],
    [
      "object params",
      JSON.stringify(req("eth_getBlockByNumber", { block: "latest" }, 11)),
      RPC_CODES.invalidParams,
      11,
    ],
    [
      "a wrong count",
      JSON.stringify(req("eth_getBlockByNumber", ["latest"], 12)),
      RPC_CODES.invalidParams,
      12,
    ],
    [
      "a short address",
      JSON.stringify(req("eth_getStorageAt", ["0x12", "0x0", "latest"], 13)),
      RPC_CODES.invalidParams,
      13,
    ],
    [
      "a short hash",
      JSON.stringify(req("eth_getBlockByHash", ["0xabc", false], "h")),
      RPC_CODES.invalidParams,
      "h",
    ],
    [
      "a Starknet method on EVM",
      JSON.stringify(req("starknet_chainId", [], 14)),
      RPC_CODES.methodNotFound,
      14,
    ],
  ];

  it.each(cases)("over HTTP: %s", async (_n, body, code, id) => {
    const r = await post(evmUrl, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
  });

  it.each(cases)("over WebSocket: %s", async (_n, body, code, id) => {
    const ws = await WsClient.open(evmWs);
    const next = ws.nextMessage();
    ws.socket.send(body);
    const answer = JSON.parse(await next);
    expect(answer).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
    ws.close();
  });

  it("names the method that is not offered", async () => {
    const r = await rpc(evmUrl, "eth_getBalance", []);
    expect(errorOf(r)?.message).toMatch(/eth_getBalance is not offered/);
  });
});

describe("batches are forwarded element by element, as real providers do", () => {
  const batch = [
    req("eth_chainId", [], 1),
    req("eth_getStorageAt", ["0x0000000000000000000000000000000000000001", "0xasdf", "latest"], "two"),
    { jsonrpc: "2.0", id: 3 },
    req("eth_blockNumber", [], null),
  ];
  const check = (answers: unknown) => {
    expect(Array.isArray(answers)).toBe(true);
    const list = answers as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(list.map((a) => a.id)).toEqual([1, "two", 3, null]);
    expect(list[0]?.result).toBe("0x7a69");
    expect(list[1]?.error?.code).toBe(RPC_CODES.invalidParams);
    expect(list[2]?.error?.code).toBe(RPC_CODES.invalidRequest);
    expect(typeof list[3]?.result).toBe("string");
  };
  it("over HTTP: one array, each answer in its place with its own id and its own error", async () => {
    const r = await post(evmUrl, batch);
    expect(r.status).toBe(200);
    check(r.json);
  });
  it("over WebSocket: one message in, one array out", async () => {
    const ws = await WsClient.open(evmWs);
    const next = ws.nextMessage();
    ws.socket.send(JSON.stringify(batch));
    check(JSON.parse(await next));
    ws.close();
  });
});

describe("methods that would change the chain are refused", () => {
  const writes: [string, unknown[]][] = [
    ["eth_sendRawTransaction", ["0x02f86c"]],
    [
      "eth_sendTransaction",
      [
        {
          from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
          to: "0x0000000000000000000000000000000000000001",
        },
      ],
    ],
    ["eth_sign", ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0x00"]],
    ["anvil_mine", ["0x1"]],
    ["evm_mine", []],
    ["anvil_setBalance", ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0x0"]],
    ["hardhat_mine", []],
    ["personal_sign", ["0x00", "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"]],
    ["debug_setHead", ["0x0"]],
  ];
  it.each(writes)("%s gets -32004 and the chain does not move", async (method, params) => {
    const before = await result<string>(evmUrl, "eth_blockNumber");
    const r = await rpc(evmUrl, method, params);
    expect(errorOf(r)).toMatchObject({
      code: RPC_CODES.writeRefused,
      message: expect.stringMatching(/does not submit transactions/),
    });
    expect(await result<string>(evmUrl, "eth_blockNumber")).toBe(before);
  });

  it("refuses Starknet writes too", async () => {
    const r = await rpc(snUrl, "starknet_addInvokeTransaction", { invoke_transaction: {} });
    expect(errorOf(r)?.code).toBe(RPC_CODES.writeRefused);
  });
});

describe("eth_estimateGas", () => {
  it("refuses gas above 10 times the block gas limit, naming the cap", async () => {
    const block = await result<{ gasLimit: string }>(evmUrl, "eth_getBlockByNumber", ["latest", false]);
    const cap = BigInt(block.gasLimit) * 10n;
    const tx = { to: "0x0000000000000000000000000000000000000001", gas: toHex(cap + 1n) };
    const r = await rpc(evmUrl, "eth_estimateGas", [tx]);
    expect(errorOf(r)).toMatchObject({ code: RPC_CODES.gasCapExceeded, data: { cap: toHex(cap) } });
    expect(errorOf(r)?.message).toMatch(
      new RegExp(`exceeds the cap of ${cap} \\(10 times the current block gas limit`),
    );
  });

  it("lets gas at the cap through to the node", async () => {
    const block = await result<{ gasLimit: string }>(evmUrl, "eth_getBlockByNumber", ["latest", false]);
    const tx = { to: "0x0000000000000000000000000000000000000001", gas: toHex(BigInt(block.gasLimit) * 10n) };
    const r = await rpc(evmUrl, "eth_estimateGas", [tx]);
    expect(errorOf(r)?.code).not.toBe(RPC_CODES.gasCapExceeded);
  });

  const abi = parseAbi(["error Error(string)", "error Panic(uint256)", "error Unauthorized(address who)"]);
  const reverts: [string, `0x${string}`, string][] = [
    [
      "a reason string",
      encodeErrorResult({ abi, errorName: "Error", args: ["not enough"] }),
      "execution reverted: not enough",
    ],
    [
      "a panic",
      encodeErrorResult({ abi, errorName: "Panic", args: [0x12n] }),
      "execution reverted: panic: division or modulo by zero (0x12)",
    ],
    [
      "a custom error",
      encodeErrorResult({
        abi,
        errorName: "Unauthorized",
        args: ["0x0000000000000000000000000000000000000abc"],
      }),
      "execution reverted: custom error 0x8e4a23d6",
    ],
    ["an empty revert", "0x", "execution reverted"],
  ];
  it.each(reverts)(
    "answers a revert with %s as code 3, the decoded message and the ABI data",
    async (_n, payload, message) => {
      const r = await rpc(evmUrl, "eth_estimateGas", [{ data: revertingInitCode(payload) }]);
      expect(r.error).toStrictEqual({ code: 3, message, data: payload });
    },
  );

  it("keeps the reason's text exact (ABI-encoded, not a hand-made string)", () => {
    expect(encodeErrorResult({ abi, errorName: "Error", args: ["not enough"] })).toBe(
      `0x08c379a0${encodeAbiParameters([{ type: "string" }], ["not enough"]).slice(2)}`,
    );
  });
});

describe("limits", () => {
  it("answers a body over 1 MiB with 413 and a JSON-RPC error", async () => {
    const body = JSON.stringify(req("eth_chainId", ["x".repeat(MAX_BODY_BYTES)]));
    const r = await post(evmUrl, body);
    expect(r.status).toBe(413);
    expect(errorOf(r.json)?.message).toMatch(/too large: the limit is 1048576 bytes/);
  });

  it("answers an oversized chunked body (no Content-Length) with 413 too", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const res = await fetch(evmUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 20; i++) c.enqueue(chunk);
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("reads a body just under 1 MiB", async () => {
    const small = JSON.stringify(req("eth_chainId", [], 77));
    const padded = small + " ".repeat(MAX_BODY_BYTES - small.length - 10);
    const r = await post(evmUrl, padded);
    expect(r.json).toMatchObject({ id: 77, result: "0x7a69" });
  });

  it("closes a WebSocket whose message is over 1 MiB (1009) and stays up", async () => {
    const ws = await WsClient.open(evmWs);
    const closed = ws.closed();
    ws.socket.send("x".repeat(MAX_BODY_BYTES + 1));
    expect(await closed).toBe(1009);
    expect(await result(evmUrl, "eth_chainId")).toBe("0x7a69");
  });
});

describe("HTTP details", () => {
  it("answers a CORS preflight from any origin", async () => {
    const res = await fetch(evmUrl, {
      method: "OPTIONS",
      headers: {
        Origin: "https://docs.example.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/content-type/i);
  });

  it("sends CORS headers on answers and exposes the headers the app reads", async () => {
    const r = await post(evmUrl, req("eth_chainId"), { Origin: "https://docs.example.com" });
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
    expect(r.headers.get("access-control-expose-headers")).toMatch(/Content-Length/);
  });

  it("refuses GET with 405, text/plain with 415, and unknown paths with 404", async () => {
    const get = await fetch(evmUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    const plain = await post(evmUrl, JSON.stringify(req("eth_chainId")), { "content-type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(errorOf(plain.json)?.message).toMatch(/application\/json/);
    const nowhere = await post(`${base}/v2/${key}`, req("eth_chainId"));
    expect(nowhere.status).toBe(404);
    const wsPath = await post(`${base}/ws/v3/${key}`, req("eth_chainId"));
    expect(wsPath.status).toBe(426);
  });
});

describe("WebSocket", () => {
  it("answers many requests sent at once, each with its own id", async () => {
    const ws = await WsClient.open(evmWs);
    const ids = Array.from({ length: 20 }, (_, i) => i + 100);
    const answers = await Promise.all(
      ids.map((id) =>
        ws.request(
          id % 2
            ? req("eth_getBlockByNumber", [id % 3 ? "latest" : "0x0", false], id)
            : req("eth_chainId", [], `s${id}`),
        ),
      ),
    );
    answers.forEach((a, i) => {
      const id = ids[i] as number;
      expect(a.id).toBe(id % 2 ? id : `s${id}`);
      expect(a.result).toBeTruthy();
    });
    ws.close();
  });

  it("stays open after garbage and answers the next request", async () => {
    const ws = await WsClient.open(evmWs);
    ws.socket.send("\u0000\u0001 not json");
    expect(JSON.parse(await ws.nextMessage())).toMatchObject({
      id: null,
      error: { code: RPC_CODES.parseError },
    });
    ws.socket.send(Buffer.from([0xff, 0xfe, 0x00]));
    expect(JSON.parse(await ws.nextMessage())).toMatchObject({ error: { code: RPC_CODES.parseError } });
    expect((await ws.request(req("eth_chainId", [], 3))).result).toBe("0x7a69");
    ws.close();
  });

  it("refuses an upgrade on the HTTP path", async () => {
    expect((await wsRefusal(`${wsBase}/v3/${key}`)).status).toBe(404);
  });
});

describe("Starknet simulator through the gateway", () => {
  const chain = generateStarknetChain();
  const sealed = chain.blocks[150]!;

  it("serves a sealed block by number and by hash over HTTP", async () => {
    const byNumber = await rpc(snUrl, "starknet_getBlockWithTxHashes", { block_id: { block_number: 150 } });
    expect(byNumber.result).toStrictEqual(sealed);
    const byHash = await rpc(snUrl, "starknet_getBlockWithTxHashes", {
      block_id: { block_hash: sealed.block_hash },
    });
    expect(byHash.result).toStrictEqual(sealed);
  });

  it("serves the pending block without block_hash, block_number or new_root over WebSocket", async () => {
    const ws = await WsClient.open(snWs);
    const answer = await ws.request(req("starknet_getBlockWithTxHashes", { block_id: "pending" }, 1));
    const block = answer.result as Record<string, unknown>;
    expect(block.status).toBe("PENDING");
    expect(block).not.toHaveProperty("block_hash");
    expect(block).not.toHaveProperty("block_number");
    expect(block).not.toHaveProperty("new_root");
    expect(block.parent_hash).toBe(chain.latest.block_hash);
    const latest = await ws.request(req("starknet_getBlockWithTxHashes", ["latest"], 2));
    expect(latest.result).toStrictEqual(chain.latest);
    ws.close();
  });

  it("answers an unknown block with error 24 and a bad block_id with -32602", async () => {
    const missing = await rpc(snUrl, "starknet_getBlockWithTxHashes", {
      block_id: { block_number: 999_999 },
    });
    expect(missing.error).toStrictEqual({ code: 24, message: "Block not found" });
    const bad = await rpc(snUrl, "starknet_getBlockWithTxHashes", { block_id: "earliest" });
    expect(errorOf(bad)?.code).toBe(RPC_CODES.invalidParams);
  });

  it("answers chain id, block number and spec version; eth_ methods are not offered", async () => {
    expect(await result(snUrl, "starknet_chainId")).toBe("0x534e5f4445564e4554");
    expect(await result(snUrl, "starknet_blockNumber")).toBe(chain.latest.block_number);
    expect(await result(snUrl, "starknet_specVersion")).toMatch(/^0\.\d+\.\d+$/);
    expect(errorOf(await rpc(snUrl, "eth_chainId", []))?.code).toBe(RPC_CODES.methodNotFound);
  });
});

describe("fault switches", () => {
  it("html-502: an HTML 502 page", async () => {
    const r = await post(fault("html-502"), req("eth_chainId"));
    expect(r.status).toBe(502);
    expect(r.headers.get("content-type")).toMatch(/text\/html/);
    expect(r.text).toMatch(/<title>502 Bad Gateway<\/title>/);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("rate-limit: 429 with Retry-After and -32005 with backoff_seconds, id kept", async () => {
    for (const url of [fault("rate-limit"), fault("rate-limit", false, "starknet")]) {
      const r = await post(url, req("eth_chainId", [], 31));
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe(String(RATE_LIMIT_BACKOFF_SECONDS));
      expect(r.json).toMatchObject({
        id: 31,
        error: { code: RPC_CODES.limitExceeded, data: { backoff_seconds: RATE_LIMIT_BACKOFF_SECONDS } },
      });
    }
  });

  it.each([
    ["forbidden", 403, RPC_CODES.resourceUnavailable],
    ["credit", 402, RPC_CODES.limitExceeded],
  ])("%s: HTTP %i with JSON-RPC error %i", async (name, status, code) => {
    const r = await post(fault(name), req("eth_chainId", [], 32));
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ id: 32, error: { code } });
  });

  it("plain-401: a text/plain 401 as real providers send, whatever the key", async () => {
    const r = await post(`${base}/faults/plain-401/v3/anything`, req("eth_chainId"));
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toMatch(/text\/plain/);
    expect(r.text).toBe("invalid project id\n");
  });

  it("no-cors: a 500 without CORS headers (the preflight still passes)", async () => {
    const r = await post(fault("no-cors"), req("eth_chainId"));
    expect(r.status).toBe(500);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    const pre = await fetch(fault("no-cors"), { method: "OPTIONS" });
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("slow: answers after ?ms=", async () => {
    const t0 = Date.now();
    const r = await post(fault("slow", false, "evm", "?ms=400"), req("eth_chainId", [], 33));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    expect(r.json).toMatchObject({ id: 33, result: "0x7a69" });
  });

  it("never: never answers", async () => {
    const aborted = fetch(fault("never"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(req("eth_chainId")),
      signal: AbortSignal.timeout(400),
    });
    await expect(aborted).rejects.toThrow(/aborted|timeout/i);
  });

  it("bad-id: answers with another id", async () => {
    const r = await post(fault("bad-id"), req("eth_chainId", [], 34));
    expect(r.status).toBe(200);
    expect((r.json as { id: unknown }).id).not.toBe(34);
    expect((r.json as { result: unknown }).result).toBe("0x7a69");
  });

  it("not-json: 200 with a text body", async () => {
    const r = await post(fault("not-json"), req("eth_chainId"));
    expect(r.status).toBe(200);
    expect(r.json).toBeUndefined();
    expect(r.text.length).toBeGreaterThan(0);
  });

  it("an unknown fault name is a 404", async () => {
    expect((await post(fault("meltdown"), req("eth_chainId"))).status).toBe(404);
  });

  it("ws-drop: closes the socket on the first message without answering", async () => {
    const ws = await WsClient.open(fault("ws-drop", true));
    const closed = ws.closed();
    ws.socket.send(JSON.stringify(req("eth_chainId")));
    expect(await closed).toBe(1006);
    expect(ws.raw).toStrictEqual([]);
  });

  it("ws-drop-later: answers the first message, drops on the second", async () => {
    const ws = await WsClient.open(fault("ws-drop-later", true, "starknet"));
    expect((await ws.request(req("starknet_chainId", [], 1))).result).toBe("0x534e5f4445564e4554");
    const closed = ws.closed();
    ws.socket.send(JSON.stringify(req("starknet_chainId", [], 2)));
    expect(await closed).toBe(1006);
    expect(ws.raw).toHaveLength(1);
  });

  it("ws-strays: before each answer, 20 small messages answering ids no client sent", async () => {
    const ws = await WsClient.open(fault("ws-strays", true));
    expect((await ws.request(req("eth_chainId", [], 1))).result).toBe("0x7a69");
    expect(ws.raw).toHaveLength(21);
    const strays = ws.raw.slice(0, 20).map((text) => JSON.parse(text) as { id: unknown });
    expect(new Set(strays.map((m) => m.id)).size).toBe(20);
    expect(strays.every((m) => typeof m.id === "number" && m.id > 1e15)).toBe(true);
    expect(JSON.parse(ws.raw[20] as string)).toMatchObject({ id: 1, result: "0x7a69" });
    ws.close();
  });

  it("WebSocket rate-limit, forbidden, bad-id and not-json answer each message", async () => {
    const limited = await WsClient.open(fault("rate-limit", true));
    expect(await limited.request(req("eth_chainId", [], 41))).toMatchObject({
      error: { code: RPC_CODES.limitExceeded },
    });
    limited.close();
    const forbidden = await WsClient.open(fault("forbidden", true));
    expect(await forbidden.request(req("eth_chainId", [], 42))).toMatchObject({
      error: { code: RPC_CODES.resourceUnavailable },
    });
    forbidden.close();
    const badId = await WsClient.open(fault("bad-id", true));
    badId.socket.send(JSON.stringify(req("eth_chainId", [], 43)));
    expect(JSON.parse(await badId.nextMessage()).id).not.toBe(43);
    badId.close();
    const notJson = await WsClient.open(fault("not-json", true));
    notJson.socket.send(JSON.stringify(req("eth_chainId", [], 44)));
    const text = await notJson.nextMessage();
    expect(() => JSON.parse(text)).toThrow();
    notJson.close();
  });

  it("WebSocket slow and never", async () => {
    const slow = await WsClient.open(fault("slow", true, "evm", "?ms=300"));
    const t0 = Date.now();
    expect((await slow.request(req("eth_chainId", [], 51))).result).toBe("0x7a69");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    slow.close();
    const never = await WsClient.open(fault("never", true));
    never.socket.send(JSON.stringify(req("eth_chainId", [], 52)));
    await new Promise((r) => setTimeout(r, 300));
    expect(never.raw).toStrictEqual([]);
    never.close();
  });

  it.each([
    ["html-502", 502],
    ["plain-401", 401],
    ["credit", 402],
    ["no-cors", 500],
  ])("WebSocket %s refuses the upgrade with %i", async (name, status) => {
    expect((await wsRefusal(fault(name, true))).status).toBe(status);
  });
});

describe("nothing a client sends crashes the gateway", () => {
  /** A small deterministic PRNG (mulberry32), so the garbage is the same on every run. */
  function prng(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const rand = prng(20_240_601);
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

  const garbage: (string | Uint8Array<ArrayBuffer>)[] = [
    "",
    " ",
    "null",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    '{"jsonrpc":"2.0","id":1e400,"method":"eth_chainId"}',
    '{"__proto__":{"polluted":true},"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    '{"jsonrpc":"2.0","id":1,"method":"constructor","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"hasOwnProperty","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":[{"blockNumber":{}} ,true]}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_estimateGas","params":[{"gas":"0x"}]}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockReceipts","params":["99999999999999999999"]}',
    '{"jsonrpc":"2.0","id":1,"method":"starknet_getBlockWithTxHashes","params":{"block_id":{"block_hash":"0x"}}}',
    `{"jsonrpc":"2.0","id":"${"i".repeat(10000)}","method":"${"m".repeat(10000)}"}`,
    "\ud800\udfff\u0000",
    ...Array.from({ length: 12 }, (_, i) => randomBytes(1 + i * 37)),
  ];

  it("answers every garbage body with a JSON-RPC error and keeps answering", async () => {
    for (const body of garbage) {
      for (const url of [evmUrl, snUrl]) {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const text = await res.text();
        expect(res.status).toBeLessThan(500);
        // A batch of garbage is answered element by element: every element an error.
        for (const one of [JSON.parse(text)].flat()) expect(one).toHaveProperty("jsonrpc", "2.0");
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await result(evmUrl, "eth_chainId")).toBe("0x7a69");
  });

  it("survives garbage over WebSocket", async () => {
    const ws = await WsClient.open(snWs);
    for (const body of garbage) {
      ws.socket.send(body);
      for (const one of [JSON.parse(await ws.nextMessage())].flat())
        expect(one).toHaveProperty("jsonrpc", "2.0");
    }
    expect((await ws.request(req("starknet_blockNumber", [], "after"))).result).toBeTypeOf("number");
    ws.close();
  });

  it("survives malformed HTTP on a raw socket", async () => {
    const answers = await Promise.all(
      [
        "GET /%%%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "NONSENSE\r\n\r\n",
        "POST /v3/x HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
      ].map(
        (raw) =>
          new Promise<string>((resolve) => {
            const s = connect(devnet.port, "127.0.0.1", () => s.end(raw));
            let got = "";
            s.on("data", (d) => {
              got += d.toString();
            });
            s.on("close", () => resolve(got));
            s.on("error", () => resolve(got));
          }),
      ),
    );
    for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await result(evmUrl, "eth_chainId")).toBe("0x7a69");
  });
});
