import { CATALOG, DEFAULT_NETWORK_ID, type Network } from "./network.ts";

/**
 * What a provider sets without code (`playground.config.json`, docs/deploy.md): the networks, the
 * defaults, the product's name and what its key is called. Read once before the pages render
 * (`app/provider-config.ts`) and the same for the page's whole life: a module value like the
 * bundled catalog it stands in for, not state (docs/decisions.md, "A provider's settings").
 */
export type ProviderSettings = {
  /** The catalog as the provider shapes it: added, hidden, reordered. Never empty. */
  networks: readonly Network[];
  /** The network a first visit opens on (one of `networks`). */
  defaultNetworkId: string;
  /** The method a first visit shows (one of the default network's chain). */
  defaultMethod: string;
  /** The header's title and the document's. */
  productName: string;
  /** What the key is called wherever the UI names its field ("API key", "Project ID"). */
  keyLabel: string;
  /** Where a reader gets a key, shown where the key is asked for. */
  keyLink: { url: string; text: string } | undefined;
  /** Host origins every embed accepts messages from, beside those its address lists. */
  embedOrigins: readonly string[];
};

export const BUNDLED_SETTINGS: ProviderSettings = {
  networks: CATALOG,
  defaultNetworkId: DEFAULT_NETWORK_ID,
  defaultMethod: "eth_getBlockByNumber",
  productName: "RPC Playground",
  keyLabel: "API key",
  keyLink: undefined,
  embedOrigins: [],
};

let current: ProviderSettings = BUNDLED_SETTINGS;

/** The settings in force: the bundled ones unless a provider's file was read before the pages rendered. */
export function provider(): ProviderSettings {
  return current;
}

/**
 * The app's own words in the provider's: the error texts (rpc/display.ts, error-codes.ts) say "API
 * key", which a provider may call otherwise ("Project ID"). Not for what a node said.
 */
export function inProviderWords(text: string): string {
  const { keyLabel } = current;
  return keyLabel === BUNDLED_SETTINGS.keyLabel ? text : text.replaceAll(BUNDLED_SETTINGS.keyLabel, keyLabel);
}

/** Called once, by the start-up read of the provider's file, before any store or page is made. */
export function setProviderSettings(settings: ProviderSettings): void {
  current = settings;
}
