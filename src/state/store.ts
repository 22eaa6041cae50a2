import { createStore, type StateCreator, type StoreApi } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { createDraftSlice, type DraftSlice, restoreDraft } from "./draft-slice.ts";
import { createKeySlice, type KeySlice } from "./key-slice.ts";
import { createNetworksSlice, type NetworksSlice } from "./networks-slice.ts";
import { createSettingsSlice, type SettingsSlice } from "./settings-slice.ts";

export type AppState = NetworksSlice & KeySlice & SettingsSlice & DraftSlice;
export type AppStore = StoreApi<AppState>;

export type AppStoreOptions = {
  /**
   * The playground keeps the user's choices in the browser (localStorage; keys in sessionStorage
   * unless remembered). An embed passes false: its store lives in memory only, so it can never
   * write over the playground's choices on the same origin, and its key has one home, this store.
   */
  persist: boolean;
  /** Choices to start from (an embed's address), applied over the defaults. */
  initial?: Partial<Pick<AppState, "selectedNetworkId" | "transport" | "theme">>;
};

/**
 * One store of slices per provider; it holds only what the user chose. Server answers (the
 * devnet's config, the answers to requests) live in TanStack Query.
 */
export function createAppStore({ persist: keep, initial = {} }: AppStoreOptions): AppStore {
  const slices: StateCreator<AppState> = (...a) => ({
    ...createNetworksSlice(...a),
    ...createKeySlice({ stored: keep, singleKey: !keep })(...a),
    ...createSettingsSlice(...a),
    ...createDraftSlice(...a),
    ...initial,
  });
  if (!keep) return createStore<AppState>()(slices);
  return createStore<AppState>()(
    persist(slices, {
      name: "rpc-playground:state",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        selectedNetworkId: s.selectedNetworkId,
        customNetworks: s.customNetworks,
        transport: s.transport,
        timeoutMs: s.timeoutMs,
        theme: s.theme,
        methodName: s.methodName,
        valuesByMethod: s.valuesByMethod,
        examplesFrom: s.examplesFrom,
      }),
      migrate: (persisted, version) => {
        // Version 1 is the first; an unknown older shape is dropped rather than trusted.
        return version === 1 ? (persisted as Partial<AppState>) : {};
      },
      merge: (persisted, current) => {
        const merged = { ...current, ...(persisted as Partial<AppState> | undefined) };
        return { ...merged, ...restoreDraft(merged) };
      },
    }),
  );
}
