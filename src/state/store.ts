import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { createDraftSlice, type DraftSlice, restoreDraft } from "./draft-slice.ts";
import { createKeySlice, type KeySlice } from "./key-slice.ts";
import { createNetworksSlice, type NetworksSlice } from "./networks-slice.ts";
import { createSettingsSlice, type SettingsSlice } from "./settings-slice.ts";

export type AppState = NetworksSlice & KeySlice & SettingsSlice & DraftSlice;

/**
 * One store of slices; it holds only what the user chose. Server answers live in TanStack Query.
 * Persisted to localStorage: networks, transport, settings and the draft. Keys are NOT part of
 * this persistence: key-slice.ts keeps them in sessionStorage unless the user asks to remember.
 */
export const useAppStore = create<AppState>()(
  persist(
    (...a) => ({
      ...createNetworksSlice(...a),
      ...createKeySlice(...a),
      ...createSettingsSlice(...a),
      ...createDraftSlice(...a),
    }),
    {
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
      }),
      migrate: (persisted, version) => {
        // Version 1 is the first; an unknown older shape is dropped rather than trusted.
        return version === 1 ? (persisted as Partial<AppState>) : {};
      },
      merge: (persisted, current) => {
        const merged = { ...current, ...(persisted as Partial<AppState> | undefined) };
        return { ...merged, ...restoreDraft(merged) };
      },
    },
  ),
);
