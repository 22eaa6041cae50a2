import { DEFAULT_LIMITS, type HistoryLimits } from "./history-bounds.ts";
import type { HistoryEntry } from "./history-entry.ts";
import type { HistoryBackend } from "./history-store.ts";

/** The IndexedDB database of the history: one object store of entries keyed by their id. */
const HISTORY_DB = "rpc-playground-history";
const HISTORY_STORE = "entries";
/**
 * The entries by their time (`at`), so the oldest are found without reading any entry: reading
 * them all (`getAll`) to drop the oldest made every send with a full history pay for copying the
 * whole history onto the page (up to 8 MiB), in one task.
 */
const BY_TIME = "at";

/** Why the history's database did not open: said in the History panel (`storageErrorText`). */
const BLOCKED =
  "another page of this site holds the history's database open at an older version: close the site's other tabs and reload";

/** How long an open blocked by another page's connection waits for it to let go. */
const BLOCKED_GRACE_MS = 3000;

const promised = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });

function openDb(onClosed: () => void, version?: number): Promise<IDBDatabase> {
  if (typeof indexedDB === "undefined") return Promise.reject(new Error("IndexedDB is not available"));
  const req = indexedDB.open(HISTORY_DB, version);
  req.onupgradeneeded = () => {
    const db = req.result;
    const store = db.objectStoreNames.contains(HISTORY_STORE)
      ? (req.transaction as IDBTransaction).objectStore(HISTORY_STORE)
      : db.createObjectStore(HISTORY_STORE, { keyPath: "id" });
    if (!store.indexNames.contains(BY_TIME)) store.createIndex(BY_TIME, "at");
  };
  // Another page holds the database open at the version below and does not let go (every version of
  // the playground closes on `versionchange`; a frozen tab of it may take a moment to): the open
  // would wait until it closes, and the history with it. After BLOCKED_GRACE_MS it fails instead,
  // so the history says why and runs in memory; a connection that opens after that is closed.
  const opened = new Promise<IDBDatabase>((resolve, reject) => {
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    let gaveUp = false;
    req.onblocked = () => {
      giveUp ??= setTimeout(() => {
        gaveUp = true;
        reject(new Error(BLOCKED));
      }, BLOCKED_GRACE_MS);
    };
    req.onsuccess = () => {
      clearTimeout(giveUp);
      if (gaveUp) req.result.close();
      else resolve(req.result);
    };
    req.onerror = () => {
      clearTimeout(giveUp);
      reject(req.error ?? new Error("IndexedDB request failed"));
    };
  });
  return opened.then((db) => {
    // A database of that name without the store (made by something else), or without its index
    // (made by an earlier version of the app): upgrade it to add what is missing.
    if (db.objectStoreNames.contains(HISTORY_STORE) && hasTimeIndex(db)) {
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

/** Entries read a request at a time: an entry's answer is at most 256 KiB, most are far smaller. */
const READ_BATCH = 20;

function hasTimeIndex(db: IDBDatabase): boolean {
  return db.transaction(HISTORY_STORE, "readonly").objectStore(HISTORY_STORE).indexNames.contains(BY_TIME);
}

/**
 * A small promise wrapper: one transaction per operation, resolved when it commits. Every put also
 * holds the stored rows to the entry limit in the same transaction: each tab bounds its own memory copy,
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
      // A batch a request, each heard in a task of its own: one `getAll` of a full history (up to
      // 8 MiB) was copied onto the page in one task.
      const all: HistoryEntry[] = [];
      let after: IDBValidKey | undefined;
      for (;;) {
        const d = await database();
        const store = d.transaction(HISTORY_STORE, "readonly").objectStore(HISTORY_STORE);
        const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
        const rows = (await promised(store.getAll(range, READ_BATCH))) as HistoryEntry[];
        all.push(...rows);
        if (rows.length < READ_BATCH) return all;
        // The store's key is the entry's id (its keyPath).
        after = (rows[rows.length - 1] as HistoryEntry).id;
      }
    },
    put: (entries, drop = []) =>
      write((s) => {
        for (const id of drop) s.delete(id);
        for (const e of entries) s.put(e);
        // Counting is cheap; past the bound the oldest go, found by their time's index: their
        // keys alone, no entry read. The byte bound is each tab's own copy's and its load's.
        const count = s.count();
        count.onsuccess = () => {
          let over = count.result - limits.maxEntries;
          if (over <= 0) return;
          const oldest = s.index(BY_TIME).openKeyCursor();
          oldest.onsuccess = () => {
            const cursor = oldest.result;
            if (cursor === null || over <= 0) return;
            s.delete(cursor.primaryKey);
            over--;
            cursor.continue();
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
