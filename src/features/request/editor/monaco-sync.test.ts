import type * as Monaco from "monaco-editor/editor/editor.api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncText } from "./monaco-sync.ts";

/** Just what syncText reads of Monaco's model and editor: the text, its change and paste events. */
function fakeEditor(initial: string) {
  let text = initial;
  const changed = new Set<() => void>();
  const pasted = new Set<() => void>();
  const on = (set: Set<() => void>) => (f: () => void) => {
    set.add(f);
    return { dispose: () => set.delete(f) };
  };
  const model = { getValue: () => text, onDidChangeContent: on(changed) };
  const ed = { onDidPaste: on(pasted) };
  return {
    model: model as unknown as Monaco.editor.ITextModel,
    ed: ed as unknown as Monaco.editor.IStandaloneCodeEditor,
    type(next: string) {
      text = next;
      for (const f of changed) f();
    },
    paste(next: string) {
      this.type(next);
      for (const f of pasted) f();
    },
    listeners: () => changed.size + pasted.size,
  };
}

describe("the editor's text to the page (syncText)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = (initial = "{}") => {
    const fake = fakeEditor(initial);
    const heard: string[] = [];
    const mirrored: number[] = [];
    const applyingExternal = { current: false };
    const sync = syncText(fake.ed, fake.model, {
      onChange: (t) => heard.push(t),
      applyingExternal,
      mirror: () => mirrored.push(1),
    });
    return { fake, heard, mirrored, applyingExternal, sync };
  };

  it("hears typing once it pauses (120 ms), with the latest text", () => {
    const { fake, heard } = setUp();
    fake.type("{ ");
    vi.advanceTimersByTime(100);
    fake.type('{ "a"');
    vi.advanceTimersByTime(119);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual(['{ "a"']);
  });

  it("hears a paste at once, and once", () => {
    const { fake, heard } = setUp();
    fake.paste("[1]");
    expect(heard).toEqual(["[1]"]);
    vi.advanceTimersByTime(500);
    expect(heard).toEqual(["[1]"]);
  });

  it("does not echo a text the page put in itself, but mirrors every text", () => {
    const { fake, heard, mirrored, applyingExternal } = setUp();
    expect(mirrored).toHaveLength(1);
    applyingExternal.current = true;
    fake.type("from the form");
    applyingExternal.current = false;
    vi.advanceTimersByTime(500);
    expect(heard).toEqual([]);
    expect(mirrored).toHaveLength(2);
  });

  it("flush delivers a pending change now (a send); dispose delivers it and stops listening", () => {
    const { fake, heard, sync } = setUp();
    fake.type("a");
    expect(sync.flush()).toBe(true);
    expect(heard).toEqual(["a"]);
    fake.type("ab");
    sync.dispose();
    expect(heard).toEqual(["a", "ab"]);
    expect(fake.listeners()).toBe(0);
    vi.advanceTimersByTime(500);
    expect(heard).toEqual(["a", "ab"]);
  });

  it("flush or dispose with nothing pending says nothing (the page may hold a newer text of its own)", () => {
    const { fake, heard, sync } = setUp();
    expect(sync.flush()).toBe(false);
    fake.type("a");
    vi.advanceTimersByTime(120);
    expect(heard).toEqual(["a"]);
    expect(sync.flush()).toBe(false);
    sync.dispose();
    expect(heard).toEqual(["a"]);
  });
});
