import { DEFAULT_LIMITS, entrySize, type HistoryLimits, keptWithin } from "./history-bounds.ts";
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
/**
 * Each entry's size beside it (`Sized`, keyed by the entry's id): every write holds the stored
 * history to its byte bound (8 MiB) as to its count, from these small records alone. Without them
 * the bytes were bounded only when a page read the whole history (its History tab), so a tab that
 * never opened it could keep 200 entries of up to 256 KiB each.
 */
const SIZES_STORE = "sizes";

/** What the sizes store keeps of an entry: when it was sent and its size (`entrySize`). */
type Sized = { id: string; at: number; bytes: number };

const sized = (e: HistoryEntry): Sized => ({ id: e.id, at: e.at, bytes: entrySize(e) });

/** Deletes an entry and its size, in a write's transaction. */
function forget(entries: IDBObjectStore, sizes: IDBObjectStore, id: IDBValidKey): void {
  entries.delete(id);
  sizes.delete(id);
}

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
    if (!db.objectStoreNames.contains(SIZES_STORE)) {
      // The entries an earlier version kept are sized once, here, in the upgrade's transaction.
      const sizes = db.createObjectStore(SIZES_STORE, { keyPath: "id" });
      const each = store.openCursor();
      each.onsuccess = () => {
        const cursor = each.result;
        if (cursor === null) return;
        const e = cursor.value as Partial<HistoryEntry>;
        // A row that is not an entry is removed when a page reads the history (history-store.ts).
        if (typeof e.id === "string" && typeof e.at === "number") sizes.put(sized(e as HistoryEntry));
        cursor.continue();
      };
    }
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
    // A database of that name without the store (made by something else), or without its index or
    // its sizes (made by an earlier version of the app): upgrade it to add what is missing.
    if (
      db.objectStoreNames.contains(HISTORY_STORE) &&
      db.objectStoreNames.contains(SIZES_STORE) &&
      hasTimeIndex(db)
    ) {
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
 * holds the stored rows to the limits in the same transaction: each tab bounds its own memory copy
 * (once it has read the history), but a tab that has not, or two tabs writing to one database,
 * would otherwise take it past them.
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
  const write = async (fn: (entries: IDBObjectStore, sizes: IDBObjectStore) => void): Promise<void> => {
    const d = await database();
    const tx = d.transaction([HISTORY_STORE, SIZES_STORE], "readwrite");
    fn(tx.objectStore(HISTORY_STORE), tx.objectStore(SIZES_STORE));
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
      write((s, sizes) => {
        const gone = (id: IDBValidKey) => forget(s, sizes, id);
        for (const id of drop) gone(id);
        for (const e of entries) {
          s.put(e);
          sizes.put(sized(e));
        }
        // Counting is cheap; past the bound the oldest go, found by their time's index: their
        // keys alone, no entry read. A row without its size (written by hand) counts here only.
        const count = s.count();
        count.onsuccess = () => {
          let over = count.result - limits.maxEntries;
          if (over <= 0) return;
          const oldest = s.index(BY_TIME).openKeyCursor();
          oldest.onsuccess = () => {
            const cursor = oldest.result;
            if (cursor === null || over <= 0) return;
            gone(cursor.primaryKey);
            over--;
            cursor.continue();
          };
        };
        // The bytes: from the sizes alone (a few KB for a full history), the newest first, as a
        // page bounds its own copy (`applyBounds`). The count is the cursor's above: these sizes are
        // read before its deletes, and with it here the oldest would be deleted twice.
        const bytesOnly = { maxEntries: Number.POSITIVE_INFINITY, maxTotalBytes: limits.maxTotalBytes };
        const all = sizes.getAll();
        all.onsuccess = () => {
          const newest = (all.result as Sized[]).sort((a, b) => b.at - a.at);
          for (const old of newest.slice(keptWithin(newest, (r) => r.bytes, bytesOnly))) gone(old.id);
        };
      }),
    remove: (ids) =>
      write((s, sizes) => {
        for (const id of ids) forget(s, sizes, id);
      }),
    clear: () =>
      write((s, sizes) => {
        s.clear();
        sizes.clear();
      }),
  };
}
