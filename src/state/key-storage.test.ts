import { afterEach, describe, expect, it } from "vitest";
import { loadKeys, saveKeys } from "./key-storage.ts";

/** A browser whose storage throws on access (third-party iframes with storage blocked, cookies off). */
function blockStorage() {
  for (const name of ["localStorage", "sessionStorage"])
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
}

afterEach(() => {
  for (const name of ["localStorage", "sessionStorage"]) Reflect.deleteProperty(globalThis, name);
});

describe("keys when the browser refuses storage", () => {
  it("load as none and save nowhere, without throwing", () => {
    blockStorage();
    expect(loadKeys()).toEqual({ keys: {}, remember: false });
    expect(() => saveKeys({ keys: { infura: "k" }, remember: true })).not.toThrow();
  });
});
