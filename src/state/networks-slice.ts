import type { StateCreator } from "zustand";
import {
  CATALOG,
  type ChainKind,
  DEFAULT_NETWORK_ID,
  type DevnetConfig,
  type Network,
  withDevnet,
} from "../networks/network.ts";
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
  selectedNetworkId: DEFAULT_NETWORK_ID,
  customNetworks: [],
  networkActions: {
    select: (id) => {
      if (CATALOG.some((n) => n.id === id) || get().customNetworks.some((n) => n.id === id))
        set({ selectedNetworkId: id });
    },
    addCustom: (network) =>
      set((s) => ({ customNetworks: [...s.customNetworks, network], selectedNetworkId: network.id })),
    updateCustom: (network) =>
      set((s) => ({ customNetworks: s.customNetworks.map((n) => (n.id === network.id ? network : n)) })),
    removeCustom: (id) =>
      set((s) => ({
        customNetworks: s.customNetworks.filter((n) => n.id !== id),
        selectedNetworkId: s.selectedNetworkId === id ? DEFAULT_NETWORK_ID : s.selectedNetworkId,
      })),
  },
});

type NetworkChoice = Pick<AppState, "customNetworks" | "selectedNetworkId">;

/** The catalog (with the devnet's real addresses, once known) followed by the user's own networks. */
export function allNetworks(customNetworks: readonly Network[], devnet: DevnetConfig | undefined): Network[] {
  return [...withDevnet(CATALOG, devnet), ...customNetworks];
}

export function selectedNetwork(s: NetworkChoice, devnet: DevnetConfig | undefined): Network {
  const nets = allNetworks(s.customNetworks, devnet);
  return nets.find((n) => n.id === s.selectedNetworkId) ?? nets[0]!;
}

/** The selected network's chain kind: it does not depend on where the devnet listens. */
export function selectedKind(s: NetworkChoice): ChainKind {
  return selectedNetwork(s, undefined).kind;
}
