import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { Button } from "../../components/ui/Button.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import { checkForSend } from "../../methods/body.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { requestSchema } from "../../methods/schema.ts";
import type { MethodDef } from "../../methods/types.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import { ExamplesNote } from "./ExamplesNote.tsx";
import { BodyEditor, type EditorProblem } from "./editor/BodyEditor.tsx";
import { MethodForm } from "./MethodForm.tsx";
import { SlotCalculator } from "./SlotCalculator.tsx";
import { useNetworkExamples } from "./useNetworkExamples.ts";

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
  // The playground's forms take their examples from the chosen network (an embed's host chooses its own).
  const examples = useNetworkExamples(header === "picker");
  const schema = useMemo(() => (examples.def ? requestSchema(examples.def) : {}), [examples.def]);
  const liveText = useRef<(() => string) | null>(null);
  const latestSend = useRef(onSend);
  latestSend.current = onSend;
  const send = (text?: string) =>
    setSendProblem(latestSend.current(text ?? liveText.current?.() ?? undefined));
  useSendShortcut(header === "picker", send);
  const syntaxMarker = problems.find((p) => p.severity === "error");
  const slotCalculator = header === "picker" && methodName === "eth_getStorageAt" && values;

  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      {header === "picker" && <h2 className="sr-only">Request</h2>}
      <RequestHeading
        header={header}
        chain={chain}
        methodName={methodName}
        def={def}
        onSelect={actions.selectMethod}
      />
      {props.keyField}
      {showForm && header === "picker" && <ExamplesNote state={examples.state} />}
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
      {slotCalculator && (
        <SlotCalculator
          known={examples.known}
          onUse={(position, address) =>
            actions.setValues({ ...values, position, ...(address ? { address } : {}) })
          }
        />
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
      <SendRow
        blocked={check.ok ? undefined : check.message}
        problem={sendProblem}
        shortcut={header === "picker"}
        onSend={() => send()}
      />
    </section>
  );
}

/** Ctrl/Cmd+Enter sends from anywhere on the page; Monaco handles it itself inside the editor. */
function useSendShortcut(enabled: boolean, send: () => void) {
  const sendRef: RefObject<() => void> = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== "Enter") return;
      if (e.target instanceof Element && e.target.closest(".monaco-editor")) return;
      e.preventDefault();
      sendRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

/** The playground's picker (and timeout), or an embed's one method by name; its summary under it. */
function RequestHeading(props: {
  header: Props["header"];
  chain: "evm" | "starknet";
  methodName: string;
  def: MethodDef | undefined;
  onSelect(name: string): void;
}) {
  const summary = props.def && <p className="text-sm text-fg-muted">{props.def.summary}</p>;
  if (props.header === "picker") {
    return (
      <>
        <PickerRow chain={props.chain} methodName={props.methodName} onSelect={props.onSelect} />
        {summary}
      </>
    );
  }
  return (
    <div>
      <h1 className="font-mono text-sm font-semibold">{props.methodName}</h1>
      {summary}
    </div>
  );
}

/** Send, and why it cannot send (the body's problem) or why it did not (the shell's answer). */
function SendRow(props: {
  blocked: string | undefined;
  problem: string | undefined;
  shortcut: boolean;
  onSend(): void;
}) {
  const ids = { blocked: useId(), problem: useId() };
  const { blocked, problem } = props;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="primary"
        size="md"
        disabled={blocked !== undefined}
        aria-describedby={blocked ? ids.blocked : problem ? ids.problem : undefined}
        onClick={props.onSend}
      >
        Send
      </Button>
      {props.shortcut && <span className="text-xs text-fg-muted">Ctrl+Enter</span>}
      {blocked && (
        <p id={ids.blocked} data-testid="send-blocked" role="status" className="text-sm text-bad">
          {blocked}
        </p>
      )}
      {!blocked && problem && (
        <p id={ids.problem} role="status" className="text-sm text-bad">
          {problem}
        </p>
      )}
    </div>
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
  const timeoutId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select label="Method" mono value={props.methodName} onChange={props.onSelect}>
        {methodsForChain(props.chain).map((m) => (
          <option key={m.name} value={m.name}>
            {m.name}
          </option>
        ))}
      </Select>
      <FormField label="Timeout (seconds)" htmlFor={timeoutId}>
        <TextInput
          id={timeoutId}
          type="number"
          min={1}
          max={600}
          className="w-20"
          value={Math.round(timeoutMs / 1000)}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n > 0) setTimeoutMs(n * 1000);
          }}
        />
      </FormField>
    </div>
  );
}
