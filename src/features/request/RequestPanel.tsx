import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { checkForSend } from "../../methods/body.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { requestSchema } from "../../methods/schema.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";
import { BodyEditor, type EditorProblem } from "../editor/BodyEditor.tsx";
import type { SendDraft } from "../send/useSendDraft.ts";
import { MethodForm } from "./MethodForm.tsx";
import { SlotCalculator } from "./SlotCalculator.tsx";

/** Method picker, generated form, the JSON body editor and Send, kept in step with each other. */
export function RequestPanel({ theme, send }: { theme: "light" | "dark"; send: SendDraft }) {
  const { chain, methodName, values, bodyText, timeoutMs, actions, setTimeoutMs } = useAppStore(
    useShallow((s) => ({
      chain: selectedNetwork(s).kind,
      methodName: s.methodName,
      values: s.valuesByMethod[s.methodName],
      bodyText: s.bodyText,
      timeoutMs: s.timeoutMs,
      actions: s.draftActions,
      setTimeoutMs: s.settingsActions.setTimeoutMs,
    })),
  );
  const def = getMethod(methodName);
  const methods = methodsForChain(chain);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const check = useMemo(() => checkForSend(bodyText, chain), [bodyText, chain]);
  const schema = useMemo(() => (def ? requestSchema(def) : {}), [def]);
  const ids = { method: useId(), timeout: useId(), blocked: useId() };

  const blocked = check.ok ? undefined : check.message;
  const syntaxMarker = problems.find((p) => p.severity === "error");

  const liveText = useRef<(() => string) | null>(null);
  const { submit } = send;
  useEffect(() => {
    // Ctrl/Cmd+Enter sends from anywhere on the page; Monaco handles it itself inside the editor.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== "Enter") return;
      if (e.target instanceof Element && e.target.closest(".monaco-editor")) return;
      e.preventDefault();
      submit(liveText.current?.() ?? undefined);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [submit]);

  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.method} className="text-sm text-fg-muted">
            Method
          </label>
          <select
            id={ids.method}
            className="rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
            value={methodName}
            onChange={(e) => actions.selectMethod(e.target.value)}
          >
            {methods.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.timeout} className="text-sm text-fg-muted">
            Timeout (seconds)
          </label>
          <input
            id={ids.timeout}
            type="number"
            min={1}
            max={600}
            className="w-20 rounded border border-border bg-surface px-2 py-1 text-sm"
            value={Math.round(timeoutMs / 1000)}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isFinite(n) && n > 0) setTimeoutMs(n * 1000);
            }}
          />
        </div>
      </div>
      {def && <p className="text-sm text-fg-muted">{def.summary}</p>}
      {def && values && (
        <MethodForm
          def={def}
          values={values}
          onChange={actions.setValues}
          {...(!check.ok && check.fieldErrors ? { errors: check.fieldErrors } : {})}
        />
      )}
      {methodName === "eth_getStorageAt" && values && (
        <SlotCalculator onUse={(position) => actions.setValues({ ...values, position })} />
      )}
      <div className="flex flex-col gap-1">
        <span className="text-sm text-fg-muted">JSON-RPC body</span>
        <BodyEditor
          modelId="playground-request"
          value={bodyText}
          onChange={actions.setBodyText}
          schemaId={methodName}
          schema={schema}
          onSubmit={(text) => submit(text)}
          onProblems={setProblems}
          liveText={liveText}
          theme={theme}
        />
        {syntaxMarker && check.ok === false && (
          <p className="text-xs text-fg-muted">
            Editor: line {syntaxMarker.line}, column {syntaxMarker.column}: {syntaxMarker.message}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="rounded bg-accent px-4 py-1.5 font-medium text-accent-fg disabled:opacity-50"
          disabled={blocked !== undefined}
          aria-describedby={blocked ? ids.blocked : undefined}
          onClick={() => submit(liveText.current?.() ?? undefined)}
        >
          Send
        </button>
        <span className="text-xs text-fg-muted">Ctrl+Enter</span>
        {blocked && (
          <p id={ids.blocked} data-testid="send-blocked" role="status" className="text-sm text-bad">
            {blocked}
          </p>
        )}
      </div>
    </section>
  );
}
