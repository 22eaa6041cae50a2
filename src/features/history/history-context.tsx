import { createContext, type ReactNode, useContext, useEffect } from "react";
import { useStore } from "zustand";
import type { HistoryState, HistoryStore } from "./history-store.ts";

const HistoryContext = createContext<HistoryStore | null>(null);

/** Hands the history the app shell created (and started recording into) to the panel. */
export function HistoryProvider({ history, children }: { history: HistoryStore; children: ReactNode }) {
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

export function useHistoryStore(): HistoryStore {
  const history = useContext(HistoryContext);
  if (!history) throw new Error("The history panel needs a <HistoryProvider> above it");
  return history;
}

/** The history as the panel shows it; showing it starts loading it from storage. */
export function useHistory(): HistoryState {
  const history = useHistoryStore();
  useEffect(() => void history.load(), [history]);
  return useStore(history.store);
}
