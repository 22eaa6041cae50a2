import { useSyncExternalStore } from "react";
import { appHistory } from "./app-history.ts";
import type { HistoryState } from "./history-store.ts";

/** The history as the panel shows it; reading it starts loading it from storage. */
export function useHistory(): HistoryState {
  return useSyncExternalStore(appHistory.subscribe, appHistory.getSnapshot);
}
