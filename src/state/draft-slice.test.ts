import { describe, expect, it } from "vitest";
import { defaultValues } from "../methods/form-values.ts";
import { getMethod } from "../methods/registry.ts";
import { restoreDraft, SEEDED } from "./draft-slice.ts";
import { createAppStore } from "./store.ts";

const method = (bodyText: string) => (JSON.parse(bodyText) as { method: string; id: number }).method;

describe("restoreDraft", () => {
  it("writes the body of the saved method, so the picker, the form and Send agree", () => {
    const values = { ...defaultValues(getMethod("eth_getStorageAt")!), position: "0x2" };
    const d = restoreDraft({
      methodName: "eth_getStorageAt",
      valuesByMethod: { eth_getStorageAt: values },
      nextId: 5,
    });
    expect(d.methodName).toBe("eth_getStorageAt");
    expect(JSON.parse(d.bodyText)).toMatchObject({ id: 5, method: "eth_getStorageAt" });
    expect(d.bodyText).toContain('"0x2"');
  });

  it("falls back to the first method when the saved one is not offered any more", () => {
    const d = restoreDraft({ methodName: "eth_gone", valuesByMethod: {}, nextId: 1 });
    expect(d.methodName).toBe("eth_getBlockByNumber");
    expect(method(d.bodyText)).toBe("eth_getBlockByNumber");
  });

  it("starts from the examples when the saved values cannot be read", () => {
    const d = restoreDraft({
      methodName: "eth_getProof",
      valuesByMethod: null as unknown as Record<string, never>,
      nextId: 1,
    });
    expect(d.valuesByMethod).toEqual({
      eth_getBlockByNumber: defaultValues(getMethod("eth_getBlockByNumber")!),
    });
    expect(method(d.bodyText)).toBe("eth_getBlockByNumber");
  });

  it("gives the saved method its example values when none were saved, so the form shows on a first visit", () => {
    const d = restoreDraft({ methodName: "eth_getStorageAt", valuesByMethod: {}, nextId: 1 });
    expect(d.valuesByMethod.eth_getStorageAt).toEqual(defaultValues(getMethod("eth_getStorageAt")!));
  });
});

describe("examples in the form (examplesFrom)", () => {
  const store = () => createAppStore({ persist: false });
  const block = (s: ReturnType<typeof store>) => s.getState().valuesByMethod.eth_getBlockByNumber;

  it("fills a method's untouched form and says whose examples it holds", () => {
    const s = store();
    expect(s.getState().examplesFrom).toEqual({ eth_getBlockByNumber: SEEDED });
    const filled = s
      .getState()
      .draftActions.fillExamples("eth_getBlockByNumber", "mainnet 0x10", { block: "0x10", full: false });
    expect(filled).toBe(true);
    expect(block(s)).toEqual({ block: "0x10", full: false });
    expect(JSON.parse(s.getState().bodyText).params).toEqual(["0x10", false]);
    expect(s.getState().examplesFrom.eth_getBlockByNumber).toBe("mainnet 0x10");
  });

  it("never fills over the user's edits: in the form, in the body (even unparsable), or opened from a link", () => {
    const edits: Array<(s: ReturnType<typeof store>) => void> = [
      (s) => s.getState().draftActions.setValues({ block: "0x5", full: false }),
      (s) =>
        s.getState().draftActions.setBodyText('{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber",'),
      (s) => s.getState().draftActions.load("eth_getBlockByNumber", ["0x5", true]),
    ];
    for (const edit of edits) {
      const s = store();
      edit(s);
      const before = s.getState().bodyText;
      expect(
        s
          .getState()
          .draftActions.fillExamples("eth_getBlockByNumber", "mainnet 0x10", { block: "0x10", full: false }),
      ).toBe(false);
      expect(s.getState().bodyText).toBe(before);
    }
  });

  it("marks a method shown for the first time as seeded, keeps a revisited method's mark, and fills only the shown method", () => {
    const s = store();
    const a = s.getState().draftActions;
    a.setValues({ block: "0x5", full: false });
    a.selectMethod("eth_getStorageAt");
    expect(s.getState().examplesFrom).toEqual({ eth_getStorageAt: SEEDED });
    expect(a.fillExamples("eth_getBlockByNumber", "x", { block: "0x1", full: false })).toBe(false);
    a.selectMethod("eth_getBlockByNumber");
    expect(s.getState().examplesFrom.eth_getBlockByNumber).toBeUndefined();
    expect(block(s)).toEqual({ block: "0x5", full: false });
  });

  it("restores saved marks, and counts forms saved before marks existed as the user's", () => {
    const values = { block: "0x10", full: false };
    const old = restoreDraft({
      methodName: "eth_getBlockByNumber",
      valuesByMethod: { eth_getBlockByNumber: values },
      nextId: 1,
    });
    expect(old.examplesFrom).toEqual({});
    const marked = restoreDraft({
      methodName: "eth_getBlockByNumber",
      valuesByMethod: { eth_getBlockByNumber: values },
      examplesFrom: { eth_getBlockByNumber: "mainnet 0x10" },
      nextId: 1,
    });
    expect(marked.examplesFrom).toEqual({ eth_getBlockByNumber: "mainnet 0x10" });
    const hostile = restoreDraft({
      methodName: "eth_getBlockByNumber",
      valuesByMethod: { eth_getBlockByNumber: values },
      examplesFrom: { eth_getBlockByNumber: 7 } as unknown as Record<string, string>,
      nextId: 1,
    });
    expect(hostile.examplesFrom).toEqual({});
  });
});

describe("the next id (noteSentId, advanceId)", () => {
  it("gives a body written while the answer comes the next id, and advances once however often it is told", () => {
    const store = createAppStore({ persist: false });
    const { draftActions } = store.getState();
    draftActions.selectMethod("eth_getBlockByNumber");
    const sent = (JSON.parse(store.getState().bodyText) as { id: number }).id;
    draftActions.noteSentId(sent);
    // The body on screen keeps the id it was sent with until the answer is painted.
    expect(JSON.parse(store.getState().bodyText)).toMatchObject({ id: sent });
    // Another method chosen meanwhile is written with the next id, not the one just sent.
    draftActions.selectMethod("eth_getStorageAt");
    expect(JSON.parse(store.getState().bodyText)).toMatchObject({ id: sent + 1 });
    // The advance after the answer (the body was changed: not rewritten) keeps that id next.
    draftActions.advanceId(sent, false);
    draftActions.advanceId(sent, true);
    expect(JSON.parse(store.getState().bodyText)).toMatchObject({ id: sent + 1, method: "eth_getStorageAt" });
  });

  it("never goes down: a body sent with a lower id typed in leaves the next id as it was", () => {
    const store = createAppStore({ persist: false });
    const { draftActions } = store.getState();
    draftActions.advanceId(9);
    expect(store.getState().nextId).toBe(10);
    draftActions.noteSentId(3);
    draftActions.advanceId(3);
    expect(store.getState().nextId).toBe(10);
    expect(JSON.parse(store.getState().bodyText)).toMatchObject({ id: 10 });
  });

  it("advances the id and rewrites the body in one change of the store (one render, one write)", () => {
    const store = createAppStore({ persist: false });
    const { draftActions } = store.getState();
    draftActions.selectMethod("eth_getBlockByNumber");
    let changes = 0;
    const stop = store.subscribe(() => changes++);
    draftActions.advanceId(4);
    stop();
    expect(changes).toBe(1);
    expect(store.getState().nextId).toBe(5);
    expect(JSON.parse(store.getState().bodyText)).toMatchObject({ id: 5 });
  });
});

describe("the kept draft", () => {
  it("is written when a kept field changes, not again for a change it does not keep (the next id)", () => {
    const writes: string[] = [];
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => {
        writes.push(k);
        data.set(k, v);
      },
      removeItem: (k: string) => void data.delete(k),
    };
    Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => storage });
    try {
      const store = createAppStore({ persist: true });
      const { draftActions } = store.getState();
      draftActions.selectMethod("eth_getStorageAt");
      const kept = writes.length;
      expect(kept).toBeGreaterThan(0);
      expect(data.get("rpc-playground:state")).toContain('"methodName":"eth_getStorageAt"');
      draftActions.noteSentId(7);
      draftActions.advanceId(7, false);
      expect(store.getState().nextId).toBe(8);
      expect(writes).toHaveLength(kept);
      draftActions.selectMethod("eth_getProof");
      expect(writes).toHaveLength(kept + 1);
    } finally {
      Reflect.deleteProperty(globalThis, "localStorage");
    }
  });
});
