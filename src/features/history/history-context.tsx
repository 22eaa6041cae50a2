import { createContext, type ReactNode, useContext, useEffect } from "react";
import { useStore } from "zustand";
import { useLoaded } from "../../components/ui/preloadable.tsx";
import type { HistoryState, HistoryStore } from "./history-store.ts";
import type { LazyHistory } from "./lazy-history.ts";

const HistoryContext = createContext<LazyHistory | null>(null);

/** Hands the history the app shell created (and started recording into) to the panel. */
export function HistoryProvider({ history, children }: { history: LazyHistory; children: ReactNode }) {
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

/** The history; suspends (the nearest Suspense fallback) until its code is loaded. */
export function useHistoryStore(): HistoryStore {
  const history = useContext(HistoryContext);
  if (!history) throw new Error("The history panel needs a <HistoryProvider> above it");
  return useLoaded(history);
}

/** The history as the panel shows it; showing it starts loading it from storage. */
export function useHistory(): HistoryState {
  const history = useHistoryStore();
  useEffect(() => void history.load(), [history]);
  return useStore(history.store);
}
