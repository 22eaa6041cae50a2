import { indexedDbBackend } from "./history-db.ts";
import { createHistoryStore } from "./history-store.ts";

/** The app's one history, kept in IndexedDB. */
export const appHistory = createHistoryStore(indexedDbBackend());
