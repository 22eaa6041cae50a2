import type { StateCreator } from "zustand";
import {
  CATALOG,
  DEFAULT_NETWORK_ID,
  type DevnetConfig,
  type Network,
  withDevnet,
} from "../networks/network.ts";
import type { AppState } from "./store.ts";

export type NetworksSlice = {
  selectedNetworkId: string;
  customNetworks: Network[];
  /** Where the local devnet really listens (from /devnet.json); not persisted. */
  devnet: DevnetConfig | undefined;
  networkActions: {
    select(id: string): void;
    addCustom(network: Network): void;
    updateCustom(network: Network): void;
    removeCustom(id: string): void;
    setDevnet(config: DevnetConfig): void;
  };
};

export const createNetworksSlice: StateCreator<AppState, [], [], NetworksSlice> = (set, get) => ({
  selectedNetworkId: DEFAULT_NETWORK_ID,
  customNetworks: [],
  devnet: undefined,
  networkActions: {
    select: (id) => {
      if (allNetworks(get()).some((n) => n.id === id)) set({ selectedNetworkId: id });
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
    setDevnet: (config) => set({ devnet: config }),
  },
});

let cache: { devnet: DevnetConfig | undefined; custom: Network[]; all: Network[] } | undefined;

/**
 * The catalog (with the devnet's real addresses) followed by the user's own networks. Memoised on
 * its inputs: selectors return it, and a new array on every call would re-render without end.
 */
export function allNetworks(s: Pick<AppState, "devnet" | "customNetworks">): Network[] {
  if (cache && cache.devnet === s.devnet && cache.custom === s.customNetworks) return cache.all;
  const all = [...withDevnet(CATALOG, s.devnet), ...s.customNetworks];
  cache = { devnet: s.devnet, custom: s.customNetworks, all };
  return all;
}

export function selectedNetwork(
  s: Pick<AppState, "devnet" | "customNetworks" | "selectedNetworkId">,
): Network {
  const nets = allNetworks(s);
  return nets.find((n) => n.id === s.selectedNetworkId) ?? nets[0]!;
}
