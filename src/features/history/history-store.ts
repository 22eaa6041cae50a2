import { createStore, type StoreApi } from "zustand/vanilla";
import { runInSlices } from "../../chain/next-task.ts";
import {
  applyBounds,
  DEFAULT_LIMITS,
  entrySize,
  fillRoom,
  type HistoryLimits,
  newestFirst,
  roomLeft,
  sliceByBytes,
} from "./history-bounds.ts";
import { type HistoryEntry, historyEntrySchema } from "./history-entry.ts";
import {
  type ImportBasis,
  type ImportOutcome,
  type ImportPlan,
  importBasis,
  type ReadPlan,
} from "./history-import.ts";
import { MAX_AHEAD_MS, mergeEntries } from "./history-io.ts";

/** Where entries are kept (IndexedDB in the browser, memory in tests or when storage is refused). */
export type HistoryBackend = {
  loadAll(): Promise<HistoryEntry[]>;
  /** Keeps `entries` (replacing those of the same id) and removes the entries `drop` names, in one write. */
  put(entries: readonly HistoryEntry[], drop?: readonly string[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
};

export type HistoryState = {
  /** Newest first, within the limits. */
  entries: readonly HistoryEntry[];
  loaded: boolean;
  /** Set when the browser's storage failed: the history then lasts only as long as the page. */
  storageProblem: string | undefined;
};

/** An import: refused as a whole (with why), or its plan and what the store did with it. */
type ImportReport = { ok: false; message: string } | { ok: true; plan: ReadPlan; outcome: ImportOutcome };

/** Imported entries go to storage in transactions of at most this much, a short task each. */
const PUT_SLICE_BYTES = 512 * 1024;

export type HistoryStore = ReturnType<typeof createHistoryStore>;

/**
 * Why the browser's storage failed, for people: IndexedDB's errors often have an empty message
 * ("The browser's storage refused to keep the entry ()"), so the error's name decides.
 */
export function storageErrorText(err: unknown): string {
  const name = err instanceof Error || err instanceof DOMException ? err.name : "";
  if (name === "QuotaExceededError") return "it is full: delete entries or clear the history";
  if (name === "SecurityError" || name === "InvalidStateError")
    return "storage is blocked in this browser or window";
  const message = err instanceof Error ? err.message.trim() : String(err ?? "").trim();
  return message || name || "no reason given";
}

export function memoryBackend(initial: readonly HistoryEntry[] = []): HistoryBackend & {
  readonly rows: Map<string, HistoryEntry>;
} {
  const rows = new Map(initial.map((e) => [e.id, e]));
  return {
    rows,
    loadAll: async () => [...rows.values()],
    put: async (entries, drop = []) => {
      for (const id of drop) rows.delete(id);
      for (const e of entries) rows.set(e.id, e);
    },
    remove: async (ids) => {
      for (const id of ids) rows.delete(id);
    },
    clear: async () => rows.clear(),
  };
}

/**
 * The history: entries in a zustand vanilla store (what the panel shows) written through to a
 * backend. Operations run one after another; the memory copy changes at once and a storage failure
 * is reported in `storageProblem`, never thrown at the user. Created and started by the app shell
 * (`app/playground`), handed to the panel through `HistoryProvider`.
 */
export function createHistoryStore(backend: HistoryBackend, limits: HistoryLimits = DEFAULT_LIMITS) {
  const store: StoreApi<HistoryState> = createStore<HistoryState>()(() => ({
    entries: [],
    loaded: false,
    storageProblem: undefined,
  }));
  const state = () => store.getState();
  let queue: Promise<unknown> = Promise.resolve();
  let loading: Promise<void> | undefined;
  /**
   * Ids the user deleted (one, or all with Clear all) while this page runs: an entry of one of them
   * that comes later (a send's answer, kept in idle time a moment after it shows) is not added back.
   */
  const forgotten = new Set<string>();

  const set = (patch: Partial<HistoryState>) => store.setState(patch);
  const run = <T>(op: () => Promise<T>): Promise<T> => {
    const p = queue.then(op);
    queue = p.catch(() => undefined);
    return p;
  };
  const persist = async (what: string, op: () => Promise<void>) => {
    try {
      await op();
    } catch (err) {
      const why = storageErrorText(err);
      set({
        storageProblem: `The browser's storage refused to ${what} (${why}). The history shown lasts until this page is closed.`,
      });
    }
  };
  /** Puts `next` in place within the limits; returns what had to go. */
  const settle = (next: readonly HistoryEntry[]) => {
    const { keep, dropped } = applyBounds(next, limits);
    set({ entries: keep });
    return dropped;
  };

  const load = (): Promise<void> => {
    loading ??= run(async () => {
      let stored: HistoryEntry[] = [];
      try {
        stored = await backend.loadAll();
      } catch (err) {
        const why = storageErrorText(err);
        set({
          loaded: true,
          storageProblem: `The history could not be read from this browser's storage (${why}). New entries last until this page is closed.`,
        });
        return;
      }
      // Rows are checked on the way out too: one bad row (written by an older version, or by hand)
      // is skipped and removed, never fatal, so the rest still shows and can be managed.
      const readable: HistoryEntry[] = [];
      const unreadable: string[] = [];
      // An entry dated more than a day ahead (kept by an import before imports refused them) would
      // stay the newest for ever and push every send out: it is removed too, and said apart.
      const future: string[] = [];
      const latest = Date.now() + MAX_AHEAD_MS;
      // Checked and sized (for the bounds below) a slice of time at a time: a full history (8 MiB)
      // read and checked at once was a task of hundreds of ms at CPU 2x (decisions.md, History).
      let next = 0;
      await runInSlices({
        run(more) {
          for (; next < stored.length; next++) {
            if (!more()) return null;
            const row = stored[next];
            const checked = historyEntrySchema.safeParse(row);
            if (!checked.success)
              unreadable.push(
                typeof (row as { id?: unknown })?.id === "string" ? (row as { id: string }).id : "",
              );
            else if (checked.data.at > latest) future.push(checked.data.id);
            else {
              entrySize(checked.data);
              readable.push(checked.data);
            }
          }
          return true;
        },
      });
      const { merged } = mergeEntries(state().entries, readable);
      const dropped = settle(merged);
      set({ loaded: true });
      const were = (n: number) => (n === 1 ? "1 stored entry was" : `${n} stored entries were`);
      const said = [
        unreadable.length ? `${were(unreadable.length)} unreadable and removed.` : "",
        future.length ? `${were(future.length)} dated in the future (from an older import) and removed.` : "",
      ].filter(Boolean);
      if (said.length) set({ storageProblem: said.join(" ") });
      const ids = [...unreadable.filter((id) => id !== ""), ...future];
      if (ids.length) await persist("remove unreadable entries", () => backend.remove(ids));
      if (dropped.length) await persist("drop old entries", () => backend.remove(dropped.map((e) => e.id)));
    });
    return loading;
  };

  /**
   * Adds imported entries that are not there yet, in the room the limits leave beside the
   * entries there (newest first): an import never drops one of them. They are written to
   * storage in slices, so no write holds the page long.
   */
  const importEntries = (incoming: readonly HistoryEntry[]): Promise<ImportOutcome> => {
    void load();
    return run(async () => {
      const had = state().entries;
      const { added, duplicates } = mergeEntries(had, newestFirst(incoming));
      const { kept, left } = fillRoom(roomLeft(had, limits), added);
      set({ entries: newestFirst([...had, ...kept]) });
      await persist("keep the imported entries", async () => {
        for (const slice of sliceByBytes(kept, PUT_SLICE_BYTES)) await backend.put(slice);
      });
      return { kept, duplicates, noRoom: left, had: had.length, limits };
    });
  };
  return {
    /** The entries as the panel shows them (`useStore(history.store)`). */
    store,
    getSnapshot: (): HistoryState => store.getState(),
    load,
    /** Whether the user deleted entry `id` while this page runs (an entry of it is not added back). */
    isForgotten: (id: string): boolean => forgotten.has(id),
    /**
     * Keeps a new entry, or replaces the one with its id; the oldest go when a limit is reached. An
     * entry the user deleted is not added back.
     */
    add(entry: HistoryEntry): Promise<void> {
      if (forgotten.has(entry.id)) return Promise.resolve();
      // The stored history is not read for this: the History tab reads it when it opens (and
      // merges this page's entries in). Read at the first send, a full one (8 MiB) was read and
      // checked while the next send's answer came, a slice at a time (decisions.md, History).
      // A request kept as it leaves goes to storage at once, not behind the writes queued before it
      // (the answers of earlier sends, kept in idle time): a reload right after its answer shows
      // must find it. The queued write below puts it again in its turn, so a clear or a drop queued
      // before it keeps its order; a failure is said there.
      if (entry.status.kind === "sent" && !state().entries.some((e) => e.id === entry.id))
        backend.put([entry]).catch(() => undefined);
      return run(async () => {
        // Deleted (or cleared) after this add was asked for, before its turn.
        if (forgotten.has(entry.id)) return;
        // An entry kept when its request left is replaced by the one with its answer (same id);
        // never the other way round.
        const there = state().entries.find((e) => e.id === entry.id);
        if (there && entry.status.kind === "sent") return;
        const dropped = settle([entry, ...state().entries.filter((e) => e.id !== entry.id)]);
        const droppedIds = new Set(dropped.map((e) => e.id));
        // On a full history each send drops the oldest: one write keeps the one and drops the other.
        await persist("keep the entry", async () => {
          if (!droppedIds.has(entry.id)) await backend.put([entry], [...droppedIds]);
          else await backend.remove([...droppedIds]);
        });
      });
    },
    remove(id: string): Promise<void> {
      forgotten.add(id);
      return run(async () => {
        set({ entries: state().entries.filter((e) => e.id !== id) });
        await persist("delete the entry", () => backend.remove([id]));
      });
    },
    clear(): Promise<void> {
      return run(async () => {
        for (const e of state().entries) forgotten.add(e.id);
        set({ entries: [] });
        await persist("clear the history", () => backend.clear());
      });
    },
    /**
     * An import: once the stored entries are read, `read` (the import worker, or `planImport`)
     * reads the file against them and the room they leave; what it keeps is then added as
     * `importEntries` adds (checked again: entries may have come meanwhile).
     */
    async importFrom(read: (basis: ImportBasis) => Promise<ImportPlan>, now: number): Promise<ImportReport> {
      await load();
      const plan = await read(importBasis(state().entries, limits, now));
      if (!plan.ok) return plan;
      return { ok: true, plan, outcome: await importEntries(plan.entries) };
    },
    importEntries,
  };
}
