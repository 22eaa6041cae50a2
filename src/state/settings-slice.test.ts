import { afterEach, describe, expect, it, vi } from "vitest";
import { theirChanges } from "./cross-tab.ts";
import { shownEditor } from "./settings-slice.ts";
import { createAppStore, followOtherTabs } from "./store.ts";

const KEY = "rpc-playground:state";

/** A localStorage of the test's own, holding `stored` under the playground's key. */
function useStorage(stored?: unknown): Map<string, string> {
  const data = new Map<string, string>();
  if (stored !== undefined) data.set(KEY, JSON.stringify(stored));
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => storage });
  return data;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
  vi.unstubAllGlobals();
});

/** A device whose main pointer is a finger (a phone, a tablet), as the browser's media query says. */
const touchDevice = () =>
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(pointer: coarse)", media: query }));

describe("the body's editor (settings' editor)", () => {
  it("is the code editor until the plain text box is chosen, and the choice is kept for the next visit", () => {
    const data = useStorage();
    const store = createAppStore({ persist: true });
    expect(shownEditor(store.getState())).toBe("code");
    store.getState().settingsActions.setEditor("plain");
    expect(JSON.parse(data.get(KEY) ?? "{}").state.editor).toBe("plain");
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("plain");
  });

  it("reads anything else kept under it as the code editor (on a device with a mouse), and sets nothing but the two", () => {
    useStorage({ state: { editor: { plain: true } }, version: 1 });
    const store = createAppStore({ persist: true });
    expect(shownEditor(store.getState())).toBe("code");
    store.getState().settingsActions.setEditor("vim" as never);
    expect(shownEditor(store.getState())).toBe("code");
  });

  it("starts as the plain text box where the main pointer is a finger; a choice kept wins, and anything else kept reads as the device's", () => {
    touchDevice();
    useStorage();
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("plain");
    useStorage({ state: { editor: "code" }, version: 1 });
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("code");
    useStorage({ state: { editor: 7 }, version: 1 });
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("plain");
    expect(shownEditor(createAppStore({ persist: false }).getState())).toBe("plain");
  });

  it("keeps no editor until one is chosen: a device of another kind later starts with its own", () => {
    touchDevice();
    const data = useStorage();
    const store = createAppStore({ persist: true });
    store.getState().settingsActions.setTheme("dark"); // a write of the kept choices
    expect(shownEditor(store.getState())).toBe("plain");
    expect(JSON.parse(data.get(KEY) ?? "{}").state).not.toHaveProperty("editor");
    vi.unstubAllGlobals(); // the same browser, now with a mouse
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("code");
    touchDevice();
    createAppStore({ persist: true }).getState().settingsActions.setEditor("plain");
    vi.unstubAllGlobals();
    expect(shownEditor(createAppStore({ persist: true }).getState())).toBe("plain");
  });

  it("takes another tab's choice as its own, even one its device's default already shows", () => {
    touchDevice();
    const page = new EventTarget(); // the window, which hears other tabs' writes
    vi.stubGlobal("window", page);
    const data = useStorage();
    const store = createAppStore({ persist: true });
    const stop = followOtherTabs(store);
    const oldValue = data.get(KEY) ?? null;
    const newValue = JSON.stringify({ state: { editor: "plain" }, version: 1 });
    data.set(KEY, newValue);
    page.dispatchEvent(
      Object.assign(new Event("storage"), { key: KEY, oldValue, newValue, storageArea: localStorage }),
    );
    stop();
    expect(store.getState().editor).toBe("plain"); // taken as this tab's choice
    store.getState().settingsActions.setTheme("dark");
    expect(JSON.parse(data.get(KEY) ?? "{}").state.editor).toBe("plain");
  });

  it("follows another tab's choice, as the theme does", () => {
    expect(
      theirChanges({ editor: "code" }, { editor: "plain" }, { customNetworks: [], editor: "code" }),
    ).toEqual({ editor: "plain" });
  });
});
