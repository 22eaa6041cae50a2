import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { checkForSend } from "../../methods/body.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { requestSchema } from "../../methods/schema.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import { BodyEditor, type EditorProblem } from "./editor/BodyEditor.tsx";
import { MethodForm } from "./MethodForm.tsx";
import { SlotCalculator } from "./SlotCalculator.tsx";

type Props = {
  theme: "light" | "dark";
  /** Sends what the editor holds (`text` is its live text); returns why not when it cannot. */
  onSend(text?: string): string | undefined;
  /**
   * "picker": the playground's method picker and timeout, the slot calculator, and Ctrl/Cmd+Enter
   * from anywhere on the page. "title": one method, named (an embed).
   */
  header: "picker" | "title";
  showForm?: boolean;
  showEditor?: boolean;
  /** Form and editor can be read but not changed (an embed's `readonly`). */
  readOnly?: boolean;
  editorHeight?: number;
  /** The editor's model; one per page that shows a request. */
  modelId: string;
  /** Shown under the title: an embed's own key field. */
  keyField?: ReactNode;
};

/** The method, its generated form, the JSON body editor and Send, kept in step with each other. */
export function RequestPanel(props: Props) {
  const { theme, onSend, header, showForm = true, showEditor = true, readOnly = false } = props;
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
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [sendProblem, setSendProblem] = useState<string | undefined>(undefined);
  const check = useMemo(() => checkForSend(bodyText, chain), [bodyText, chain]);
  const schema = useMemo(() => (def ? requestSchema(def) : {}), [def]);
  const ids = { blocked: useId(), problem: useId() };

  const blocked = check.ok ? undefined : check.message;
  const syntaxMarker = problems.find((p) => p.severity === "error");

  const liveText = useRef<(() => string) | null>(null);
  const latestSend = useRef(onSend);
  latestSend.current = onSend;
  const send = (text?: string) =>
    setSendProblem(latestSend.current(text ?? liveText.current?.() ?? undefined));
  const sendRef = useRef(send);
  sendRef.current = send;

  const globalShortcut = header === "picker";
  useEffect(() => {
    if (!globalShortcut) return;
    // Ctrl/Cmd+Enter sends from anywhere on the page; Monaco handles it itself inside the editor.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== "Enter") return;
      if (e.target instanceof Element && e.target.closest(".monaco-editor")) return;
      e.preventDefault();
      sendRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [globalShortcut]);

  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      {header === "picker" ? (
        <>
          <PickerRow chain={chain} methodName={methodName} onSelect={actions.selectMethod} />
          {def && <p className="text-sm text-fg-muted">{def.summary}</p>}
        </>
      ) : (
        <div>
          <h1 className="font-mono text-sm font-semibold">{methodName}</h1>
          {def && <p className="text-sm text-fg-muted">{def.summary}</p>}
        </div>
      )}
      {props.keyField}
      {showForm && def && values && (
        // An embed's form sits in a fieldset, so `readonly` disables every field at once.
        <FormFrame disabled={header === "title" ? readOnly : undefined}>
          <MethodForm
            def={def}
            values={values}
            onChange={actions.setValues}
            {...(!check.ok && check.fieldErrors ? { errors: check.fieldErrors } : {})}
          />
        </FormFrame>
      )}
      {header === "picker" && methodName === "eth_getStorageAt" && values && (
        <SlotCalculator onUse={(position) => actions.setValues({ ...values, position })} />
      )}
      {showEditor && (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-fg-muted">JSON-RPC body{readOnly ? " (read-only)" : ""}</span>
          <BodyEditor
            modelId={props.modelId}
            value={bodyText}
            onChange={actions.setBodyText}
            schemaId={methodName}
            schema={schema}
            onSubmit={(text) => send(text)}
            onProblems={setProblems}
            liveText={liveText}
            theme={theme}
            readOnly={readOnly}
            {...(props.editorHeight ? { height: props.editorHeight } : {})}
          />
          {syntaxMarker && check.ok === false && (
            <p className="text-xs text-fg-muted">
              Editor: line {syntaxMarker.line}, column {syntaxMarker.column}: {syntaxMarker.message}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="rounded bg-accent px-4 py-1.5 font-medium text-accent-fg disabled:opacity-50"
          disabled={blocked !== undefined}
          aria-describedby={blocked ? ids.blocked : sendProblem ? ids.problem : undefined}
          onClick={() => send()}
        >
          Send
        </button>
        {globalShortcut && <span className="text-xs text-fg-muted">Ctrl+Enter</span>}
        {blocked && (
          <p id={ids.blocked} data-testid="send-blocked" role="status" className="text-sm text-bad">
            {blocked}
          </p>
        )}
        {!blocked && sendProblem && (
          <p id={ids.problem} role="status" className="text-sm text-bad">
            {sendProblem}
          </p>
        )}
      </div>
    </section>
  );
}

function FormFrame({ disabled, children }: { disabled: boolean | undefined; children: ReactNode }) {
  if (disabled === undefined) return children;
  return (
    <fieldset disabled={disabled} className="min-w-0 disabled:opacity-80">
      {children}
    </fieldset>
  );
}

/** The playground's method picker and request timeout. */
function PickerRow(props: { chain: "evm" | "starknet"; methodName: string; onSelect(name: string): void }) {
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const setTimeoutMs = useAppStore((s) => s.settingsActions.setTimeoutMs);
  const ids = { method: useId(), timeout: useId() };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.method} className="text-sm text-fg-muted">
          Method
        </label>
        <select
          id={ids.method}
          className="rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
          value={props.methodName}
          onChange={(e) => props.onSelect(e.target.value)}
        >
          {methodsForChain(props.chain).map((m) => (
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
  );
}
