import type { StateCreator } from "zustand";
import type { DevnetConfig, Network } from "../networks/network.ts";
import { mergeKeys } from "./cross-tab.ts";
import { loadKeys, parseKeys, rememberedKeys, saveKeys } from "./key-storage.ts";
import type { AppState } from "./store.ts";

/** API keys by key group (networks of one provider account share a key; each custom network has its own). */
export type KeySlice = {
  keys: Record<string, string>;
  rememberKey: boolean;
  /**
   * One key for every network, under `ONE_KEY` (an embed: the key its host or its key field hands
   * in, whatever network the host picks). Otherwise one key per key group.
   */
  singleKey: boolean;
  keyActions: {
    setKey(group: string, key: string): void;
    setRemember(remember: boolean): void;
    /** Another tab changed the remembered keys (the storage record's text before and after). */
    otherTabChanged(oldText: string | null, newText: string | null): void;
  };
};

export const ONE_KEY = "*";

/**
 * `stored`: keys are read from and written to the browser's storage (key-storage.ts); otherwise
 * they live in this store's memory only (an embed).
 */
export const createKeySlice =
  ({
    stored,
    singleKey,
  }: {
    stored: boolean;
    singleKey: boolean;
  }): StateCreator<AppState, [], [], KeySlice> =>
  (set, get) => {
    const initial = stored ? loadKeys() : { keys: {}, remember: false };
    // What this tab last saw of the remembered keys, to tell another tab's changes from its own.
    let seen: Record<string, string> | undefined = initial.remember ? initial.keys : rememberedKeys();
    const save = () => {
      if (!stored) return;
      if (get().rememberKey) {
        // Another tab changed a remembered key since: keep its change, not this tab's older copy.
        const now = rememberedKeys();
        const merged = JSON.stringify(now) !== JSON.stringify(seen) ? mergeKeys(seen, now, get().keys) : null;
        if (merged) set({ keys: merged });
      }
      saveKeys({ keys: get().keys, remember: get().rememberKey });
      seen = rememberedKeys();
    };
    return {
      keys: initial.keys,
      rememberKey: initial.remember,
      singleKey,
      keyActions: {
        setKey: (group, key) => {
          set((s) => ({ keys: { ...s.keys, [group]: key } }));
          save();
        },
        setRemember: (remember) => {
          set({ rememberKey: remember });
          save();
        },
        otherTabChanged: (oldText, newText) => {
          if (!stored) return;
          const theirs = parseKeys(newText);
          seen = theirs;
          if (!theirs) {
            // The other tab stopped remembering keys on this device: this tab keeps them for its session.
            if (get().rememberKey) set({ rememberKey: false });
            return;
          }
          const merged = mergeKeys(parseKeys(oldText), theirs, get().keys);
          if (merged) set({ keys: merged });
          if (!get().rememberKey) set({ rememberKey: true });
        },
      },
    };
  };

/**
 * The key a request to `network` carries: the one the user typed for its key group; for the local
 * devnet, its own key (from its config) until the user types another.
 */
export function keyFor(
  s: Pick<KeySlice, "keys" | "singleKey">,
  network: Pick<Network, "keyGroup">,
  devnet: DevnetConfig | undefined,
): string {
  if (s.singleKey) return s.keys[ONE_KEY] ?? "";
  const typed = s.keys[network.keyGroup];
  if (typed !== undefined) return typed;
  return network.keyGroup === "devnet" ? (devnet?.key ?? "") : "";
}
