import type * as Monaco from "monaco-editor/editor/editor.api";
import type { Loaded } from "./load-monaco.ts";

/**
 * The body's model, one per `modelId` (its URI binds the schema to this model only): the one a
 * remount left, or a new one holding `text`. Making it loads the JSON language.
 */
export function openModel({ monaco }: Loaded, modelId: string, text: string) {
  const uri = monaco.Uri.parse(`inmemory://rpc-playground/${modelId}.json`);
  return { uri, model: monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, "json", uri) };
}

/** The body editor's font size, measured ahead by monaco.ts measureFonts. */
export const EDITOR_FONT_SIZE = 13;

/** Monaco's theme for the page's. */
export const monacoTheme = (theme: "light" | "dark") => (theme === "dark" ? "vs-dark" : "vs");

/** The body editor's options, without its model (given it after its creation). */
export function editorOptions({
  readOnly = false,
  theme,
}: {
  readOnly?: boolean | undefined;
  theme: "light" | "dark";
}): Monaco.editor.IStandaloneEditorConstructionOptions {
  return {
    model: null,
    ariaLabel: "JSON-RPC request body",
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    fontSize: EDITOR_FONT_SIZE,
    tabSize: 2,
    lineNumbersMinChars: 3,
    readOnly,
    tabFocusMode: true,
    fixedOverflowWidgets: true,
    theme: monacoTheme(theme),
    quickSuggestions: { strings: true, other: true, comments: false },
  };
}

/** The editor in `host`, without its model (reading the fonts and options): it is given it next. */
export function createEditor(
  loaded: Loaded,
  host: HTMLElement,
  options: Monaco.editor.IStandaloneEditorConstructionOptions,
): Monaco.editor.IStandaloneCodeEditor {
  return loaded.monaco.editor.create(host, options);
}

/** Where the user is typing in the plain textarea (its selection), or null when they are not. */
export function typingIn(plain: HTMLTextAreaElement | null): [number, number] | null {
  if (plain === null || document.activeElement !== plain) return null;
  return [plain.selectionStart, plain.selectionEnd];
}

/** Monaco takes over the plain textarea's focus and selection (offsets in the text). */
export function takeOver(
  { monaco }: Loaded,
  ed: Monaco.editor.IStandaloneCodeEditor,
  model: Monaco.editor.ITextModel,
  selection: [number, number],
): void {
  const [from, to] = selection.map((offset) => model.getPositionAt(offset));
  if (from && to) ed.setSelection(new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column));
  ed.focus();
}
