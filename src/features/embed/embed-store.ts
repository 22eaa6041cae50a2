import { selectedNetwork } from "../../state/networks-slice.ts";
import { DEFAULT_TIMEOUT_MS } from "../../state/settings-slice.ts";
import { useAppStore } from "../../state/store.ts";
import type { EmbedConfig } from "./embed-config.ts";

/** A persist storage that keeps nothing: the embed's writes go nowhere. */
const nowhere = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/**
 * Sets the shared store up for an embed, before anything renders. The embed runs on the
 * playground's origin, so the store it shares with the playground would otherwise write the
 * embed's method, network and theme over the user's own playground (zustand's persist writes the
 * whole partialized state on every change). From here on, this page's store persists nothing.
 * Keys loaded from the user's session are dropped: an embed uses only the key its host or its own
 * key field hands in, and keeps that in memory.
 */
export function prepareEmbedStore(config: EmbedConfig): void {
  useAppStore.persist.setOptions({ storage: nowhere });
  useAppStore.setState({
    keys: {},
    rememberKey: false,
    valuesByMethod: {},
    selectedNetworkId: config.network,
    transport: config.transport,
    theme: config.theme ?? "system",
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
  const { draftActions } = useAppStore.getState();
  if (config.params !== undefined && draftActions.load(config.method, config.params)) return;
  draftActions.selectMethod(config.method);
}

/**
 * Puts the embed's key where a send reads it (the selected network's key group), in memory only:
 * not through keyActions, which save keys to the session's storage.
 */
export function applyKeyForSend(key: string): void {
  const s = useAppStore.getState();
  useAppStore.setState({ keys: { [selectedNetwork(s).keyGroup]: key } });
}
