import { loadOnce } from "../../chain/load-once.ts";
import type { HistoryStore } from "./history-store.ts";

/**
 * The playground's history, made when first needed: by the recorder after a send (in idle time)
 * or by the History tab. Its code (the entry's schema, the store, IndexedDB) is a chunk of its
 * own, not part of the first screen.
 */
export type LazyHistory = {
  /** The history (made once, kept in IndexedDB); a failed load is tried again on the next call. */
  get(): Promise<HistoryStore>;
  /** The history once made; undefined before. */
  current(): HistoryStore | undefined;
};

export function lazyHistory(): LazyHistory {
  return loadOnce(() =>
    Promise.all([import("./history-store.ts"), import("./history-db.ts")]).then(([store, db]) =>
      store.createHistoryStore(db.indexedDbBackend()),
    ),
  );
}
