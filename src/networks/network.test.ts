import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  CATALOG,
  DEFAULT_NETWORK_ID,
  httpEndpoint,
  readDevnetConfig,
  suggestWsUrl,
  withDevnet,
  wsEndpoint,
} from "./network.ts";
import { networkSchema, parseCustomNetwork } from "./network-schema.ts";

describe("network catalog", () => {
  it("holds networks that follow networkSchema, as written (the app reads it without checking)", () => {
    expect(z.array(networkSchema).parse(CATALOG)).toStrictEqual(CATALOG);
  });

  it("reads a devnet config from outside, or nothing when it is not one", () => {
    const a = { httpUrl: "http://127.0.0.1:1", wsUrl: "ws://127.0.0.1:1" };
    expect(readDevnetConfig({ evm: a, starknet: a, key: "k", extra: 1 })).toStrictEqual({
      evm: a,
      starknet: a,
      key: "k",
    });
    for (const bad of [null, "x", { evm: a, starknet: a }, { evm: a, starknet: { httpUrl: 1 }, key: "k" }])
      expect(readDevnetConfig(bad)).toBeUndefined();
    // Addresses of another kind (a script, a file, a relative path, the schemes swapped) are not one.
    for (const evm of [
      { ...a, httpUrl: "javascript:alert(1)" },
      { ...a, httpUrl: "file:///etc/passwd" },
      { ...a, httpUrl: "/v3" },
      { httpUrl: a.wsUrl, wsUrl: a.httpUrl },
      { ...a, httpUrl: `http://x/${"a".repeat(3000)}` },
    ])
      expect(readDevnetConfig({ evm, starknet: a, key: "k" })).toBeUndefined();
    expect(readDevnetConfig({ evm: a, starknet: a, key: "k".repeat(513) })).toBeUndefined();
    const secure = { httpUrl: "https://devnet.example", wsUrl: "wss://devnet.example" };
    expect(readDevnetConfig({ evm: secure, starknet: a, key: "k" })?.evm).toStrictEqual(secure);
  });

  it("has unique ids, the local devnet first, and both chain kinds", () => {
    const ids = CATALOG.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CATALOG[0]?.id).toBe(DEFAULT_NETWORK_ID);
    expect(CATALOG.some((n) => n.kind === "starknet" && !n.local)).toBe(true);
    for (const id of [
      "ethereum-mainnet",
      "ethereum-sepolia",
      "ethereum-hoodi",
      "starknet-mainnet",
      "starknet-sepolia",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("names every network's chain family and native coin, and every remote one's explorer", () => {
    for (const n of CATALOG) {
      expect(n.family, n.id).toBeDefined();
      expect(n.nativeCurrency?.decimals, n.id).toBe(18);
      if (!n.local) expect(n.explorer?.url, n.id).toMatch(/^https:\/\//);
    }
    const coin = (id: string) => CATALOG.find((n) => n.id === id)?.nativeCurrency?.symbol;
    expect([
      coin("polygon-mainnet"),
      coin("bsc-mainnet"),
      coin("avalanche-mainnet"),
      coin("celo-mainnet"),
    ]).toEqual(["POL", "BNB", "AVAX", "CELO"]);
    expect([coin("mantle-mainnet"), coin("arbitrum-mainnet"), coin("starknet-mainnet")]).toEqual([
      "MNT",
      "ETH",
      "STRK",
    ]);
  });

  it("uses the Infura hosts for the provider networks", () => {
    const mainnet = CATALOG.find((n) => n.id === "ethereum-mainnet")!;
    expect(httpEndpoint(mainnet, "abc")).toBe("https://mainnet.infura.io/v3/abc");
    expect(wsEndpoint(mainnet, "abc")).toBe("wss://mainnet.infura.io/ws/v3/abc");
    const stark = CATALOG.find((n) => n.id === "starknet-mainnet")!;
    expect(httpEndpoint(stark, "k")).toBe("https://starknet-mainnet.infura.io/v3/k");
  });
});

describe("endpoints", () => {
  it("joins without double slashes and escapes the key as a path segment", () => {
    expect(httpEndpoint({ base_url: "http://127.0.0.1:1/starknet/" }, "a/b c")).toBe(
      "http://127.0.0.1:1/starknet/v3/a%2Fb%20c",
    );
    expect(wsEndpoint({ ws_url: "ws://127.0.0.1:1/starknet" }, "k")).toBe(
      "ws://127.0.0.1:1/starknet/ws/v3/k",
    );
  });

  it("suggests the ws address for an http one", () => {
    expect(suggestWsUrl("https://x.io")).toBe("wss://x.io");
    expect(suggestWsUrl("http://127.0.0.1:8545")).toBe("ws://127.0.0.1:8545");
  });

  it("points the devnet entries at where the devnet listens", () => {
    const nets = withDevnet(CATALOG, {
      evm: { httpUrl: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9" },
      starknet: { httpUrl: "http://127.0.0.1:9/starknet", wsUrl: "ws://127.0.0.1:9/starknet" },
      key: "k",
    });
    expect(nets.find((n) => n.id === "devnet")?.base_url).toBe("http://127.0.0.1:9");
    expect(nets.find((n) => n.id === "devnet-starknet")?.ws_url).toBe("ws://127.0.0.1:9/starknet");
    expect(nets.find((n) => n.id === "ethereum-mainnet")?.base_url).toBe("https://mainnet.infura.io");
  });
});

describe("custom networks", () => {
  const good = {
    name: "My node",
    kind: "evm" as const,
    base_url: "https://node.example",
    ws_url: "wss://node.example",
  };

  it("accepts a well-formed network and gives it its own key group", () => {
    const r = parseCustomNetwork(good, "c1");
    expect(r.ok && r.network.keyGroup).toBe("custom:c1");
  });

  it.each([
    [{ name: "" }, "name", "Give the network a name."],
    [{ base_url: "node.example" }, "base_url", "Enter a full address, such as https://mainnet.infura.io."],
    [{ base_url: "ftp://node.example" }, "base_url", "The HTTP address must start with http:// or https://."],
    [{ ws_url: "https://node.example" }, "ws_url", "The WebSocket address must start with ws:// or wss://."],
    [
      { base_url: "https://node.example/v3/secret" },
      "base_url",
      "Leave out /v3/<key>: the app adds the path and the key itself.",
    ],
  ] as const)("rejects %o with a message on %s", (patch, field, message) => {
    const r = parseCustomNetwork({ ...good, ...patch }, "c1");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });

  it("takes an optional chain id (decimal or hex) and family", () => {
    const r = parseCustomNetwork({ ...good, chainId: "0x89", family: "polygon-pos" }, "c1");
    expect(r.ok && [r.network.chainId, r.network.family]).toEqual([137, "polygon-pos"]);
    const empty = parseCustomNetwork({ ...good, chainId: " ", family: "" }, "c1");
    expect(empty.ok && [empty.network.chainId, empty.network.family]).toEqual([undefined, undefined]);
  });

  it("says what a chain id is when one is not, beside the other fields' messages", () => {
    const r = parseCustomNetwork({ ...good, name: "", chainId: "polygon" }, "c1");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.chainId).toMatch(/whole number \(137\) or hex \(0x89\)/);
      expect(r.errors.name).toBe("Give the network a name.");
    }
  });
});

describe("known contracts (src/networks/examples)", () => {
  it("has data files only for catalog networks, each valid, and Ethereum Mainnet's WETH", async () => {
    const { knownContracts, networksWithKnownContracts } = await import("./known-contracts.ts");
    const ids = new Set(CATALOG.map((n) => n.id));
    for (const id of networksWithKnownContracts()) expect(ids, id).toContain(id);
    expect(knownContracts("ethereum-mainnet").map((c) => c.address)).toContain(
      "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    );
    expect(knownContracts("no-such-network")).toEqual([]);
  });

  it("has a data file for every catalog network but the local devnets, each saying where its entries come from", async () => {
    const { networksWithKnownContracts } = await import("./known-contracts.ts");
    const remote = CATALOG.filter((n) => !n.local).map((n) => n.id);
    expect([...networksWithKnownContracts()].sort()).toEqual([...remote].sort());
    const files = import.meta.glob<{ $comment: string; contracts: unknown[] }>("./examples/*.json", {
      eager: true,
      import: "default",
    });
    for (const [path, file] of Object.entries(files)) {
      // An empty list says why; a list names the source of its addresses and layouts.
      expect(file.$comment, path).toMatch(
        file.contracts.length ? /viem|EIP|weth\.io|Etherscan/ : /No well-known/,
      );
    }
  });

  it("writes every address with its EIP-55 checksum, each contract once, each slot a 32-byte word at most", async () => {
    const { knownContracts, networksWithKnownContracts } = await import("./known-contracts.ts");
    for (const id of networksWithKnownContracts()) {
      const contracts = knownContracts(id);
      expect(new Set(contracts.map((c) => c.address.toLowerCase())).size, id).toBe(contracts.length);
      for (const c of contracts) {
        expect(getAddress(c.address), `${id} ${c.name}`).toBe(c.address);
        for (const s of [...c.slots, ...(c.mappings ?? [])]) expect(BigInt(s.slot) < 2n ** 256n).toBe(true);
      }
    }
    const weth = knownContracts("ethereum-mainnet")[0];
    expect(weth?.mappings?.[0]).toEqual({ slot: "0x3", what: "balanceOf(address)", keys: ["address"] });
  });

  it("refuses a file whose slot is not hex or whose mapping key type the calculator does not know", async () => {
    const { knownContractsFileSchema } = await import("./known-contracts.ts");
    const file = (slot: string, keys: string[]) => ({
      $comment: "test",
      contracts: [
        {
          name: "X",
          address: `0x${"11".repeat(20)}`,
          slots: [{ slot, what: "x" }],
          mappings: [{ slot: "0x1", what: "m", keys }],
        },
      ],
    });
    expect(knownContractsFileSchema.safeParse(file("0x2", ["address"])).success).toBe(true);
    expect(knownContractsFileSchema.safeParse(file("2", ["address"])).success).toBe(false);
    expect(knownContractsFileSchema.safeParse(file("0x2", ["uint8"])).success).toBe(false);
  });
});
