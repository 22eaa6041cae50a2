import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { type BodyReading, readBody } from "../../methods/body-reading.ts";
import { positionOf } from "../../methods/json-locate.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import type { SchemaSpec } from "../../methods/schema.ts";
import type { MethodDef } from "../../methods/types.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import type { EditorMark, EditorProblem } from "./editor/monaco-markers.ts";

/**
 * Sends what the editor holds (`text` is its live text); returns why not when it did not. The
 * panel asks for the one confirmation of a body with problems itself: `anyway` says it was given.
 */
type SendBody = (text?: string, anyway?: boolean) => string | undefined;

/** What the form can show of the body: its method's form, a batch, or a method it has no form for. */
export type BodyShape =
  | { kind: "form" }
  | { kind: "batch"; count: number }
  | { kind: "unknown"; method: string };

function bodyShape(reading: BodyReading): BodyShape {
  if (reading.kind === "batch") return { kind: "batch", count: reading.requests.length };
  const r = reading.kind === "request" ? reading.request : undefined;
  if (r?.method !== undefined && !r.def) return { kind: "unknown", method: r.method };
  // Otherwise the store followed the method the body names (or kept the last one, if it names none).
  return { kind: "form" };
}

export const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** `value`, or the previous one while it is equal as JSON (small values: problem lists). */
function useSameValue<T>(value: T): T {
  const kept = useRef(value);
  if (!sameJson(kept.current, value)) kept.current = value;
  return kept.current;
}

/**
 * The draft as both request panels show it: the body read (its shape, its problems located by
 * line), the editor's schema, and Send with its one confirmation of a body with problems.
 * `examples` are the chain's methods with the network's values as their completion examples (the
 * playground's); without them the editor describes the methods as defined.
 */
export function useRequestDraft(onSend: SendBody, examples?: readonly MethodDef[]) {
  const { chain, methodName, values, bodyText, actions } = useAppStore(
    useShallow((s) => ({
      chain: selectedKind(s),
      methodName: s.methodName,
      values: s.valuesByMethod[s.methodName],
      bodyText: s.bodyText,
      actions: s.draftActions,
    })),
  );
  const def = getMethod(methodName);
  const reading = useMemo(() => readBody(bodyText, chain), [bodyText, chain]);
  const shape = bodyShape(reading);
  const methods = examples ?? methodsForChain(chain);
  const isBatch = shape.kind === "batch";
  // What the editor's schema describes; Monaco's chunk writes it (methods/schema.ts, schemaFor).
  // The same for every method of the chain: choosing another binds nothing new in the editor.
  const schema = useMemo(
    (): SchemaSpec => ({ shape: isBatch ? "batch" : "request", methods, chain }),
    [isBatch, methods, chain],
  );
  // The same list while the problems stay the same (most keystrokes): Send's row does not re-render.
  const located = useSameValue(
    useMemo(
      () => reading.problems.map((p) => ({ ...p, ...(p.at ?? positionOf(bodyText, p.path)) })),
      [reading, bodyText],
    ),
  );
  const marks: EditorMark[] = useMemo(
    () => located.map((p) => ({ line: p.line, column: p.column, message: p.message })),
    [located],
  );
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  // Monaco reports its markers after every change: a list equal to the last one changes nothing.
  const onProblems = useCallback(
    (next: EditorProblem[]) => setProblems((prev) => (sameJson(prev, next) ? prev : next)),
    [],
  );
  const sending = useConfirmedSend(onSend, bodyText, chain);
  const request = reading.kind === "request" ? reading.request : undefined;
  const syntaxMarker = problems.find((p) => p.severity === "error");
  const draft = { chain, methodName, def, values, bodyText, actions, reading, shape, schema };
  return { ...draft, located, marks, request, syntaxMarker, onProblems, ...sending };
}

export type RequestDraft = ReturnType<typeof useRequestDraft>;

/** Send, and the one confirmation a body with problems needs ("Send anyway" takes the focus). */
function useConfirmedSend(onSend: SendBody, bodyText: string, chain: "evm" | "starknet") {
  const [sendProblem, setSendProblem] = useState<string | undefined>(undefined);
  // The body a Send was held back for: the question stands while that is the body, and a new body asks again.
  const [confirmedFor, setConfirmedFor] = useState<string | undefined>(undefined);
  const liveText = useRef<(() => string) | null>(null);
  const anywayButton = useRef<HTMLButtonElement>(null);
  const latestSend = useRef(onSend);
  latestSend.current = onSend;
  const latestChain = useRef(chain);
  latestChain.current = chain;
  const send = (text?: string, anyway = false) => {
    // The editor's text, a change still in its debounce handed to the page first (the page's list
    // of problems, which the question needs, is then that of this text).
    const live = text ?? liveText.current?.() ?? undefined;
    const checked = live ?? bodyText;
    // The app advises, the node decides: a body with problems goes after one confirmation.
    if (!anyway && readBody(checked, latestChain.current).problems.length > 0) {
      setSendProblem(undefined);
      setConfirmedFor(checked);
      requestAnimationFrame(() => anywayButton.current?.focus());
      return;
    }
    setConfirmedFor(undefined);
    setSendProblem(latestSend.current(live, anyway));
  };
  const confirming = confirmedFor !== undefined && confirmedFor === bodyText;
  const latestSendFn = useRef(send);
  latestSendFn.current = send;
  const sendNow = useCallback(() => latestSendFn.current(), []);
  const sendAnyway = useCallback(() => latestSendFn.current(undefined, true), []);
  return { send, sendNow, sendAnyway, confirming, sendProblem, liveText, anywayButton };
}

/**
 * Ctrl/Cmd+Enter sends from anywhere on the page, Ctrl/Cmd+Shift+Enter sends anyway (a body with
 * problems, as written); Monaco and the plain text box handle both themselves.
 */
export function useSendShortcut(send: (text?: string, anyway?: boolean) => void) {
  const sendRef: RefObject<(text?: string, anyway?: boolean) => void> = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== "Enter") return;
      // Monaco's own keys, and the plain text box's (which sent already and marks the event handled).
      if (e.defaultPrevented || (e.target instanceof Element && e.target.closest(".monaco-editor"))) return;
      e.preventDefault();
      sendRef.current(undefined, e.shiftKey);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
