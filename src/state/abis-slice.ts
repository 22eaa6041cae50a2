import type { Abi } from "viem";
import type { StateCreator } from "zustand";
import { MAX_ABIS, type UserAbi } from "../chain/abi-file.ts";
import { loadAbis, saveAbis } from "./abi-storage.ts";
import type { AppState } from "./store.ts";

/**
 * The ABIs the user added, by address: decoding tries them before the bundled table. Kept in the
 * browser (abi-storage.ts) by the playground; an embed's store keeps them in memory only, so it
 * never writes over the playground's.
 */
export type AbisSlice = {
  /** By lower-case address. */
  userAbis: Readonly<Record<string, UserAbi>>;
  /** Set when the browser refused to keep the last change (they live in memory until the page closes). */
  abiStorageFailed: boolean;
  abiActions: {
    put(entry: UserAbi): void;
    remove(address: string): void;
    /** Adds or replaces every entry; returns how many are now kept, at most {@link MAX_ABIS}. */
    importAll(entries: readonly UserAbi[]): number;
  };
};

const byAddress = (list: readonly UserAbi[]) =>
  Object.fromEntries(list.map((e) => [e.address.toLowerCase(), e])) as Record<string, UserAbi>;

export const createAbisSlice =
  ({ stored }: { stored: boolean }): StateCreator<AppState, [], [], AbisSlice> =>
  (set, get) => {
    const commit = (next: Record<string, UserAbi>) => {
      const list = Object.values(next).slice(-MAX_ABIS);
      const kept = byAddress(list);
      set({ userAbis: kept, abiStorageFailed: stored ? !saveAbis(list) : false });
      return list.length;
    };
    return {
      userAbis: stored ? byAddress(loadAbis()) : {},
      abiStorageFailed: false,
      abiActions: {
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
