import { describe, expect, it } from "vitest";
import { keysOf, redactUrl, scrubAnswerText, scrubCause, scrubSecrets } from "./redact.ts";

describe("redactUrl", () => {
  it.each([
    ["https://mainnet.infura.io/v3/abc123", "https://mainnet.infura.io/v3/<API_KEY>"],
    ["wss://mainnet.infura.io/ws/v3/abc123", "wss://mainnet.infura.io/ws/v3/<API_KEY>"],
    ["http://127.0.0.1:8645/starknet/v3/devnet-key/", "http://127.0.0.1:8645/starknet/v3/<API_KEY>/"],
    [
      "http://127.0.0.1:8645/faults/slow/v3/k?ms=100",
      "http://127.0.0.1:8645/faults/slow/v3/<API_KEY>?ms=100",
    ],
    ["http://127.0.0.1:1/v3/a%2Fb%20c", "http://127.0.0.1:1/v3/<API_KEY>"],
    ["https://user:pass@node.example/rpc", "https://<credentials>@node.example/rpc"],
    ["http://127.0.0.1:8545", "http://127.0.0.1:8545"],
  ])("%s -> %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("scrubSecrets", () => {
  it("replaces the URL and every spelling of the key", () => {
    const url = "http://h/v3/a%2Fsecret";
    expect(keysOf(url)).toEqual(["a%2Fsecret", "a/secret"]);
    expect(scrubSecrets(`Cannot POST ${url}`, url)).toBe("Cannot POST http://h/v3/<API_KEY>");
    expect(scrubSecrets("key a/secret and a%2Fsecret", url)).toBe("key <API_KEY> and <API_KEY>");
  });

  it("leaves text alone when the key is too short to hide", () => {
    expect(scrubSecrets("a b c", "http://h/v3/a")).toBe("a b c");
  });

  it("copies a cause whose message (or whose cause's) carries the key", () => {
    const url = "http://h/v3/topsecret";
    const inner = new Error(`connect to ${url} failed`);
    const clean = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") });
    expect(scrubCause(clean, url)).toBe(clean);
    const leaky = new TypeError(`Failed to parse URL from ${url}`);
    const copy = scrubCause(leaky, url) as Error;
    expect(copy).not.toBe(leaky);
    expect(copy.name).toBe("TypeError");
    expect(copy.message).toBe("Failed to parse URL from http://h/v3/<API_KEY>");
    const nested = scrubCause(new Error("x", { cause: inner }), url) as Error;
    expect(String((nested.cause as Error).message)).not.toContain("topsecret");
  });
});

describe("scrubAnswerText", () => {
  const url = "https://mainnet.example/v3/s3cr3t-KEY-0042";
  it("leaves an answer without the key as it is (the same string)", () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":"0x1"}';
    expect(scrubAnswerText(text, url)).toBe(text);
  });

  it("takes the key out of an echoed address, an error message and a result", () => {
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32000, message: `bad key s3cr3t-KEY-0042 at ${url}`, data: { url } },
    });
    const out = scrubAnswerText(text, url);
    expect(out).not.toContain("s3cr3t-KEY-0042");
    expect(JSON.parse(out).error.message).toBe("bad key <API_KEY> at https://mainnet.example/v3/<API_KEY>");
  });

  it("keeps valid JSON valid when the key sat outside a string", () => {
    const digits = "https://x.example/v3/12345678";
    const out = scrubAnswerText('{"id":1,"result":{"n":12345678,"s":"12345678"}}', digits);
    expect(JSON.parse(out)).toEqual({ id: 1, result: { n: 12345678, s: "<API_KEY>" } });
  });
});
