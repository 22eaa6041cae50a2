import { createStore, type StateCreator, type StoreApi } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import type { Network } from "../networks/network.ts";
import { provider } from "../networks/provider.ts";
import { type AbisSlice, createAbisSlice } from "./abis-slice.ts";
import { persistedState, theirChanges } from "./cross-tab.ts";
import { createDraftSlice, type DraftSlice, restoreDraft } from "./draft-slice.ts";
import { createKeySlice, type KeySlice } from "./key-slice.ts";
import { isRememberedKeysEvent } from "./key-storage.ts";
import { createNetworksSlice, isOffered, type NetworksSlice } from "./networks-slice.ts";
import { createSettingsSlice, editorChoice, type SettingsSlice } from "./settings-slice.ts";
import { safeLocalStorage } from "./storage-check.ts";

export type AppState = NetworksSlice & KeySlice & SettingsSlice & DraftSlice & AbisSlice;
export type AppStore = StoreApi<AppState>;

type AppStoreOptions = {
  /**
   * The playground keeps the user's choices in the browser (localStorage; keys in sessionStorage
   * unless remembered). An embed passes false: its store lives in memory only, so it can never
   * write over the playground's choices on the same origin, and its key has one home, this store.
   */
  persist: boolean;
  /** Choices to start from (an embed's address), applied over the defaults. */
  initial?: Partial<Pick<AppState, "selectedNetworkId" | "transport" | "theme">>;
};

/**
 * One store of slices per provider; it holds only what the user chose. Server answers (the
 * devnet's config, the answers to requests) live in TanStack Query.
 */
export function createAppStore({ persist: keep, initial = {} }: AppStoreOptions): AppStore {
  const slices: StateCreator<AppState> = (...a) => ({
    ...createNetworksSlice(...a),
    ...createKeySlice({ stored: keep, singleKey: !keep })(...a),
    ...createSettingsSlice(...a),
    ...createDraftSlice(...a),
    ...createAbisSlice({ stored: keep })(...a),
    ...initial,
  });
  if (!keep) return createStore<AppState>()(slices);
  const tabs = crossTabStorage(STATE_KEY);
  const store = createStore<AppState>()(
    persist(slices, {
      name: STATE_KEY,
      version: 1,
      storage: createJSONStorage(() => tabs.storage),
      partialize: (s) => ({
        selectedNetworkId: s.selectedNetworkId,
        customNetworks: s.customNetworks,
        transport: s.transport,
        timeoutMs: s.timeoutMs,
        maxAnswerMiB: s.maxAnswerMiB,
        theme: s.theme,
        // Only a choice is kept: the device's default is not one (JSON drops an undefined).
        editor: s.editor,
        methodName: s.methodName,
        valuesByMethod: s.valuesByMethod,
        examplesFrom: s.examplesFrom,
      }),
      migrate: (persisted, version) => {
        // Version 1 is the first; an unknown older shape is dropped rather than trusted.
        return version === 1 ? (persisted as Partial<AppState>) : {};
      },
      merge: (persisted, current) => {
        const merged = { ...current, ...(persisted as Partial<AppState> | undefined) };
        return {
          ...merged,
          ...restoreDraft(merged),
          ...offeredSelection(merged),
          editor: editorChoice(merged.editor),
        };
      },
    }),
  );
  followers.set(store, () =>
    tabs.follow(
      () => store.getState(),
      (changes) => store.setState(withValidSelection(store.getState(), changes)),
    ),
  );
  return store;
}

const followers = new WeakMap<AppStore, () => () => void>();

/**
 * Follows what other tabs of the playground change (their writes to localStorage), until the
 * returned function is called. Started by an effect, not when the store is made: React may make a
 * store and throw it away (a first render that suspends), and a thrown-away store must not go on
 * answering other tabs with its stale state.
 */
export function followOtherTabs(store: AppStore): () => void {
  return followers.get(store)?.() ?? (() => {});
}

const STATE_KEY = "rpc-playground:state";

/** A stored choice of a network no longer offered (the provider hides it) gives way to the provider's default. */
function offeredSelection(s: Pick<AppState, "selectedNetworkId" | "customNetworks">): Partial<AppState> {
  return isOffered(s.selectedNetworkId, s.customNetworks)
    ? {}
    : { selectedNetworkId: provider().defaultNetworkId };
}

/** A network removed in another tab cannot stay selected here; an editor it stored is read as any kept one. */
function withValidSelection(s: AppState, changes: Partial<AppState>): Partial<AppState> {
  return {
    ...changes,
    ...offeredSelection({ ...s, ...changes }),
    ...("editor" in changes ? { editor: editorChoice(changes.editor) } : {}),
  };
}

/**
 * localStorage for zustand persist, merged across tabs (cross-tab.ts): before writing, whatever
 * another tab stored since this tab last looked is merged into what this tab writes; `follow`
 * applies another tab's changes as they happen. Storage that throws (blocked) reads as empty and
 * drops writes: the store then lives in memory.
 */
function crossTabStorage(name: string) {
  let lastSeen: string | null = null;
  let apply: ((changes: Partial<AppState>) => void) | undefined;
  const local = safeLocalStorage;
  const storage: StateStorage = {
    getItem: (key) => {
      try {
        lastSeen = local()?.getItem(key) ?? null;
      } catch {
        lastSeen = null;
      }
      return lastSeen;
    },
    setItem: (key, value) => {
      let next = value;
      try {
        const stored = local()?.getItem(key) ?? null;
        // zustand's persist writes after every change, most of which (the body, the next id) leave
        // the kept fields as they were: the same text is not written again.
        if (stored === lastSeen && value === lastSeen) return;
        if (stored !== lastSeen) {
          // Another tab wrote since: keep its changes in what this tab writes, and show them here.
          const mine = persistedState(value);
          const theirs = persistedState(stored);
          if (mine && theirs) {
            const changes = theirChanges(persistedState(lastSeen), theirs, {
              ...mine,
              customNetworks: (mine.customNetworks ?? []) as Network[],
            });
            if (Object.keys(changes).length) {
              const record = JSON.parse(value) as { state: object };
              next = JSON.stringify({ ...record, state: { ...record.state, ...changes } });
              queueMicrotask(() => apply?.(changes as Partial<AppState>));
            }
          }
        }
        local()?.setItem(key, next);
        lastSeen = next;
      } catch {
        // Full or blocked: this tab keeps its choices in memory.
      }
    },
    removeItem: (key) => {
      try {
        local()?.removeItem(key);
      } catch {
        // Blocked: nothing was kept.
      }
    },
  };
  return {
    storage,
    follow(state: () => AppState, onChange: (changes: Partial<AppState>) => void): () => void {
      apply = onChange;
      if (typeof window === "undefined") return () => {};
      const onStorage = (e: StorageEvent) => {
        if (isRememberedKeysEvent(e)) return state().keyActions.otherTabChanged(e.oldValue, e.newValue);
        if (e.key !== name || e.storageArea !== local()) return;
        const base = persistedState(e.oldValue);
        lastSeen = e.newValue;
        const theirs = persistedState(e.newValue);
        if (!theirs) return;
        const changes = theirChanges(base, theirs, state());
        if (Object.keys(changes).length) onChange(changes as Partial<AppState>);
      };
      window.addEventListener("storage", onStorage);
      return () => {
        apply = undefined;
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
