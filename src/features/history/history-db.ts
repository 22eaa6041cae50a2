import { applyBounds, DEFAULT_LIMITS, type HistoryLimits } from "./history-bounds.ts";
import type { HistoryEntry } from "./history-entry.ts";
import type { HistoryBackend } from "./history-store.ts";

/** The IndexedDB database of the history: one object store of entries keyed by their id. */
const HISTORY_DB = "rpc-playground-history";
const HISTORY_STORE = "entries";

const promised = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });

function openDb(onClosed: () => void, version?: number): Promise<IDBDatabase> {
  if (typeof indexedDB === "undefined") return Promise.reject(new Error("IndexedDB is not available"));
  const req = indexedDB.open(HISTORY_DB, version);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(HISTORY_STORE)) {
      req.result.createObjectStore(HISTORY_STORE, { keyPath: "id" });
    }
  };
  return promised(req).then((db) => {
    // A database of that name without the store (made by something else): upgrade it to add it.
    if (db.objectStoreNames.contains(HISTORY_STORE)) {
      // Another tab upgrading the database must not wait on this one.
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      db.onclose = onClosed;
      return db;
    }
    const next = db.version + 1;
    db.close();
    return openDb(onClosed, next);
  });
}

/**
 * A small promise wrapper: one transaction per operation, resolved when it commits. Every put also
 * holds the stored rows to the limits in the same transaction: each tab bounds its own memory copy,
 * but two tabs writing to one database would otherwise take it past the bound between them.
 */
export function indexedDbBackend(limits: HistoryLimits = DEFAULT_LIMITS): HistoryBackend {
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= openDb(() => {
      db = undefined;
    }).catch((err: unknown) => {
      db = undefined;
      throw err;
    });
    return db;
  };
  const write = async (fn: (store: IDBObjectStore) => void): Promise<void> => {
    const d = await database();
    const tx = d.transaction(HISTORY_STORE, "readwrite");
    fn(tx.objectStore(HISTORY_STORE));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction was aborted"));
    });
  };
  return {
    loadAll: async () => {
      const d = await database();
      const store = d.transaction(HISTORY_STORE, "readonly").objectStore(HISTORY_STORE);
      return (await promised(store.getAll())) as HistoryEntry[];
    },
    put: (entries) =>
      write((s) => {
        for (const e of entries) s.put(e);
        // Counting is cheap; the rows are read (and the oldest dropped) only past the bound. The
        // byte bound is applied to what is read then, and by every tab's own copy and load.
        const count = s.count();
        count.onsuccess = () => {
          if (count.result <= limits.maxEntries) return;
          const all = s.getAll();
          all.onsuccess = () => {
            for (const e of applyBounds(all.result as HistoryEntry[], limits).dropped) s.delete(e.id);
          };
        };
      }),
    remove: (ids) =>
      write((s) => {
        for (const id of ids) s.delete(id);
      }),
    clear: () =>
      write((s) => {
        s.clear();
      }),
  };
}
