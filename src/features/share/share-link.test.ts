import { describe, expect, it } from "vitest";
import { paramsFor } from "../../methods/body.ts";
import { defaultValues } from "../../methods/form-values.ts";
import { METHODS } from "../../methods/registry.ts";
import { CATALOG, type Network } from "../../networks/network.ts";
import { decodeShare, readShareLink, resolveShare, withoutShareParam } from "./read-address.ts";
import {
  encodeShare,
  fromBase64Url,
  MAX_SHARE_LENGTH,
  SHARE_PARAM,
  type SharedRequest,
  sharedNetwork,
  shareUrl,
  toBase64Url,
} from "./share-link.ts";

const BASE = "https://playground.example/";
const KEY = "k3y-0123456789abcdefSECRET";

const custom: Network = {
  id: "custom-abc",
  name: "My node",
  kind: "evm",
  base_url: "https://node.example.com",
  ws_url: "wss://node.example.com",
  keyGroup: "custom:custom-abc",
  custom: true,
};

let counter = 0;
const ctx = (networks: readonly Network[] = CATALOG) => ({ networks, newId: () => `custom-new${++counter}` });

/** The `share` value of a link. */
const shareValue = (url: string) => new URL(url).searchParams.get(SHARE_PARAM) ?? "";
const search = (value: string) => `?${SHARE_PARAM}=${value}`;

function link(request: SharedRequest): string {
  const r = shareUrl(BASE, request);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** The message of a bad link. */
function badMessage(s: string, networks: readonly Network[] = CATALOG): string {
  const r = readShareLink(s, ctx(networks));
  if (r.kind !== "bad") throw new Error(`expected a bad link, got ${r.kind}`);
  return r.message;
}

const rawLink = (payload: unknown) => search(toBase64Url(JSON.stringify(payload)));

describe("base64url", () => {
  it.each(["", "a", "ab", "abc", '{"x":"naïve 日本語 🚀"}'])("round-trips %j", (s) => {
    const enc = toBase64Url(s);
    expect(enc).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(fromBase64Url(enc)).toEqual({ ok: true, value: s });
  });
});

describe("round trip", () => {
  it.each(METHODS.map((def) => [def.name, def] as const))("%s with its example params", (_name, def) => {
    const network = def.chain === "starknet" ? "starknet-mainnet" : "ethereum-mainnet";
    for (const transport of ["http", "ws"] as const) {
      const request: SharedRequest = {
        network,
        method: def.name,
        params: paramsFor(def, defaultValues(def)),
        transport,
      };
      const url = link(request);
      expect(url.startsWith(`${BASE}?${SHARE_PARAM}=`)).toBe(true);
      const read = readShareLink(new URL(url).search, ctx());
      expect(read).toEqual({
        kind: "ok",
        plan: {
          network: CATALOG.find((n) => n.id === network),
          add: false,
          method: def.name,
          params: request.params,
          transport,
        },
      });
    }
  });

  it("a custom network travels by its addresses and is added, marked as from a link", () => {
    const url = link({
      network: sharedNetwork(custom),
      method: "eth_getBlockByNumber",
      params: ["0x1", false],
      transport: "http",
    });
    const read = readShareLink(new URL(url).search, ctx());
    expect(read.kind).toBe("ok");
    if (read.kind !== "ok") return;
    expect(read.plan.add).toBe(true);
    expect(read.plan.network).toMatchObject({
      name: "My node",
      kind: "evm",
      base_url: "https://node.example.com",
      ws_url: "wss://node.example.com",
      custom: true,
      fromLink: true,
    });
    expect(read.plan.network.id).not.toBe(custom.id);
    expect(read.plan.network.keyGroup).toBe(`custom:${read.plan.network.id}`);
  });

  it("a custom network the user already has (same kind and addresses) is reused, not added twice", () => {
    const shared = {
      name: "Same node",
      kind: "evm",
      base_url: "https://node.example.com/",
      ws_url: "wss://node.example.com",
    } as const;
    const read = readShareLink(
      search(
        encodeShare({
          network: shared,
          method: "eth_getBlockByNumber",
          params: ["latest", false],
          transport: "ws",
        }),
      ),
      ctx([...CATALOG, custom]),
    );
    expect(read).toMatchObject({ kind: "ok", plan: { add: false, network: custom, transport: "ws" } });
  });

  it("a catalog network is named by its id only", () => {
    const devnet = CATALOG.find((n) => n.id === "devnet")!;
    expect(sharedNetwork(devnet)).toBe("devnet");
    expect(sharedNetwork(custom)).toEqual({
      name: "My node",
      kind: "evm",
      base_url: "https://node.example.com",
      ws_url: "wss://node.example.com",
    });
  });

  it("drops the rest of the base address and keeps other query params when the link is removed", () => {
    const url = link({
      network: "devnet",
      method: "eth_getBlockByNumber",
      params: ["latest", false],
      transport: "http",
    });
    expect(new URL(url).searchParams.size).toBe(1);
    expect(withoutShareParam(`https://x.example/?a=1&${SHARE_PARAM}=abc#frag`)).toBe(
      "https://x.example/?a=1#frag",
    );
  });
});

describe("the key", () => {
  it("is never in a link, even for a network whose key the user has typed", () => {
    // Networks carry no key by construction; a Network object with extra fields must not leak them.
    const withExtras = { ...custom, apiKey: KEY, key: KEY } as Network;
    const request: SharedRequest = {
      network: sharedNetwork(withExtras),
      method: "eth_getStorageAt",
      params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"],
      transport: "http",
    };
    const url = link(request);
    const decoded = fromBase64Url(shareValue(url));
    expect(decoded.ok && decoded.value).not.toContain(KEY);
    expect(url).not.toContain(KEY);
  });

  it("a custom network with /v3/<key> in its address is refused", () => {
    const leaky = {
      name: "Leaky",
      kind: "evm",
      base_url: `https://node.example.com/v3/${KEY}`,
      ws_url: "wss://node.example.com",
    };
    expect(
      badMessage(
        rawLink({
          v: 1,
          network: leaky,
          method: "eth_getBlockByNumber",
          params: ["latest", false],
          transport: "http",
        }),
      ),
    ).toMatch(/custom network "Leaky" was not added: Leave out \/v3\/<key>/);
    const wsLeaky = {
      ...leaky,
      base_url: "https://node.example.com",
      ws_url: `wss://node.example.com/ws/v3/${KEY}`,
    };
    expect(
      badMessage(
        rawLink({
          v: 1,
          network: wsLeaky,
          method: "eth_getBlockByNumber",
          params: ["latest", false],
          transport: "http",
        }),
      ),
    ).toMatch(/Leave out \/ws\/v3\/<key>/);
  });

  it("a custom network with a user name or password in its address is refused", () => {
    const creds = {
      name: "Creds",
      kind: "evm",
      base_url: "https://user:pw@node.example.com",
      ws_url: "wss://node.example.com",
    };
    expect(
      badMessage(
        rawLink({
          v: 1,
          network: creds,
          method: "eth_getBlockByNumber",
          params: ["latest", false],
          transport: "http",
        }),
      ),
    ).toMatch(/user name or password/);
  });
});

describe("bad links each say what is wrong", () => {
  const good = encodeShare({
    network: "devnet",
    method: "eth_getStorageAt",
    params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"],
    transport: "ws",
  });
  const payload = {
    v: 1,
    network: "devnet",
    method: "eth_getBlockByNumber",
    params: ["latest", false],
    transport: "http",
  };

  it("no share parameter: nothing to do", () => {
    expect(readShareLink("?embed=1", ctx())).toEqual({ kind: "none" });
    expect(readShareLink("", ctx())).toEqual({ kind: "none" });
  });

  it("truncated", () => {
    for (const cut of [good.slice(0, good.length - 5), good.slice(0, 13), good.slice(0, good.length / 2)]) {
      expect(badMessage(search(cut))).toMatch(/^The share link is damaged: .*(cut short|changed)/);
    }
    expect(badMessage(search(""))).toMatch(/empty/);
  });

  it("tampered base64: a character a link never has", () => {
    const tampered = `${good.slice(0, 20)}*$!${good.slice(23)}`;
    expect(badMessage(`?${SHARE_PARAM}=${encodeURIComponent(tampered)}`)).toMatch(
      /characters a share link never has/,
    );
  });

  it("tampered base64: characters swapped so it no longer decodes to a request", () => {
    const tampered = `AAAA${good.slice(4)}`;
    expect(badMessage(search(tampered))).toMatch(/^The share link is damaged/);
  });

  it("wrong version", () => {
    expect(badMessage(rawLink({ ...payload, v: 2 }))).toBe(
      "The share link has format version 2; this playground reads version 1. It was made by a newer playground.",
    );
    expect(badMessage(rawLink({ ...payload, v: "1" }))).toMatch(/no format version/);
  });

  it("unknown method", () => {
    expect(badMessage(rawLink({ ...payload, method: "eth_sendRawTransaction", params: ["0x00"] }))).toMatch(
      /asks for "eth_sendRawTransaction", which this playground does not offer/,
    );
  });

  it("an EVM method on a Starknet network (and the other way round)", () => {
    expect(badMessage(rawLink({ ...payload, network: "starknet-mainnet" }))).toBe(
      "The share link asks for eth_getBlockByNumber, an EVM method, on Starknet Mainnet, a Starknet network.",
    );
    expect(
      badMessage(
        rawLink({ ...payload, method: "starknet_getBlockWithTxHashes", params: { block_id: "latest" } }),
      ),
    ).toMatch(/a Starknet method, on Local devnet \(Anvil\), an EVM network/);
  });

  it("unknown network id (a custom network's local id is not a catalog id either)", () => {
    expect(badMessage(rawLink({ ...payload, network: "moon-mainnet" }))).toMatch(
      /network this playground does not know \("moon-mainnet"\)/,
    );
    expect(badMessage(rawLink({ ...payload, network: custom.id }), [...CATALOG, custom])).toMatch(
      /does not know/,
    );
  });

  it("params that the method refuses", () => {
    expect(badMessage(rawLink({ ...payload, params: ["latest", false, 1, 2] }))).toMatch(
      /params are refused: eth_getBlockByNumber takes 2 params/,
    );
    expect(badMessage(rawLink({ ...payload, params: { block: "latest" } }))).toMatch(/params are refused/);
  });

  it("malformed fields and extra fields", () => {
    expect(badMessage(rawLink({ ...payload, transport: "carrier-pigeon" }))).toMatch(
      /transport \(http or ws\) is missing or malformed/,
    );
    expect(badMessage(rawLink({ ...payload, method: 42 }))).toMatch(/method is missing or malformed/);
    expect(badMessage(rawLink({ ...payload, key: KEY }))).toMatch(
      /fields a share link does not have \(key\)/,
    );
    expect(badMessage(rawLink([payload]))).toMatch(/does not hold a request/);
    expect(
      badMessage(
        rawLink({ ...payload, network: { name: "x", kind: "evm", base_url: "ftp://x", ws_url: "wss://x" } }),
      ),
    ).toMatch(/must start with http/);
  });

  it("two share parameters", () => {
    expect(badMessage(`${search(good)}&${SHARE_PARAM}=${good}`)).toMatch(/two share links/);
  });

  it("oversized: a link over 8 KB is refused, both ways", () => {
    const keys = Array.from({ length: 200 }, (_, i) => `0x${i.toString(16).padStart(64, "0")}`);
    const big: SharedRequest = {
      network: "devnet",
      method: "eth_getProof",
      params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", keys, "latest"],
      transport: "http",
    };
    const value = encodeShare(big);
    expect(value.length).toBeGreaterThan(MAX_SHARE_LENGTH);
    expect(badMessage(search(value))).toMatch(/too long \(\d+\.\d KB; links hold at most 8 KB\)/);
    const made = shareUrl(BASE, big);
    expect(made.ok).toBe(false);
    expect(!made.ok && made.message).toMatch(/too large for a link/);
    // And one just under the limit goes through.
    const small = {
      ...big,
      params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", keys.slice(0, 50), "latest"],
    };
    expect(readShareLink(search(encodeShare(small)), ctx()).kind).toBe("ok");
  });

  it("a good link decodes (the control for the cases above)", () => {
    expect(decodeShare(good)).toMatchObject({ ok: true, value: { network: "devnet", transport: "ws" } });
    expect(
      resolveShare(
        { network: "devnet", method: "eth_getBlockByNumber", params: ["latest", false], transport: "http" },
        ctx(),
      ).ok,
    ).toBe(true);
  });
});
