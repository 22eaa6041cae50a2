import type { StateCreator } from "zustand";
import { loadKeys, saveKeys } from "./key-storage.ts";
import type { AppState } from "./store.ts";

/** API keys by key group (networks of one provider account share a key; each custom network has its own). */
export type KeySlice = {
  keys: Record<string, string>;
  rememberKey: boolean;
  keyActions: {
    setKey(group: string, key: string): void;
    setRemember(remember: boolean): void;
    /** Fills in a key the user has not typed, e.g. the local devnet's own. */
    provideDefault(group: string, key: string): void;
  };
};

export const createKeySlice: StateCreator<AppState, [], [], KeySlice> = (set, get) => {
  const initial = loadKeys();
  const persist = () => saveKeys({ keys: get().keys, remember: get().rememberKey });
  return {
    keys: initial.keys,
    rememberKey: initial.remember,
    keyActions: {
      setKey: (group, key) => {
        set((s) => ({ keys: { ...s.keys, [group]: key } }));
        persist();
      },
      setRemember: (remember) => {
        set({ rememberKey: remember });
        persist();
      },
      provideDefault: (group, key) => {
        if (get().keys[group]) return;
        set((s) => ({ keys: { ...s.keys, [group]: key } }));
        persist();
      },
    },
  };
};
