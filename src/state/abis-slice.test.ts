import { parseAbi } from "viem/utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_ABIS } from "../chain/abi-file.ts";
import { loadAbis, saveAbis } from "./abi-storage.ts";
import { MAX_KEPT_ABIS, userAbiLookup } from "./abis-slice.ts";
import { createAppStore } from "./store.ts";

/** A Storage in memory; `full` makes writing the ABIs throw as a full quota does. */
function fakeStorage(full = false) {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full && k === "rpc-playground:abis") throw new DOMException("quota", "QuotaExceededError");
      data.set(k, v);
    },
    removeItem: (k: string) => void data.delete(k),
  };
  Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => storage });
  return data;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
});

const entry = {
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  label: "Store",
  abi: parseAbi(["event ValueSet(uint256 value)"]),
};

describe("the user's ABIs", () => {
  it("are kept in localStorage by the playground's store and read back after the first paint", async () => {
    const data = fakeStorage();
    const store = createAppStore({ persist: true });
    await store.getState().abiActions.load();
    store.getState().abiActions.put(entry);
    expect(data.get("rpc-playground:abis")).toContain('"format": "rpc-playground-abis"');
    const again = createAppStore({ persist: true });
    // Not read when the store is made (the checker is not part of the first screen): on load().
    expect(again.getState().abisLoaded).toBe(false);
    expect(again.getState().userAbis).toEqual({});
    await again.getState().abiActions.load();
    expect(again.getState().abisLoaded).toBe(true);
    expect(userAbiLookup(again.getState().userAbis)(entry.address.toLowerCase())).toEqual(entry.abi);
    again.getState().abiActions.remove(entry.address);
    expect(data.has("rpc-playground:abis")).toBe(false);
  });

  it("a change made before the stored ones were read is kept with them, and written", async () => {
    const data = fakeStorage();
    const other = { ...entry, address: "0x0000000000000000000000000000000000000001", label: "Other" };
    await createAppStore({ persist: true }).getState().abiActions.load();
    const first = createAppStore({ persist: true });
    await first.getState().abiActions.load();
    first.getState().abiActions.put(entry);
    const store = createAppStore({ persist: true });
    store.getState().abiActions.put(other);
    await store.getState().abiActions.load();
    await vi.waitFor(() => expect(data.get("rpc-playground:abis")).toContain(other.address));
    expect(Object.keys(store.getState().userAbis).sort()).toEqual(
      [entry.address.toLowerCase(), other.address.toLowerCase()].sort(),
    );
  });

  it("the store's bound is the import file's", () => {
    expect(MAX_KEPT_ABIS).toBe(MAX_ABIS);
  });

  it("an embed's store keeps them in memory only", () => {
    const data = fakeStorage();
    const store = createAppStore({ persist: false });
    expect(store.getState().abisLoaded).toBe(true);
    store.getState().abiActions.importAll([entry]);
    expect(Object.keys(store.getState().userAbis)).toEqual([entry.address.toLowerCase()]);
    expect(data.size).toBe(0);
  });

  it("a full or blocked storage: kept in memory, the failure said, nothing thrown", async () => {
    fakeStorage(true);
    const store = createAppStore({ persist: true });
    await store.getState().abiActions.load();
    store.getState().abiActions.put(entry);
    expect(store.getState().abiStorageFailed).toBe(true);
    expect(store.getState().userAbis[entry.address.toLowerCase()]).toEqual(entry);
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    expect(loadAbis()).toEqual([]);
    expect(saveAbis([entry])).toBe(false);
  });

  it("hostile stored text is dropped, not trusted", async () => {
    const data = fakeStorage();
    data.set(
      "rpc-playground:abis",
      '{"format":"rpc-playground-abis","version":1,"abis":[{"address":"x","abi":1}]}',
    );
    expect(loadAbis()).toEqual([]);
    data.set("rpc-playground:abis", "not json");
    const store = createAppStore({ persist: true });
    await store.getState().abiActions.load();
    expect(store.getState().userAbis).toEqual({});
  });
});

describe("a set of ABIs too big for the browser's storage", () => {
  it("is not written (the rest of the app must still fit) and the failure is said", () => {
    const data = fakeStorage();
    const big = {
      ...entry,
      abi: parseAbi(
        Array.from({ length: 9000 }, (_, i) => `event E${i}(uint256 a, uint256 b, uint256 c, address d)`),
      ),
    };
    expect(saveAbis([big])).toBe(false);
    expect(data.size).toBe(0);
  });
});
