import type * as Monaco from "monaco-editor/editor/editor.api";

const SYNC_DELAY_MS = 120;

/**
 * The model's text to the page. Monaco owns the live text; `onChange` hears of it debounced while
 * typing, at once on a paste, and not for a change the page made itself (`applyingExternal`).
 * `flush` delivers a pending change now (before a send, on cleanup, before the app's own change of
 * the body); with none pending it says nothing (the page then holds the text already, or a newer
 * one of its own) and returns false. Not on blur: the page's redraw (a form turned into a batch's
 * note) would then land between a click's mousedown and its mouseup, and the click was lost (an
 * axe walk's Send right after a paste).
 */
export function syncText(
  ed: Monaco.editor.IStandaloneCodeEditor,
  model: Monaco.editor.ITextModel,
  opts: {
    onChange(text: string): void;
    applyingExternal: { current: boolean };
    /** Writes the text where browser tests read it (a no-op outside a build made for them). */
    mirror(): void;
  },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): boolean => {
    if (!timer) return false;
    clearTimeout(timer);
    timer = undefined;
    opts.onChange(model.getValue());
    return true;
  };
  opts.mirror();
  const sub = model.onDidChangeContent(() => {
    opts.mirror();
    if (opts.applyingExternal.current) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, SYNC_DELAY_MS);
  });
  // A paste is one change, not a stream of keystrokes: the form follows at once, so it does not
  // reflow under the pointer a moment later (a Send clicked then would lose its click).
  const pasted = ed.onDidPaste(() => flush());
  return {
    flush,
    dispose() {
      flush();
      sub.dispose();
      pasted.dispose();
    },
  };
}
