import { useEffect } from "react";
import { wsEndpoint } from "../networks/network.ts";
import { loadedWs } from "../rpc/ws-loader.ts";
import { useAppStore } from "../state/AppStoreProvider.tsx";
import { useSelectedKey, useSelectedNetwork } from "../state/useNetworks.ts";

/**
 * One WebSocket at a time: when the network, the key or the transport changes, the sockets of the
 * earlier choices are closed (a view's own reads open theirs again when they need one). Before the
 * WebSocket client's chunk is loaded there is no socket to close.
 */
export function useCloseStaleSockets(): void {
  const network = useSelectedNetwork();
  const key = useSelectedKey();
  const ws = useAppStore((s) => s.transport === "ws");
  const current = ws ? wsEndpoint(network, key) : undefined;
  useEffect(() => loadedWs()?.closeWsClientsExcept(current), [current]);
}
