import { DEFAULT_KEY_LABEL, setKeyLabel } from "../rpc/key-label.ts";
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
  /**
   * What the key is called wherever the UI names it ("API key", "Project ID"): its field, and the
   * app's own error texts (rpc/key-label.ts, set with these settings).
   */
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
  keyLabel: DEFAULT_KEY_LABEL,
  keyLink: undefined,
  embedOrigins: [],
};

let current: ProviderSettings = BUNDLED_SETTINGS;

/** The settings in force: the bundled ones unless a provider's file was read before the pages rendered. */
export function provider(): ProviderSettings {
  return current;
}

/**
 * Called once, by the start-up read of the provider's file, before any store or page is made. The
 * key's name goes to the rpc layer too, whose error texts name the key (rpc/key-label.ts).
 */
export function setProviderSettings(settings: ProviderSettings): void {
  current = settings;
  setKeyLabel(settings.keyLabel);
}
