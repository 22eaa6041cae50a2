import type { StateCreator } from "zustand";
import { type ChainKind, type DevnetConfig, type Network, withDevnet } from "../networks/network.ts";
import { provider } from "../networks/provider.ts";
import type { AppState } from "./store.ts";

/**
 * The user's networks and choice of one. Where the local devnet really listens is server state
 * (TanStack Query, `networks/devnet-config.ts`): selectors take it as an argument.
 */
export type NetworksSlice = {
  selectedNetworkId: string;
  customNetworks: Network[];
  networkActions: {
    select(id: string): void;
    addCustom(network: Network): void;
    updateCustom(network: Network): void;
    removeCustom(id: string): void;
  };
};

export const createNetworksSlice: StateCreator<AppState, [], [], NetworksSlice> = (set, get) => ({
  // The provider's default (networks/provider.ts) is read when the store is made, after its file.
  selectedNetworkId: provider().defaultNetworkId,
  customNetworks: [],
  networkActions: {
    select: (id) => {
      if (isOffered(id, get().customNetworks)) set({ selectedNetworkId: id });
    },
    addCustom: (network) =>
      set((s) => ({ customNetworks: [...s.customNetworks, network], selectedNetworkId: network.id })),
    updateCustom: (network) =>
      set((s) => ({ customNetworks: s.customNetworks.map((n) => (n.id === network.id ? network : n)) })),
    removeCustom: (id) =>
      set((s) => ({
        customNetworks: s.customNetworks.filter((n) => n.id !== id),
        selectedNetworkId: s.selectedNetworkId === id ? provider().defaultNetworkId : s.selectedNetworkId,
      })),
  },
});

type NetworkChoice = Pick<AppState, "customNetworks" | "selectedNetworkId">;

/**
 * Whether network `id` is offered: the provider's (its catalog, less what it hides) or one of the
 * user's. The custom list may be a stored one, not yet checked: an entry without an id offers none.
 */
export function isOffered(id: string, customNetworks: readonly unknown[]): boolean {
  return (
    provider().networks.some((n) => n.id === id) ||
    (Array.isArray(customNetworks) &&
      customNetworks.some((n) => typeof n === "object" && n !== null && (n as { id?: unknown }).id === id))
  );
}

/**
 * The catalog as the provider shapes it (with the devnet's real addresses, once known) followed by
 * the user's own networks.
 */
export function allNetworks(customNetworks: readonly Network[], devnet: DevnetConfig | undefined): Network[] {
  return [...withDevnet(provider().networks, devnet), ...customNetworks];
}

/** The chosen network; a choice no longer offered (a network the provider hides) falls to the provider's default. */
export function selectedNetwork(s: NetworkChoice, devnet: DevnetConfig | undefined): Network {
  const nets = allNetworks(s.customNetworks, devnet);
  const id = isOffered(s.selectedNetworkId, s.customNetworks)
    ? s.selectedNetworkId
    : provider().defaultNetworkId;
  return nets.find((n) => n.id === id) ?? nets[0]!;
}

/** The selected network's chain kind: it does not depend on where the devnet listens. */
export function selectedKind(s: NetworkChoice): ChainKind {
  return selectedNetwork(s, undefined).kind;
}
