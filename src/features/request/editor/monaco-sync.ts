import type * as Monaco from "monaco-editor/editor/editor.api";

const SYNC_DELAY_MS = 120;

/**
 * The model's text to the page. Monaco owns the live text; `onChange` hears of it debounced while
 * typing, at once on a paste, and not for a change the page made itself (`applyingExternal`).
 * `flush` delivers a pending change now (before a send, on cleanup, as the editor loses the focus);
 * with none pending it says nothing (the page then holds the text already, or a newer one of its
 * own) and returns false.
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
  // Whatever the user does next outside the editor (a click in a view, the form, the picker) finds
  // the page holding what was typed, so its own change of the body builds on it.
  const blurred = ed.onDidBlurEditorText(() => flush());
  return {
    flush,
    dispose() {
      flush();
      sub.dispose();
      pasted.dispose();
      blurred.dispose();
    },
  };
}
