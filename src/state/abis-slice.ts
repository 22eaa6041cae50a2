import type { Abi } from "viem";
import type { StateCreator } from "zustand";
import type { UserAbi } from "../chain/abi-file.ts";
import { loadOnce } from "../chain/load-once.ts";
import type { AppState } from "./store.ts";

/**
 * The most ABIs the store holds: chain/abi-file.ts's MAX_ABIS (abis-slice.test.ts checks they are
 * equal). Not imported from there, so the store does not bring the ABI checker (zod, viem's
 * human-readable parser) into the first screen.
 */
export const MAX_KEPT_ABIS = 200;

/**
 * The ABIs the user added, by address: decoding tries them before the bundled table. Kept in the
 * browser (abi-storage.ts) by the playground; an embed's store keeps them in memory only, so it
 * never writes over the playground's.
 *
 * The stored ones are read and checked after the first paint (`load()`: the shell calls it in idle
 * time and on Send; the ABIs dialog and name decoding wait for it), so the checker is not part of
 * the first screen.
 */
export type AbisSlice = {
  /** By lower-case address. */
  userAbis: Readonly<Record<string, UserAbi>>;
  /** The stored ABIs have been read (always true for a store kept in memory). */
  abisLoaded: boolean;
  /** Set when the browser refused to keep the last change (they live in memory until the page closes). */
  abiStorageFailed: boolean;
  abiActions: {
    /** Reads the stored ABIs (once; a failed load is tried again on the next call). */
    load(): Promise<unknown>;
    put(entry: UserAbi): void;
    remove(address: string): void;
    /** Adds or replaces every entry; returns how many are now kept, at most {@link MAX_KEPT_ABIS}. */
    importAll(entries: readonly UserAbi[]): number;
  };
};

const byAddress = (list: readonly UserAbi[]) =>
  Object.fromEntries(list.map((e) => [e.address.toLowerCase(), e])) as Record<string, UserAbi>;

type AbiStorage = typeof import("./abi-storage.ts");

export const createAbisSlice =
  ({ stored }: { stored: boolean }): StateCreator<AppState, [], [], AbisSlice> =>
  (set, get) => {
    const storage = loadOnce<AbiStorage>(() =>
      import("./abi-storage.ts").then((m) => {
        // A change made before the stored ones were read (none through the UI, which waits) wins.
        set({ userAbis: { ...byAddress(m.loadAbis()), ...get().userAbis }, abisLoaded: true });
        return m;
      }),
    );
    const load = (): Promise<unknown> => (stored ? storage.get() : Promise.resolve());
    const save = () => {
      if (!stored) return;
      const m = storage.current();
      if (m) {
        set({ abiStorageFailed: !m.saveAbis(Object.values(get().userAbis)) });
        return;
      }
      load().then(save, () => set({ abiStorageFailed: true }));
    };
    const commit = (next: Record<string, UserAbi>) => {
      const list = Object.values(next).slice(-MAX_KEPT_ABIS);
      set({ userAbis: byAddress(list) });
      save();
      return list.length;
    };
    return {
      userAbis: {},
      abisLoaded: !stored,
      abiStorageFailed: false,
      abiActions: {
        load,
        put: (entry) => {
          const { [entry.address.toLowerCase()]: _old, ...rest } = get().userAbis;
          commit({ ...rest, [entry.address.toLowerCase()]: entry });
        },
        remove: (address) => {
          const { [address.toLowerCase()]: _gone, ...rest } = get().userAbis;
          commit(rest);
        },
        importAll: (entries) => commit({ ...get().userAbis, ...byAddress(entries) }),
      },
    };
  };

/** The lookup decoding uses: the user's ABI for an address (any case). */
export function userAbiLookup(abis: Readonly<Record<string, UserAbi>>): (address: string) => Abi | undefined {
  return (address) => abis[address.toLowerCase()]?.abi;
}
