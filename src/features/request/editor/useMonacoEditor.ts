import type * as Monaco from "monaco-editor/editor/editor.api";
import { type RefObject, useEffect, useRef, useState } from "react";
import { whenIdle } from "../../../components/ui/preloadable.tsx";
import { createEditor, openModel, takeOver, typingIn } from "./editor-create.ts";
import { bindKeys } from "./editor-keys.ts";
import { type EditorProblem, followProblems } from "./editor-markers.ts";
import { syncText } from "./editor-sync.ts";
import { type Loaded, loadMonaco, nextIdle } from "./load-monaco.ts";

/** What the mount reads when it needs it: the latest (callbacks change identity each render). */
type Wiring = {
  value: string;
  onChange(text: string): void;
  schemaId: string;
  schema: unknown;
  onSubmit(text: string, anyway: boolean): void;
  onProblems(problems: EditorProblem[]): void;
  liveText?: { current: (() => string) | null } | undefined;
  theme: "light" | "dark";
  readOnly?: boolean | undefined;
  /** Ctrl/Cmd+M in the editor: what Tab does switches. */
  toggleTab(): void;
};

/** The editor once it is there, for the effects that keep it in step with the page. */
export type MountedEditor = {
  status: "loading" | "ready" | "failed";
  mod: RefObject<Loaded | null>;
  editor: RefObject<Monaco.editor.IStandaloneCodeEditor | null>;
  /** Set while the page itself replaces the text: the change is not echoed back. */
  applyingExternal: RefObject<boolean>;
};

/** At the latest this long after the first paint, Monaco loads even if the page never idles. */
const MONACO_IDLE_TIMEOUT_MS = 1500;

/**
 * Monaco in `host`, loaded in idle time after the first paint (so its evaluation never delays a
 * keystroke or a click), made in steps of their own idle tasks; until then (and if it fails) the
 * plain textarea `plain` holds the body, and Monaco takes over its text, focus and selection.
 */
export function useMonacoEditor(wiring: Wiring, modelId: string) {
  const host = useRef<HTMLDivElement>(null);
  const plain = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<MountedEditor["status"]>("loading");
  // Monaco's code is fetched and evaluated only once this is set, in idle time after the first paint.
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), MONACO_IDLE_TIMEOUT_MS), []);
  const mod = useRef<Loaded | null>(null);
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const applyingExternal = useRef(false);
  const latest = useRef(wiring);
  latest.current = wiring;

  useEffect(() => {
    if (!wanted) return;
    let disposed = false;
    let cleanup: (() => void) | undefined;
    loadMonaco()
      .then(async (loaded) => {
        if (disposed || !host.current) return;
        const { uri, model } = openModel(loaded, modelId, latest.current.value);
        // Making the model loads the JSON language; the editor is created in the next idle task,
        // without its model (reading the fonts and options), which it is given in the one after.
        await nextIdle();
        if (disposed || !host.current) return;
        // Styles Monaco's CSS changed are worked out now, in this task, not inside the editor's creation.
        host.current.getBoundingClientRect();
        await nextIdle();
        if (disposed || !host.current) return;
        const { readOnly = false, theme } = latest.current;
        const ed = createEditor(loaded, host.current, { readOnly, theme });
        await nextIdle();
        if (disposed) {
          ed.dispose();
          return;
        }
        // The textarea may have been typed in meanwhile: the model takes its latest text.
        if (model.getValue() !== latest.current.value) model.setValue(latest.current.value);
        const typing = typingIn(plain.current);
        mod.current = loaded;
        loaded.bindSchema(model, latest.current.schemaId, latest.current.schema);
        ed.setModel(model);
        editor.current = ed;
        if (typing) takeOver(loaded, ed, model, typing);
        const wired = wire(loaded, ed, model, uri, { latest, host, applyingExternal });
        setStatus("ready");
        cleanup = () => {
          wired();
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

  const mounted: MountedEditor = { status, mod, editor, applyingExternal };
  return { host, plain, mounted };
}

/** The editor's text, keys and problems, wired to the page; returns what unwires them. */
function wire(
  loaded: Loaded,
  ed: Monaco.editor.IStandaloneCodeEditor,
  model: Monaco.editor.ITextModel,
  uri: Monaco.Uri,
  refs: {
    latest: RefObject<Wiring>;
    host: RefObject<HTMLDivElement | null>;
    applyingExternal: RefObject<boolean>;
  },
): () => void {
  const { latest, host } = refs;
  const sync = syncText(ed, model, {
    onChange: (text) => latest.current.onChange(text),
    applyingExternal: refs.applyingExternal,
    // Browser tests read what Monaco holds through this attribute. Only a build made for them
    // (VITE_E2E=1: e2e/global-setup.ts, the bench) writes it; `npm run build` leaves it out.
    mirror:
      import.meta.env.VITE_E2E === "1"
        ? () => host.current?.setAttribute("data-text", model.getValue())
        : () => undefined,
  });
  if (latest.current.liveText) latest.current.liveText.current = () => model.getValue();
  bindKeys(loaded, ed, {
    toggleTab: () => latest.current.toggleTab(),
    submit: (anyway) => {
      sync.flush();
      latest.current.onSubmit(model.getValue(), anyway);
    },
  });
  const problems = followProblems(loaded, uri, (found) => latest.current.onProblems(found));
  return () => {
    sync.dispose();
    problems.dispose();
  };
}
