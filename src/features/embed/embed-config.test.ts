import { describe, expect, it } from "vitest";
import { type EmbedConfig, normalizeOrigin, parseEmbedConfig } from "./embed-config.ts";

const ok = (search: string): EmbedConfig => {
  const r = parseEmbedConfig(search);
  if (!r.ok) throw new Error(`expected a config, got: ${r.problems.join(" | ")}`);
  return r.config;
};
const problems = (search: string): string[] => {
  const r = parseEmbedConfig(search);
  if (r.ok) throw new Error(`expected problems, got ${JSON.stringify(r.config)}`);
  return r.problems;
};

describe("parseEmbedConfig: good addresses", () => {
  it("fills every default from an empty address", () => {
    expect(ok("")).toEqual({
      method: "eth_getBlockByNumber",
      network: "devnet",
      transport: "http",
      panels: ["form", "editor", "response"],
      readonly: false,
      keyField: false,
      explorer: false,
      origins: [],
    });
  });

  it("reads every field", () => {
    const search = new URLSearchParams({
      method: "eth_getBlockByNumber",
      params: '["0x1",false]',
      network: "ethereum-mainnet",
      transport: "ws",
      theme: "dark",
      panels: "response,form",
      readonly: "1",
      keyField: "true",
      explorer: "1",
      origins: "https://docs.example.com, http://127.0.0.1:4000/",
    }).toString();
    expect(ok(`?${search}`)).toEqual({
      method: "eth_getBlockByNumber",
      params: ["0x1", false],
      network: "ethereum-mainnet",
      transport: "ws",
      theme: "dark",
      panels: ["form", "response"],
      readonly: true,
      keyField: true,
      explorer: true,
      origins: ["https://docs.example.com", "http://127.0.0.1:4000"],
    });
  });

  it("accepts params written raw in the address, as a person would type them", () => {
    expect(ok('?method=eth_getBlockByNumber&params=["0x1",false]&network=devnet').params).toEqual([
      "0x1",
      false,
    ]);
  });

  it("takes a bare flag as on and 0 as off", () => {
    expect(ok("?readonly").readonly).toBe(true);
    expect(ok("?readonly=0&keyField=false")).toMatchObject({ readonly: false, keyField: false });
  });

  it("picks the network that fits a Starknet method, and the first method of a Starknet network", () => {
    expect(ok("?method=starknet_getBlockWithTxHashes").network).toBe("devnet-starknet");
    expect(ok("?network=starknet-mainnet").method).toBe("starknet_getBlockWithTxHashes");
  });

  it("takes Starknet params as an object", () => {
    const c = ok(
      `?method=starknet_getBlockWithTxHashes&params=${encodeURIComponent('{"block_id":"latest"}')}`,
    );
    expect(c.params).toEqual({ block_id: "latest" });
  });

  it("leaves unknown keys alone (embed=1, cache busters)", () => {
    expect(ok("?embed=1&utm_source=docs&method=eth_getProof").method).toBe("eth_getProof");
  });

  it("drops duplicate origins", () => {
    expect(ok("?origins=https://a.example,https://a.example/").origins).toEqual(["https://a.example"]);
  });
});

describe("parseEmbedConfig: bad addresses get clear messages", () => {
  it.each([
    [
      "?method=eth_sendRawTransaction",
      /method "eth_sendRawTransaction" is not offered; use one of eth_getBlockByNumber/,
    ],
    ["?network=nowhere", /network "nowhere" is not in the catalog; use one of devnet/],
    ["?transport=smoke", /transport must be http or ws/],
    ["?theme=pink", /theme must be light or dark/],
    ["?panels=form,sidebar", /panels has "sidebar"/],
    ["?panels=", /panels is empty/],
    ["?readonly=yes", /readonly must be 1 \(on\) or 0 \(off\)/],
    ["?keyField=2", /keyField must be 1/],
    ["?params=[0x1", /params is not valid JSON/],
    ["?params=42", /params must be a JSON array or object/],
    ["?method=eth_getBlockByNumber&params=[1,2,3]", /params: eth_getBlockByNumber takes 2 params/],
    [
      "?method=starknet_getBlockWithTxHashes&params=[]",
      /params: starknet_getBlockWithTxHashes takes its params as an object/,
    ],
    ["?origins=*", /"\*" is not allowed in origins/],
    ["?origins=https://docs.example.com/page", /without a path/],
    ["?origins=ftp://files.example", /must start with https:\/\/ or http:\/\//],
    ["?origins=docs.example.com", /is not an origin/],
    [
      "?method=eth_getProof&network=starknet-mainnet",
      /eth_getProof is a EVM method and starknet-mainnet is a Starknet network/,
    ],
  ])("%s", (search, message) => {
    const list = problems(search);
    expect(
      list.some((p) => message.test(p)),
      list.join(" | "),
    ).toBe(true);
  });

  it("reports every problem, not only the first", () => {
    expect(problems("?transport=x&theme=y&origins=*")).toHaveLength(3);
  });
});

describe("normalizeOrigin", () => {
  it.each([
    ["https://docs.example.com", "https://docs.example.com"],
    ["https://docs.example.com/", "https://docs.example.com"],
    ["HTTPS://Docs.Example.com", "https://docs.example.com"],
    ["http://127.0.0.1:5173", "http://127.0.0.1:5173"],
    ["https://example.com:443", "https://example.com"],
  ])("%s → %s", (text, origin) => {
    expect(normalizeOrigin(text)).toEqual({ ok: true, origin });
  });

  it.each(["https://user:pw@example.com", "https://example.com?x=1", "null", ""])("rejects %s", (text) => {
    expect(normalizeOrigin(text).ok).toBe(false);
  });
});
