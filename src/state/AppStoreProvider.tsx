import { createContext, type ReactNode, useContext } from "react";
import { useStore } from "zustand";
import type { AppState, AppStore } from "./store.ts";

const AppStoreContext = createContext<AppStore | null>(null);

/** Hands a store to everything below: the playground's persisted one, or an embed's own. */
export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <AppStoreContext.Provider value={store}>{children}</AppStoreContext.Provider>;
}

/** The store itself, for event handlers that read the state at the moment they run. */
export function useAppStoreApi(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error("useAppStore needs an <AppStoreProvider> above it");
  return store;
}

/** A slice of the state; the component re-renders when the selected value changes. */
export function useAppStore<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
