import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEmbedConfig } from "../features/embed/embed-config.ts";
import { CATALOG } from "../networks/network.ts";
import { BUNDLED_SETTINGS, provider, setProviderSettings } from "../networks/provider.ts";
import { HttpStatusError } from "../rpc/errors.ts";
import { selectedNetwork } from "../state/networks-slice.ts";
import { createAppStore } from "../state/store.ts";
import { loadProviderConfig } from "./provider-config.ts";
import { readProviderConfig } from "./provider-config-schema.ts";

const catalog = (id: string) => CATALOG.find((n) => n.id === id)!;
/** A provider's own chain, written as a catalog entry is. */
const acme = {
  ...catalog("ethereum-mainnet"),
  id: "acme-mainnet",
  name: "Acme Mainnet",
  base_url: "https://rpc.acme.example",
  ws_url: "wss://rpc.acme.example",
  keyGroup: "acme",
};

describe("a provider's settings file", () => {
  it("without settings, is the bundled catalog and defaults exactly", () => {
    expect(readProviderConfig({})).toStrictEqual({ settings: BUNDLED_SETTINGS, problems: [] });
    expect(BUNDLED_SETTINGS.networks).toBe(CATALOG);
  });

  it("adds, replaces, hides and orders networks, and sets the defaults, the name and the key's words", () => {
    const sepolia = { ...catalog("ethereum-sepolia"), base_url: "https://sepolia.acme.example" };
    const { settings, problems } = readProviderConfig({
      $comment: "Acme's playground",
      productName: "Acme Playground",
      networks: [acme, sepolia],
      hideNetworks: ["devnet", "devnet-starknet"],
      networkOrder: ["acme-mainnet", "starknet-mainnet"],
      defaultNetwork: "starknet-mainnet",
      defaultMethod: "starknet_getBlockWithTxHashes",
      keyLabel: "Project ID",
      getKeyLink: { url: "https://acme.example/signup" },
      embedOrigins: ["https://docs.acme.example/", "https://docs.acme.example"],
    });
    expect(problems).toEqual([]);
    const ids = settings.networks.map((n) => n.id);
    expect(ids.slice(0, 3)).toEqual(["acme-mainnet", "starknet-mainnet", "ethereum-mainnet"]);
    expect(ids).not.toContain("devnet");
    expect(ids).not.toContain("devnet-starknet");
    expect(ids).toHaveLength(CATALOG.length - 2 + 1);
    // An entry with a catalog id replaces that entry where it stood.
    expect(settings.networks.find((n) => n.id === "ethereum-sepolia")?.base_url).toBe(sepolia.base_url);
    expect(ids.indexOf("ethereum-sepolia")).toBe(3);
    expect(settings).toMatchObject({
      defaultNetworkId: "starknet-mainnet",
      defaultMethod: "starknet_getBlockWithTxHashes",
      productName: "Acme Playground",
      keyLabel: "Project ID",
      keyLink: { url: "https://acme.example/signup", text: "Get your Project ID" },
      embedOrigins: ["https://docs.acme.example"],
    });
  });

  it("names every mistake at its field, leaves it out, and applies the rest", () => {
    const { settings, problems } = readProviderConfig({
      productName: "",
      networks: [
        acme,
        { ...acme, id: "acme-testnet", base_url: "ftp://rpc.acme.example" },
        { ...acme, id: "Acme Two" },
        { name: "no id" },
        acme,
      ],
      hideNetworks: ["nowhere"],
      networkOrder: "acme-mainnet",
      defaultNetwork: "acme-testnet",
      defaultMethod: "starknet_getBlockWithTxHashes",
      keyLabel: "Project ID",
      getKeyLink: { url: "http://acme.example/signup", text: "Sign up" },
      embedOrigins: ["*", "https://docs.acme.example/path"],
      theme: "dark",
    });
    expect(problems).toEqual([
      expect.stringMatching(/^theme: is not a setting/),
      'networkOrder: must be a list of network ids (["…", "…"])',
      "networks[1].base_url: The HTTP address must start with http:// or https://",
      'networks[2].id: "Acme Two" must be lower-case letters, digits and dashes',
      "networks[3].id: is missing",
      "networks[3].kind: is missing",
      "networks[3].base_url: is missing",
      "networks[3].ws_url: is missing",
      "networks[3].keyGroup: is missing",
      'networks[4].id: "acme-mainnet" is listed twice; the first applies',
      expect.stringMatching(/^hideNetworks\[0\]: "nowhere" is not a network \(the networks are devnet, /),
      expect.stringMatching(/^defaultNetwork: "acme-testnet" is not one of the networks shown \(devnet, /),
      expect.stringMatching(
        /^defaultMethod: starknet_getBlockWithTxHashes is not a method of devnet's chain/,
      ),
      "getKeyLink.url: must be an https:// address",
      expect.stringMatching(/^embedOrigins\[0\]: "\*" is not allowed/),
      expect.stringMatching(/^embedOrigins\[1\]: .* without a path\.$/),
      "productName: must not be empty",
    ]);
    expect(settings.networks.map((n) => n.id)).toEqual([...CATALOG.map((n) => n.id), "acme-mainnet"]);
    expect(settings).toMatchObject({
      defaultNetworkId: "devnet",
      defaultMethod: "eth_getBlockByNumber",
      productName: "RPC Playground",
      keyLabel: "Project ID",
      keyLink: undefined,
      embedOrigins: [],
    });
  });

  it("never hides every network, and a file that is not an object applies nothing", () => {
    const all = readProviderConfig({ hideNetworks: CATALOG.map((n) => n.id) });
    expect(all.settings.networks).toEqual(CATALOG);
    expect(all.problems).toEqual(["hideNetworks: hides every network; left out (at least one must stay)"]);
    for (const bad of [[], "x", null, 1])
      expect(readProviderConfig(bad)).toStrictEqual({
        settings: BUNDLED_SETTINGS,
        problems: ["The file must hold one JSON object ({ … }); the bundled settings apply."],
      });
  });

  it("docs/deploy.md's complete example applies without a problem", () => {
    const doc = readFileSync(new URL("../../docs/deploy.md", import.meta.url), "utf8");
    const example = /## A complete example\s+```json\n([\s\S]*?)```/.exec(doc)?.[1];
    const { settings, problems } = readProviderConfig(JSON.parse(example ?? "null"));
    expect(problems).toEqual([]);
    expect(settings.networks.slice(0, 3).map((n) => n.id)).toEqual([
      "acme-mainnet",
      "acme-testnet",
      "ethereum-mainnet",
    ]);
    expect(settings.networks.find((n) => n.id === "ethereum-mainnet")?.base_url).toBe(
      "https://eth.rpc.acme.example",
    );
    expect(settings.defaultNetworkId).toBe("acme-testnet");
  });

  it("a Starknet default network brings a Starknet default method", () => {
    const { settings } = readProviderConfig({ defaultNetwork: "starknet-sepolia" });
    expect(settings.defaultMethod).toBe("starknet_getBlockWithTxHashes");
  });

  it("reaches the embed: its default network and method, and the origins it accepts", () => {
    const { settings } = readProviderConfig({
      networks: [acme],
      defaultNetwork: "acme-mainnet",
      defaultMethod: "eth_getProof",
      embedOrigins: ["https://docs.acme.example"],
    });
    const r = parseEmbedConfig("?origins=https://blog.acme.example", settings);
    expect(r.ok && r.config).toMatchObject({
      network: "acme-mainnet",
      method: "eth_getProof",
      origins: ["https://blog.acme.example", "https://docs.acme.example"],
    });
    const starknet = parseEmbedConfig("?method=starknet_getBlockWithTxHashes", settings);
    expect(starknet.ok && starknet.config.network).toBe("devnet-starknet");
  });
});

describe("the settings in force", () => {
  afterEach(() => setProviderSettings(BUNDLED_SETTINGS));

  it("name the key in the app's own error texts as the provider does", () => {
    const unauthorized = () =>
      new HttpStatusError({ status: 401, statusText: "", bodySnippet: "" }).shortMessage;
    expect(unauthorized()).toBe("HTTP 401: the API key is missing or invalid");
    setProviderSettings(readProviderConfig({ keyLabel: "Project ID" }).settings);
    expect(unauthorized()).toBe("HTTP 401: the Project ID is missing or invalid");
    setProviderSettings(BUNDLED_SETTINGS);
    expect(unauthorized()).toBe("HTTP 401: the API key is missing or invalid");
  });

  it("give a new store its network and method, and stand in for a choice no longer offered", () => {
    const { settings } = readProviderConfig({
      networks: [acme],
      hideNetworks: ["ethereum-hoodi"],
      defaultNetwork: "acme-mainnet",
      defaultMethod: "eth_getProof",
    });
    setProviderSettings(settings);
    const store = createAppStore({ persist: false });
    const s = store.getState();
    expect(s.selectedNetworkId).toBe("acme-mainnet");
    expect(s.methodName).toBe("eth_getProof");
    expect(selectedNetwork({ ...s, selectedNetworkId: "ethereum-hoodi" }, undefined).id).toBe("acme-mainnet");
    s.networkActions.select("ethereum-hoodi");
    expect(store.getState().selectedNetworkId).toBe("acme-mainnet");
    s.networkActions.select("ethereum-sepolia");
    expect(store.getState().selectedNetworkId).toBe("ethereum-sepolia");
    // The user's own networks are offered too, and only while they are there.
    const mine = { ...acme, id: "mine", custom: true };
    expect(selectedNetwork({ customNetworks: [mine], selectedNetworkId: "mine" }, undefined).id).toBe("mine");
    expect(selectedNetwork({ customNetworks: [], selectedNetworkId: "mine" }, undefined).id).toBe(
      "acme-mainnet",
    );
    s.networkActions.addCustom(mine);
    s.networkActions.select("ethereum-sepolia");
    s.networkActions.select("mine");
    expect(store.getState().selectedNetworkId).toBe("mine");
  });
});

describe("reading the file at start", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setProviderSettings(BUNDLED_SETTINGS);
  });
  const serve = (body: BodyInit | null, init: ResponseInit) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, init)),
    );

  it("says nothing without a file: a 404, or the single-page fallback's HTML", async () => {
    serve("Not found", { status: 404 });
    expect(await loadProviderConfig("/playground.config.json")).toEqual([]);
    serve("<!doctype html><html></html>", { status: 200, headers: { "content-type": "text/html" } });
    expect(await loadProviderConfig("/playground.config.json")).toEqual([]);
    expect(provider()).toBe(BUNDLED_SETTINGS);
  });

  it("applies a file, naming its mistakes", async () => {
    serve(JSON.stringify({ productName: "Acme", keyLabel: "" }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
    expect(await loadProviderConfig("/p.json")).toEqual([
      "playground.config.json: keyLabel: must not be empty",
    ]);
    expect(provider().productName).toBe("Acme");
  });

  it("says in one message a file that is not JSON, too big, or late, and applies none of it", async () => {
    serve("{ productName: Acme }", { status: 200, headers: { "content-type": "application/json" } });
    expect(await loadProviderConfig("/p.json")).toEqual([
      expect.stringMatching(/^playground\.config\.json is not JSON \(.+\); the bundled settings apply\.$/),
    ]);
    serve(`{"productName": "${"a".repeat(300 * 1024)}"}`, { status: 200 });
    expect(await loadProviderConfig("/p.json")).toEqual([
      "playground.config.json is larger than 256 KB; it was not read, the bundled settings apply.",
    ]);
    serve("x", { status: 500 });
    expect(await loadProviderConfig("/p.json")).toEqual([
      "playground.config.json could not be read (HTTP 500); the bundled settings apply.",
    ]);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
          ),
      ),
    );
    expect(await loadProviderConfig("/p.json", 20)).toEqual([
      "playground.config.json did not arrive within 0.02 s; the bundled settings apply until the page is loaded again.",
    ]);
    expect(provider()).toBe(BUNDLED_SETTINGS);
  });
});
