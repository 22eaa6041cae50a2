import { describe, expect, it } from "vitest";
import { findSecret, isSecretName, sanitize } from "./history-secrets.ts";

const KEY = "abcd-1234-secret-key";

describe("sanitize", () => {
  it("replaces the key, its URL-encoded spelling and any /v3/<segment>", () => {
    const out = sanitize(
      {
        a: `see ${KEY} here`,
        b: [`https://x.example/v3/${encodeURIComponent("k/ y")}`, `wss://x/ws/v3/other?x=1`],
        c: { deep: [{ s: `${encodeURIComponent(KEY)}!` }] },
      },
      [KEY],
    );
    expect(out).toEqual({
      a: "see <API_KEY> here",
      b: ["https://x.example/v3/<API_KEY>", "wss://x/ws/v3/<API_KEY>?x=1"],
      c: { deep: [{ s: "<API_KEY>!" }] },
    });
    expect(JSON.stringify(out)).not.toContain(KEY);
  });

  it("drops fields named like credentials, anywhere", () => {
    expect(
      sanitize({ apiKey: "x", nested: { api_key: 1, Authorization: "b", keep: 2 }, key: "slot" }),
    ).toEqual({
      nested: { keep: 2 },
      key: "slot",
    });
  });

  it("leaves short keys alone (they would replace ordinary words) and keeps numbers and nulls", () => {
    expect(sanitize({ s: "abc", n: 1, z: null, t: true }, ["abc"])).toEqual({
      s: "abc",
      n: 1,
      z: null,
      t: true,
    });
  });

  it("always gives something findSecret accepts", () => {
    const dirty = { apiKey: KEY, u: `http://h/v3/${KEY}`, list: [{ token: 1 }, `/v3/zz`] };
    expect(findSecret(dirty)).not.toBeNull();
    expect(findSecret(sanitize(dirty, [KEY]))).toBeNull();
  });
});

describe("findSecret", () => {
  it.each([
    [{ apiKey: "x" }, 'it has a field named "apiKey"'],
    [{ network: { API_KEY: "x" } }, 'it has a field named "API_KEY"'],
    [
      { network: { base_url: "https://h/v3/abc" } },
      "network.base_url holds an address with a key after /v3/",
    ],
    [{ params: ["ok", "wss://h/ws/v3/abc"] }, "params[1] holds an address with a key after /v3/"],
  ])("finds %j", (value, reason) => {
    expect(findSecret(value)).toBe(reason);
  });

  it("accepts the placeholder and fields named key (storage proofs have them)", () => {
    expect(
      findSecret({ u: "https://h/v3/<API_KEY>", storageProof: [{ key: "0x0", value: "0x1" }] }),
    ).toBeNull();
  });

  it("knows credential names", () => {
    for (const n of ["apiKey", "api-key", "x-api-key", "secret", "password", "accessToken", "authorization"])
      expect(isSecretName(n)).toBe(true);
    for (const n of ["key", "keys", "storageKeys", "hash", "tokenAddress"])
      expect(isSecretName(n)).toBe(false);
  });
});
