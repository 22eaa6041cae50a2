import type * as Monaco from "monaco-editor/editor/editor.api";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { whenIdle } from "../../../components/ui/preloadable.tsx";
import { type Loaded, loadMonaco, nextIdle } from "./load-monaco.ts";

export type EditorProblem = { line: number; column: number; message: string; severity: "error" | "warning" };
/** A problem the app's own checks found (a checksum, a storage key), marked at its line as a warning. */
export type EditorMark = { line: number; column: number; message: string };

const MARK_OWNER = "rpc-playground-checks";

type Props = {
  /** Stable per editor instance: the model URI is built from it, so schemas bind to this model only. */
  modelId: string;
  value: string;
  onChange(text: string): void;
  schemaId: string;
  schema: unknown;
  /** The app's own checks, marked in the editor beside the schema's. */
  marks?: readonly EditorMark[];
  /** Ctrl/Cmd+Enter (`anyway` false) and Ctrl/Cmd+Shift+Enter (`anyway`: send a body with problems as written). */
  onSubmit(text: string, anyway: boolean): void;
  onProblems(problems: EditorProblem[]): void;
  /** Set to a reader of the live text, so a Send click never uses a copy the debounce has not delivered yet. */
  liveText?: { current: (() => string) | null };
  theme: "light" | "dark";
  readOnly?: boolean;
  height?: number;
};

const SYNC_DELAY_MS = 120;

/** At the latest this long after the first paint, Monaco loads even if the page never idles. */
const MONACO_IDLE_TIMEOUT_MS = 1500;

/**
 * The JSON-RPC body in Monaco. Monaco owns the live text; the parent hears of it debounced. Until
 * Monaco is loaded (in idle time after the first paint, so its evaluation never delays a keystroke or
 * a click) a plain textarea holds the same body, editable, so the first screen never waits for it.
 */
export function BodyEditor(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const plain = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  // Monaco's code is fetched and evaluated only once this is set, in idle time after the first paint.
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), MONACO_IDLE_TIMEOUT_MS), []);
  // Tab leaves the editor by default, so it is no keyboard trap; the toggle (or Ctrl+M) lets Tab indent.
  const [tabMovesFocus, setTabMovesFocus] = useState(true);
  const tabIds = { toggle: useId(), hint: useId() };
  const mod = useRef<Loaded | null>(null);
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const applyingExternal = useRef(false);
  // Callbacks change identity each render; the editor's listeners read the latest through a ref.
  const latest = useRef(props);
  latest.current = props;

  const { modelId } = props;
  useEffect(() => {
    if (!wanted) return;
    let disposed = false;
    let cleanup: (() => void) | undefined;
    loadMonaco()
      .then(async (loaded) => {
        if (disposed || !host.current) return;
        const { monaco } = loaded;
        const uri = monaco.Uri.parse(`inmemory://rpc-playground/${modelId}.json`);
        const model =
          monaco.editor.getModel(uri) ?? monaco.editor.createModel(latest.current.value, "json", uri);
        // Making the model loads the JSON language; the editor is created in the next idle task,
        // without its model (reading the fonts and options), which it is given in the one after.
        await nextIdle();
        if (disposed || !host.current) return;
        // Styles Monaco's CSS changed are worked out now, in this task, not inside the editor's creation.
        host.current.getBoundingClientRect();
        await nextIdle();
        if (disposed || !host.current) return;
        const ed = monaco.editor.create(host.current, {
          model: null,
          ariaLabel: "JSON-RPC request body",
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: loaded.EDITOR_FONT_SIZE,
          tabSize: 2,
          lineNumbersMinChars: 3,
          readOnly: latest.current.readOnly ?? false,
          tabFocusMode: true,
          fixedOverflowWidgets: true,
          theme: latest.current.theme === "dark" ? "vs-dark" : "vs",
          quickSuggestions: { strings: true, other: true, comments: false },
        });
        await nextIdle();
        if (disposed) {
          ed.dispose();
          return;
        }
        // The textarea may have been typed in meanwhile: the model takes its latest text.
        if (model.getValue() !== latest.current.value) model.setValue(latest.current.value);
        // The user may be typing in the plain textarea: Monaco takes over its focus and selection.
        const typing = plain.current !== null && document.activeElement === plain.current;
        const selection = plain.current && [plain.current.selectionStart, plain.current.selectionEnd];
        mod.current = loaded;
        loaded.bindSchema(model, latest.current.schemaId, latest.current.schema);
        ed.setModel(model);
        editor.current = ed;
        if (typing && selection) {
          const [from, to] = selection.map((offset) => model.getPositionAt(offset));
          if (from && to)
            ed.setSelection(new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column));
          ed.focus();
        }
        // Ctrl/Cmd+M switches what Tab does, and the visible toggle follows.
        ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => setTabMovesFocus((on) => !on));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const flush = () => {
          if (timer) clearTimeout(timer);
          timer = undefined;
          latest.current.onChange(model.getValue());
        };
        // Browser tests read what Monaco holds through this attribute. Only a build made for them
        // (VITE_E2E=1: e2e/global-setup.ts, the bench) writes it; `npm run build` leaves it out.
        const mirror =
          import.meta.env.VITE_E2E === "1"
            ? () => host.current?.setAttribute("data-text", model.getValue())
            : () => undefined;
        mirror();
        if (latest.current.liveText) latest.current.liveText.current = () => model.getValue();
        const sub = model.onDidChangeContent(() => {
          mirror();
          if (applyingExternal.current) return;
          if (timer) clearTimeout(timer);
          timer = setTimeout(flush, SYNC_DELAY_MS);
        });
        // A paste is one change, not a stream of keystrokes: the form follows at once, so it does not
        // reflow under the pointer a moment later (a Send clicked then would lose its click).
        const pasted = ed.onDidPaste(() => flush());
        ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => {
          flush();
          latest.current.onSubmit(model.getValue(), false);
        });
        ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter, () => {
          flush();
          latest.current.onSubmit(model.getValue(), true);
        });
        const markers = monaco.editor.onDidChangeMarkers((uris) => {
          if (!uris.some((u) => u.toString() === uri.toString())) return;
          latest.current.onProblems(
            monaco.editor
              .getModelMarkers({ resource: uri })
              .filter((m) => m.owner !== MARK_OWNER)
              .map((m) => ({
                line: m.startLineNumber,
                column: m.startColumn,
                message: m.message,
                severity: m.severity === monaco.MarkerSeverity.Error ? "error" : "warning",
              })),
          );
        });
        setStatus("ready");
        cleanup = () => {
          if (timer) flush();
          sub.dispose();
          pasted.dispose();
          markers.dispose();
          loaded.unbindSchema(model);
          ed.dispose();
          model.dispose();
          editor.current = null;
          if (latest.current.liveText) latest.current.liveText.current = null;
        };
      })
      .catch((err: unknown) => {
        console.warn("The code editor could not load; using a plain text box.", err);
        if (!disposed) setStatus("failed");
      });
    return () => {
      disposed = true;
      cleanup?.();
    };
  }, [modelId, wanted]);

  // The form changed the body: replace the text as one undoable edit, without echoing it back.
  useEffect(() => {
    const ed = editor.current;
    const model = ed?.getModel();
    if (!ed || !model || model.getValue() === props.value) return;
    applyingExternal.current = true;
    try {
      ed.pushUndoStop();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: props.value }], () => null);
      ed.pushUndoStop();
    } finally {
      applyingExternal.current = false;
    }
  }, [props.value]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model && mod.current) mod.current.bindSchema(model, props.schemaId, props.schema);
  }, [props.schemaId, props.schema]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the model exists once the editor is ready
  useEffect(() => {
    const model = editor.current?.getModel();
    const loaded = mod.current;
    if (!model || !loaded) return;
    const { monaco } = loaded;
    const lines = model.getLineCount();
    monaco.editor.setModelMarkers(
      model,
      MARK_OWNER,
      (props.marks ?? [])
        .filter((m) => m.line <= lines)
        .map((m) => ({
          startLineNumber: m.line,
          startColumn: m.column,
          endLineNumber: m.line,
          endColumn: model.getLineMaxColumn(m.line),
          message: m.message,
          severity: monaco.MarkerSeverity.Warning,
        })),
    );
  }, [props.marks, status]);

  useEffect(() => {
    mod.current?.monaco.editor.setTheme(props.theme === "dark" ? "vs-dark" : "vs");
  }, [props.theme]);

  useEffect(() => {
    editor.current?.updateOptions({ readOnly: props.readOnly ?? false });
  }, [props.readOnly]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the editor exists once it is ready
  useEffect(() => {
    editor.current?.updateOptions({ tabFocusMode: tabMovesFocus });
  }, [tabMovesFocus, status]);

  const height = props.height ?? 260;
  const plainKeys = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") props.onSubmit(e.currentTarget.value, e.shiftKey);
  };
  if (status === "failed") {
    return (
      <textarea
        aria-label="JSON-RPC request body"
        className="w-full rounded border border-border bg-surface p-2 font-mono text-sm"
        style={{ height }}
        value={props.value}
        readOnly={props.readOnly}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={plainKeys}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="relative rounded border border-border" style={{ height }}>
        {status === "loading" && (
          // The same body, editable at once; Monaco takes over its text, focus and selection.
          <textarea
            ref={plain}
            aria-label="JSON-RPC request body"
            className="absolute inset-0 z-10 h-full w-full resize-none bg-surface p-2 font-mono text-sm"
            spellCheck={false}
            value={props.value}
            readOnly={props.readOnly}
            onChange={(e) => props.onChange(e.target.value)}
            onKeyDown={plainKeys}
          />
        )}
        <div ref={host} className="h-full w-full" data-testid="body-editor" aria-describedby={tabIds.hint} />
      </div>
      {!props.readOnly && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <input
            id={tabIds.toggle}
            type="checkbox"
            checked={tabMovesFocus}
            onChange={(e) => setTabMovesFocus(e.target.checked)}
          />
          <label htmlFor={tabIds.toggle}>Tab moves focus out of the editor</label>
          <span id={tabIds.hint}>
            {tabMovesFocus
              ? "Untick it, or press Ctrl+M (⌘+M) in the editor, to indent with Tab."
              : "Tab indents; press Ctrl+M (⌘+M) in the editor to move focus with Tab again."}
          </span>
        </div>
      )}
    </div>
  );
}
