import { type LoadOnce, loadOnce } from "../../chain/load-once.ts";
import type { HistoryStore } from "./history-store.ts";

/**
 * The playground's history, made when first needed: by the recorder after a send (in idle time)
 * or by the History tab. Its code (the entry's schema, the store, IndexedDB) is a chunk of its
 * own, not part of the first screen. A load once (made once, kept in IndexedDB; a failed load is
 * tried again on the next `get()`; `current()` is the history once made).
 */
export type LazyHistory = LoadOnce<HistoryStore>;

export function lazyHistory(): LazyHistory {
  return loadOnce(() =>
    Promise.all([import("./history-store.ts"), import("./history-db.ts")]).then(([store, db]) =>
      store.createHistoryStore(db.indexedDbBackend()),
    ),
  );
}
