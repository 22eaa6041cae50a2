import { describe, expect, it } from "vitest";
import { CATALOG, type Network } from "../../networks/network.ts";
import { readRequestAddress } from "./read-address.ts";
import { addressForBody, requestSearch, withoutRequest } from "./request-address.ts";
import { encodeShare } from "./share-link.ts";

const ctx = { networks: CATALOG, newId: () => "custom-new" };
const mainnet = CATALOG.find((n) => n.id === "ethereum-mainnet")!;
const STORE_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const body = (method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 7, method, params });

describe("request addresses", () => {
  it("writes a readable address: network, transport, method and params as JSON", () => {
    const made = addressForBody(
      "https://play.example/?old=1#top",
      mainnet,
      body("eth_getBlockByNumber", ["0x10d4f", false]),
      "http",
    );
    expect(made).toEqual({
      ok: true,
      value:
        'https://play.example/?network=ethereum-mainnet&transport=http&method=eth_getBlockByNumber&params=["0x10d4f",false]',
    });
  });

  it("reads back what it writes, and never carries a key", () => {
    const search = requestSearch({
      network: "ethereum-mainnet",
      method: "eth_getStorageAt",
      params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"],
      transport: "ws",
    });
    expect(search).not.toMatch(/key/i);
    const read = readRequestAddress(search, ctx);
    expect(read).toMatchObject({
      kind: "ok",
      send: false,
      legacy: false,
      plan: { method: "eth_getStorageAt", transport: "ws", add: false, network: { id: "ethereum-mainnet" } },
    });
  });

  it("carries eth_estimateGas's state and block overrides there and back", () => {
    const A = "0x00000000000000000000000000000000000000e1";
    const params = [
      { to: A },
      null,
      { [A]: { balance: "0x1", stateDiff: { [`0x${"0".repeat(64)}`]: `0x${"0".repeat(64)}` } } },
      { number: "0x100" },
    ];
    const made = addressForBody("https://play.example/", mainnet, body("eth_estimateGas", params), "http");
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const read = readRequestAddress(new URL(made.value).search, ctx);
    expect(read).toMatchObject({ kind: "ok", plan: { method: "eth_estimateGas", params } });
  });

  it("sends only with send=1, and fills in the method's example when params are left out", () => {
    const read = readRequestAddress("?network=devnet&method=eth_getBlockByNumber&send=1", ctx);
    expect(read.kind === "ok" && read.send).toBe(true);
    expect(read.kind === "ok" && Array.isArray(read.plan.params)).toBe(true);
  });

  it("writes and reads a custom network by its public fields", () => {
    const custom: Network = {
      id: "custom-1",
      name: "My node",
      kind: "evm",
      base_url: "https://node.example",
      ws_url: "wss://node.example",
      keyGroup: "custom:custom-1",
      custom: true,
    };
    const made = addressForBody(
      "https://p.example/",
      custom,
      body("eth_getBlockByNumber", ["latest", false]),
      "http",
    );
    expect(made.ok && made.value).toContain("network=custom&name=My%20node&kind=evm&base_url=https");
    const read = readRequestAddress(new URL(made.ok ? made.value : "").search, ctx);
    expect(read).toMatchObject({
      kind: "ok",
      plan: { add: true, network: { name: "My node", fromLink: true } },
    });
  });

  it("carries a custom network's chain id and family (its coin, types and explorer), and refuses bad ones", () => {
    const custom: Network = {
      id: "custom-2",
      name: "My Polygon node",
      kind: "evm",
      base_url: "https://polygon.example",
      ws_url: "wss://polygon.example",
      keyGroup: "custom:custom-2",
      custom: true,
      chainId: 137,
      family: "polygon-pos",
    };
    const made = addressForBody(
      "https://p.example/",
      custom,
      body("eth_getBlockByNumber", ["latest", false]),
      "http",
    );
    expect(made.ok && made.value).toContain("&chain_id=137&family=polygon-pos&");
    const read = readRequestAddress(new URL(made.ok ? made.value : "").search, ctx);
    expect(read).toMatchObject({ kind: "ok", plan: { network: { chainId: 137, family: "polygon-pos" } } });
    const search = new URL(made.ok ? made.value : "").search;
    expect(readRequestAddress(search.replace("chain_id=137", "chain_id=polygon"), ctx)).toMatchObject({
      kind: "bad",
      message: /chain_id must be a whole number/,
    });
    expect(readRequestAddress(search.replace("family=polygon-pos", "family=nope"), ctx)).toMatchObject({
      kind: "bad",
      message: /family must be one of ethereum, op-stack/,
    });
  });

  it("says why there is no address for a body that is not a request of this network, and never carries the key group", () => {
    const devnet = CATALOG.find((n) => n.id === "devnet")!;
    const starknet = CATALOG.find((n) => n.id === "starknet-mainnet")!;
    const storage = body("eth_getStorageAt", [STORE_ADDRESS, "0x0", "latest"]);
    expect(addressForBody("https://p.example/", devnet, "{ nope", "http")).toMatchObject({
      ok: false,
      message: /^Nothing to share yet: The body is not valid JSON/,
    });
    expect(addressForBody("https://p.example/", starknet, storage, "http")).toMatchObject({
      ok: false,
      message: /EVM method/,
    });
    const made = addressForBody("https://p.example/", devnet, storage, "ws");
    expect(made.ok && made.value).not.toMatch(/keyGroup|"id"/);
  });

  it("says what is wrong with a bad address", () => {
    const bad = (search: string) => {
      const r = readRequestAddress(search, ctx);
      return r.kind === "bad" ? r.message : r.kind;
    };
    expect(bad("?method=eth_getBlockByNumber")).toMatch(/no network/);
    expect(bad("?network=devnet&method=eth_getBlockByNumber&params=[oops")).toMatch(/not JSON/);
    expect(bad("?network=devnet&method=eth_nope&params=[]")).toMatch(/does not offer/);
    expect(bad("?network=devnet&transport=smoke&method=eth_getBlockByNumber")).toMatch(/http or ws/);
    expect(bad("?network=nowhere&method=eth_getBlockByNumber")).toMatch(/^The address names a network/);
    expect(readRequestAddress("?theme=dark", ctx)).toEqual({ kind: "none" });
  });

  it("keeps opening links of the older ?share= format", () => {
    const share = encodeShare({
      network: "devnet",
      method: "eth_getBlockByNumber",
      params: ["0x1", false],
      transport: "http",
    });
    expect(readRequestAddress(`?share=${share}`, ctx)).toMatchObject({
      kind: "ok",
      legacy: true,
      send: false,
    });
  });

  it("takes the request out of an address and keeps the rest", () => {
    expect(withoutRequest("https://p.example/?network=devnet&method=x&params=[]&send=1&lang=en#h")).toBe(
      "https://p.example/?lang=en#h",
    );
  });
});
