import type * as Monaco from "monaco-editor/editor/editor.api";
import type { RefObject } from "react";
import type { SchemaSpec } from "../../../methods/schema.ts";
import { type Loaded, nextIdle } from "./load-monaco.ts";
import { createEditor, editorOptions, monacoTheme, openModel, takeOver, typingIn } from "./monaco-create.ts";
import { bindKeys } from "./monaco-keys.ts";
import { type EditorProblem, followProblems } from "./monaco-markers.ts";
import { syncText } from "./monaco-sync.ts";

/** The editor's height for its first drawing (one line of the body's font): see mountEditor. */
const FIRST_DRAW_HEIGHT = 20;

/** What the editor reads of the page when it needs it: the latest (callbacks change identity each render). */
export type Wiring = {
  value: string;
  onChange(text: string): void;
  schema: SchemaSpec;
  onSubmit(text: string, anyway: boolean): void;
  onProblems(problems: EditorProblem[]): void;
  liveText?: { current: (() => string) | null } | undefined;
  theme: "light" | "dark";
  readOnly?: boolean | undefined;
  /** Ctrl/Cmd+M in the editor: what Tab does switches. */
  toggleTab(): void;
};

/** The page's side of the editor: where it goes, what it reads, and where it is kept once made. */
type Mount = {
  modelId: string;
  host: RefObject<HTMLDivElement | null>;
  /** The plain textarea that holds the body until Monaco takes over its text, focus and selection. */
  plain: RefObject<HTMLTextAreaElement | null>;
  latest: RefObject<Wiring>;
  mod: RefObject<Loaded | null>;
  editor: RefObject<Monaco.editor.IStandaloneCodeEditor | null>;
  /** Set while the page itself replaces the text: the change is not echoed back. */
  applyingExternal: RefObject<boolean>;
  /** Delivers typing the page has not heard yet (syncText's `flush`); true if there was some. */
  flushTyping: RefObject<(() => boolean) | null>;
  /** False once the page no longer wants this editor (unmounted, another model). */
  wanted(): boolean;
};

/**
 * Makes the editor in steps, each its own idle task: the model (which loads the JSON language),
 * then the theme and the layout they and Monaco's CSS changed, then the model's bracket pairs, then
 * the editor's settings, then the editor without its model (reading the fonts and options), then
 * the model given (the page laid out with the view's elements before the frame that draws its one
 * line: Monaco's drawing code run cold on little), then the whole height drawn, then the
 * hand-over: the textarea's latest text, the schema, the focus and selection if the user was
 * typing. Returns what takes it all down, or nothing when the page stopped wanting it on the way.
 * Part of Monaco's chunk: the first screen does not carry it.
 */
export async function mountEditor(loaded: Loaded, m: Mount): Promise<(() => void) | undefined> {
  const { host, latest } = m;
  if (!m.wanted() || !host.current) return;
  const { uri, model } = openModel(loaded, m.modelId, latest.current.value);
  // Before the JSON language's worker starts (it validates the new model a moment later): set after
  // it, the schema restarts the worker, and the page starts two.
  loaded.bindSchema(model, latest.current.schema);
  await nextIdle();
  if (!m.wanted() || !host.current) return;
  // The editor's theme, and the styles it and Monaco's CSS changed worked out now, in this task,
  // not inside the editor's creation (the services start with the light theme: the dark one's
  // colours are written out anew).
  loaded.monaco.editor.setTheme(monacoTheme(latest.current.theme));
  host.current.getBoundingClientRect();
  await nextIdle();
  if (!m.wanted() || !host.current) return;
  // The bracket pairs' tree, built and parsed now rather than inside the first drawing.
  (model as BracketPairs).bracketPairs?.getBracketsInRange?.(model.getFullModelRange());
  await nextIdle();
  if (!m.wanted() || !host.current) return;
  // The editor's settings given to Monaco's configuration service, as its creation would first.
  loaded.presetOptions(editorOptions(latest.current));
  await nextIdle();
  if (!m.wanted() || !host.current) return;
  const ed = createEditor(loaded, host.current, editorOptions(latest.current));
  /** The next idle task; false (the editor taken down) when the page stopped wanting it meanwhile. */
  const stillWanted = async () => {
    await nextIdle();
    const wanted = m.wanted();
    if (!wanted) ed.dispose();
    return wanted;
  };
  if (!(await stillWanted())) return;
  // Monaco's first drawing runs its code for the first time, a long frame for a few lines; it
  // draws one line first (under the textarea, which still covers the editor), then the whole height.
  ed.layout({ width: host.current?.clientWidth ?? 0, height: FIRST_DRAW_HEIGHT });
  ed.setModel(model);
  // The view's new elements laid out now: the frame that draws the line reads the editor's box
  // first, and would lay the page out inside that drawing's task.
  host.current?.getBoundingClientRect();
  if (!(await stillWanted())) return;
  // Monaco draws at once on a layout: the whole height, in a task of its own.
  ed.layout();
  if (!(await stillWanted())) return;
  // The textarea may have been typed in meanwhile: the model takes its latest text.
  if (model.getValue() !== latest.current.value) model.setValue(latest.current.value);
  const typing = typingIn(m.plain.current);
  m.mod.current = loaded;
  // The schema of now, if the page changed it on the way (bound already otherwise: nothing is set).
  loaded.bindSchema(model, latest.current.schema);
  m.editor.current = ed;
  if (typing) takeOver(loaded, ed, model, typing);
  const unwire = wire(loaded, ed, model, uri, m);
  return () => {
    unwire();
    loaded.unbindSchema(model);
    ed.dispose();
    model.dispose();
    m.editor.current = null;
    if (latest.current.liveText) latest.current.liveText.current = null;
  };
}

/**
 * Monaco's internal part of a model that holds its tree of bracket pairs (the brackets' colours and
 * the matching pair), not in its typings; where a later Monaco has it no more, the first drawing
 * builds the tree as before (monaco-internals.test.ts says so at the upgrade).
 */
type BracketPairs = { bracketPairs?: { getBracketsInRange?(range: Monaco.IRange): unknown } };

/** The editor's text, keys and problems, wired to the page; returns what unwires them. */
function wire(
  loaded: Loaded,
  ed: Monaco.editor.IStandaloneCodeEditor,
  model: Monaco.editor.ITextModel,
  uri: Monaco.Uri,
  { latest, host, applyingExternal, flushTyping }: Mount,
): () => void {
  const sync = syncText(ed, model, {
    onChange: (text) => latest.current.onChange(text),
    applyingExternal,
    // Browser tests read what Monaco holds through this attribute. Only a build made for them
    // (VITE_E2E=1: e2e/global-setup.ts) writes it; the bench measures the build users get; `npm run build` leaves it out.
    mirror:
      import.meta.env.VITE_E2E === "1"
        ? () => host.current?.setAttribute("data-text", model.getValue())
        : () => undefined,
  });
  // A Send reads the text it sends here: a change still in the debounce goes to the page first, so
  // the page's list of problems (and its "Send anyway") is that of the text sent.
  if (latest.current.liveText)
    latest.current.liveText.current = () => {
      sync.flush();
      return model.getValue();
    };
  bindKeys(loaded, ed, {
    toggleTab: () => latest.current.toggleTab(),
    submit: (anyway) => {
      sync.flush();
      latest.current.onSubmit(model.getValue(), anyway);
    },
  });
  flushTyping.current = sync.flush;
  const problems = followProblems(loaded, uri, (found) => latest.current.onProblems(found));
  return () => {
    flushTyping.current = null;
    sync.dispose();
    problems.dispose();
  };
}
