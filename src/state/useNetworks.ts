import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { devnetConfigQuery } from "../networks/devnet-config.ts";
import type { DevnetConfig, Network } from "../networks/network.ts";
import { useAppStore, useAppStoreApi } from "./AppStoreProvider.tsx";
import { keyFor } from "./key-slice.ts";
import { allNetworks, selectedNetwork } from "./networks-slice.ts";
import type { AppState } from "./store.ts";

/** Where the local devnet listens, once `/devnet.json` has answered (server state, not the store's). */
export function useDevnet(): DevnetConfig | undefined {
  return useQuery(devnetConfigQuery).data ?? undefined;
}

export function useNetworks(): Network[] {
  const custom = useAppStore((s) => s.customNetworks);
  const devnet = useDevnet();
  return useMemo(() => allNetworks(custom, devnet), [custom, devnet]);
}

export function useSelectedNetwork(): Network {
  const networks = useNetworks();
  const id = useAppStore((s) => s.selectedNetworkId);
  return networks.find((n) => n.id === id) ?? networks[0]!;
}

/** The key a request to the selected network would carry. */
export function useSelectedKey(): string {
  const network = useSelectedNetwork();
  const devnet = useDevnet();
  return useAppStore((s) => keyFor(s, network, devnet));
}

export type Current = {
  state: AppState;
  network: Network;
  networks: Network[];
  apiKey: string;
  /** Every key this page knows (typed, remembered, the devnet's own): what is scrubbed from what is kept. */
  secrets: string[];
};

/**
 * For event handlers: the state, the selected network and its key at the moment of the call (not
 * of the last render), so a send right after a change never uses a stale copy.
 */
export function useReadCurrent(): () => Current {
  const store = useAppStoreApi();
  const client = useQueryClient();
  return useCallback(() => {
    const state = store.getState();
    const devnet = client.getQueryData<DevnetConfig | null>(devnetConfigQuery.queryKey) ?? undefined;
    const network = selectedNetwork(state, devnet);
    return {
      state,
      network,
      networks: allNetworks(state.customNetworks, devnet),
      apiKey: keyFor(state, network, devnet),
      secrets: [...Object.values(state.keys), ...(devnet ? [devnet.key] : [])].filter((k) => k !== ""),
    };
  }, [store, client]);
}
