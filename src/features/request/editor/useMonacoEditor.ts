import type * as Monaco from "monaco-editor/editor/editor.api";
import { type RefObject, useEffect, useRef, useState } from "react";
import { whenIdle } from "../../../chain/next-task.ts";
import { type Loaded, loadMonaco } from "./load-monaco.ts";
import type { Wiring } from "./monaco-mount.ts";

/** The editor once it is there, for the effects that keep it in step with the page. */
export type MountedEditor = {
  status: "loading" | "ready" | "failed";
  mod: RefObject<Loaded | null>;
  editor: RefObject<Monaco.editor.IStandaloneCodeEditor | null>;
  /** Set while the page itself replaces the text: the change is not echoed back. */
  applyingExternal: RefObject<boolean>;
  /** Delivers typing the page has not heard yet; true if there was some (monaco-sync.ts, `flush`). */
  flushTyping: RefObject<(() => boolean) | null>;
};

/** At the latest this long after the first paint, Monaco loads even if the page never idles. */
const MONACO_IDLE_TIMEOUT_MS = 1500;

/**
 * Monaco in `host`, loaded in idle time after the first paint (so its evaluation never delays a
 * keystroke or a click) and made in steps (`mountEditor`, monaco-mount.ts); until then, and if it
 * fails, the plain textarea `plain` holds the body.
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
  const flushTyping = useRef<(() => boolean) | null>(null);
  const latest = useRef(wiring);
  latest.current = wiring;

  useEffect(() => {
    if (!wanted) return;
    let disposed = false;
    let cleanup: (() => void) | undefined;
    loadMonaco()
      .then(async (loaded) => {
        const mount = { modelId, host, plain, latest, mod, editor, applyingExternal, flushTyping };
        const made = await loaded.mountEditor(loaded, { ...mount, wanted: () => !disposed });
        if (!made) return;
        if (disposed) return made();
        cleanup = made;
        setStatus("ready");
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

  const mounted: MountedEditor = { status, mod, editor, applyingExternal, flushTyping };
  return { host, plain, mounted };
}
