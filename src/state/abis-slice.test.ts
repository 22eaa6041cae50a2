import { parseAbi } from "viem/utils";
import { afterEach, describe, expect, it } from "vitest";
import { loadAbis, saveAbis } from "./abi-storage.ts";
import { userAbiLookup } from "./abis-slice.ts";
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
  it("are kept in localStorage by the playground's store and read back", () => {
    const data = fakeStorage();
    const store = createAppStore({ persist: true });
    store.getState().abiActions.put(entry);
    expect(data.get("rpc-playground:abis")).toContain('"format": "rpc-playground-abis"');
    const again = createAppStore({ persist: true });
    expect(userAbiLookup(again.getState().userAbis)(entry.address.toLowerCase())).toEqual(entry.abi);
    again.getState().abiActions.remove(entry.address);
    expect(data.has("rpc-playground:abis")).toBe(false);
  });

  it("an embed's store keeps them in memory only", () => {
    const data = fakeStorage();
    const store = createAppStore({ persist: false });
    store.getState().abiActions.importAll([entry]);
    expect(Object.keys(store.getState().userAbis)).toEqual([entry.address.toLowerCase()]);
    expect(data.size).toBe(0);
  });

  it("a full or blocked storage: kept in memory, the failure said, nothing thrown", () => {
    fakeStorage(true);
    const store = createAppStore({ persist: true });
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

  it("hostile stored text is dropped, not trusted", () => {
    const data = fakeStorage();
    data.set(
      "rpc-playground:abis",
      '{"format":"rpc-playground-abis","version":1,"abis":[{"address":"x","abi":1}]}',
    );
    expect(loadAbis()).toEqual([]);
    data.set("rpc-playground:abis", "not json");
    expect(createAppStore({ persist: true }).getState().userAbis).toEqual({});
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
