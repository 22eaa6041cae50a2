import {
  type ComponentProps,
  memo,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useShallow } from "zustand/react/shallow";
import { Button } from "../../components/ui/Button.tsx";
import { Counted } from "../../components/ui/Counted.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import { type BodyReading, readBody } from "../../methods/body-reading.ts";
import { positionOf } from "../../methods/json-locate.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { batchSchema, genericRequestSchema, requestSchema } from "../../methods/schema.ts";
import type { MethodDef } from "../../methods/types.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import { ExamplesNote } from "./ExamplesNote.tsx";
import { BodyEditor, type EditorMark, type EditorProblem } from "./editor/BodyEditor.tsx";
import { prefetchObjectFields } from "./fields/param-fields.ts";
import { MethodForm as MethodFormView } from "./MethodForm.tsx";
import { useNetworkExamples } from "./useNetworkExamples.ts";

// Only eth_getStorageAt shows the slot calculator: its code (with keccak's mapping slots) is a chunk.
const SlotCalculator = preloadable(() => import("./SlotCalculator.tsx").then((m) => m.SlotCalculator));

/**
 * Loads the chunks of the panel's parts that only some methods show (the slot calculator,
 * eth_estimateGas's object fields) ahead of need: the shell calls it in idle time.
 */
export function prefetchRequestParts(): void {
  SlotCalculator.preload().catch(() => {
    // Only a head start: the panel tries again when it shows it.
  });
  prefetchObjectFields();
}

type Props = {
  theme: "light" | "dark";
  /**
   * Sends what the editor holds (`text` is its live text); returns why not when it did not. The
   * panel asks for the one confirmation of a body with problems itself: `anyway` says it was given.
   */
  onSend(text?: string, anyway?: boolean): string | undefined;
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
  const [confirming, setConfirming] = useState(false);
  const reading = useMemo(() => readBody(bodyText, chain), [bodyText, chain]);
  const shape = bodyShape(reading);
  // The playground's forms take their examples from the chosen network (an embed's host chooses its own).
  const examples = useNetworkExamples(header === "picker");
  const schemaDef = examples.def ?? def;
  const schema = useMemo(() => {
    const list = methodsForChain(chain);
    if (shape.kind === "batch") return { id: "batch", schema: batchSchema(list) };
    if (shape.kind === "unknown") return { id: "generic", schema: genericRequestSchema(list) };
    return schemaDef
      ? { id: methodName, schema: requestSchema(schemaDef, list) }
      : { id: "generic", schema: {} };
  }, [shape.kind, schemaDef, methodName, chain]);
  // The same list while the problems stay the same (most keystrokes): Send's row does not re-render.
  const located = useSameValue(
    useMemo(
      () => reading.problems.map((p) => ({ ...p, ...positionOf(bodyText, p.path) })),
      [reading, bodyText],
    ),
  );
  const liveText = useRef<(() => string) | null>(null);
  const anywayButton = useRef<HTMLButtonElement>(null);
  const latestSend = useRef(onSend);
  latestSend.current = onSend;
  const latestChain = useRef(chain);
  latestChain.current = chain;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new body asks again
  useEffect(() => setConfirming(false), [bodyText]);
  const send = (text?: string, anyway = false) => {
    const live = text ?? liveText.current?.() ?? undefined;
    // The app advises, the node decides: a body with problems goes after one confirmation.
    if (!anyway && readBody(live ?? bodyText, latestChain.current).problems.length > 0) {
      setSendProblem(undefined);
      setConfirming(true);
      requestAnimationFrame(() => anywayButton.current?.focus());
      return;
    }
    setConfirming(false);
    setSendProblem(latestSend.current(live, anyway));
  };
  useSendShortcut(header === "picker", send);
  const latestSendFn = useRef(send);
  latestSendFn.current = send;
  const sendNow = useCallback(() => latestSendFn.current(), []);
  const sendAnyway = useCallback(() => latestSendFn.current(undefined, true), []);
  // Monaco reports its markers after every change: a list equal to the last one changes nothing.
  const onProblems = useCallback(
    (next: EditorProblem[]) => setProblems((prev) => (sameJson(prev, next) ? prev : next)),
    [],
  );
  const syntaxMarker = problems.find((p) => p.severity === "error");
  const slotCalculator =
    header === "picker" && methodName === "eth_getStorageAt" && values && shape.kind === "form";
  const request = reading.kind === "request" ? reading.request : undefined;
  const marks: EditorMark[] = useMemo(
    () => located.map((p) => ({ line: p.line, column: p.column, message: p.message })),
    [located],
  );

  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      {header === "picker" && <h2 className="sr-only">Request</h2>}
      <RequestHeading
        header={header}
        chain={chain}
        methodName={methodName}
        def={shape.kind === "form" ? def : undefined}
        shape={shape}
        onSelect={actions.selectMethod}
      />
      {props.keyField}
      {showForm && shape.kind !== "form" && (
        <p className="rounded border border-border bg-surface-muted p-2 text-sm" data-testid="form-note">
          {shape.kind === "batch"
            ? `The body is a batch of ${shape.count} request${shape.count === 1 ? "" : "s"}: edit them in the editor below. Pick a method above to start a single request again.`
            : shape.kind === "unknown"
              ? `The playground has no form for ${shape.method}: edit its params in the editor below. It is sent as written and its answer shown as JSON.`
              : ""}
        </p>
      )}
      {showForm && header === "picker" && shape.kind === "form" && <ExamplesNote state={examples.state} />}
      {showForm && shape.kind === "form" && def && values && (
        // An embed's form sits in a fieldset, so `readonly` disables every field at once.
        <FormFrame disabled={header === "title" ? readOnly : undefined}>
          <MethodForm
            def={def}
            values={values}
            onChange={actions.setValues}
            errors={request?.def === def ? request.fieldErrors : {}}
            heldAsText={request?.def === def ? request.unheld : {}}
            extra={request?.def === def ? request.extra : undefined}
          />
        </FormFrame>
      )}
      {slotCalculator && (
        <ErrorBoundary what="the slot calculator">
          <Suspense fallback={<SlotCalculatorLoading />}>
            <SlotCalculator.Component
              known={examples.known}
              onUse={(position, address) =>
                actions.setValues({ ...values, position, ...(address ? { address } : {}) })
              }
            />
          </Suspense>
        </ErrorBoundary>
      )}
      {showEditor && (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-fg-muted">JSON-RPC body{readOnly ? " (read-only)" : ""}</span>
          <Counted id="BodyEditor">
            <BodyEditor
              modelId={props.modelId}
              value={bodyText}
              onChange={actions.setBodyText}
              schemaId={schema.id}
              schema={schema.schema}
              marks={marks}
              onSubmit={(text, anyway) => send(text, anyway)}
              onProblems={onProblems}
              liveText={liveText}
              theme={theme}
              readOnly={readOnly}
              {...(props.editorHeight ? { height: props.editorHeight } : {})}
            />
          </Counted>
          {syntaxMarker && reading.kind === "not-json" && (
            <p className="text-xs text-fg-muted">
              Editor: line {syntaxMarker.line}, column {syntaxMarker.column}: {syntaxMarker.message}
            </p>
          )}
          {reading.notes.length > 0 && (
            <ul aria-label="Notes on this body" className="text-xs text-fg-muted" data-testid="body-notes">
              {reading.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <SendRow
        problems={located}
        confirming={confirming}
        problem={sendProblem}
        shortcut={header === "picker"}
        anywayRef={anywayButton}
        onSend={sendNow}
        onSendAnyway={sendAnyway}
      />
    </section>
  );
}

/** What the form can show of the body: its method's form, a batch, or a method it has no form for. */
type BodyShape = { kind: "form" } | { kind: "batch"; count: number } | { kind: "unknown"; method: string };

function bodyShape(reading: BodyReading): BodyShape {
  if (reading.kind === "batch") return { kind: "batch", count: reading.requests.length };
  const r = reading.kind === "request" ? reading.request : undefined;
  if (r?.method !== undefined && !r.def) return { kind: "unknown", method: r.method };
  // Otherwise the store followed the method the body names (or kept the last one, if it names none).
  return { kind: "form" };
}

/**
 * Ctrl/Cmd+Enter sends from anywhere on the page, Ctrl/Cmd+Shift+Enter sends anyway (a body with
 * problems, as written); Monaco handles both itself inside the editor.
 */
function useSendShortcut(enabled: boolean, send: (text?: string, anyway?: boolean) => void) {
  const sendRef: RefObject<(text?: string, anyway?: boolean) => void> = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== "Enter") return;
      if (e.target instanceof Element && e.target.closest(".monaco-editor")) return;
      e.preventDefault();
      sendRef.current(undefined, e.shiftKey);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

/** `value`, or the previous one while it is equal as JSON (small values: problem lists). */
function useSameValue<T>(value: T): T {
  const kept = useRef(value);
  if (!sameJson(kept.current, value)) kept.current = value;
  return kept.current;
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The body's shape as the picker shows it: equal shapes do not re-render the heading. */
const shapeLabel = (shape: BodyShape) =>
  shape.kind === "batch" ? `b${shape.count}` : shape.kind === "unknown" ? `u${shape.method}` : shape.kind;

/** The playground's picker (and timeout), or an embed's one method by name; its summary under it. */
const RequestHeading = memo(
  (props: Parameters<typeof RequestHeadingRow>[0]) => (
    <Counted id="RequestHeading">
      <RequestHeadingRow {...props} />
    </Counted>
  ),
  (a, b) =>
    a.header === b.header &&
    a.chain === b.chain &&
    a.methodName === b.methodName &&
    a.def === b.def &&
    a.onSelect === b.onSelect &&
    shapeLabel(a.shape) === shapeLabel(b.shape),
);

function RequestHeadingRow(props: {
  header: Props["header"];
  chain: "evm" | "starknet";
  methodName: string;
  def: MethodDef | undefined;
  shape: BodyShape;
  onSelect(name: string): void;
}) {
  const summary = props.def && <p className="text-sm text-fg-muted">{props.def.summary}</p>;
  const { shape } = props;
  // The picker follows the body: a batch, or a method outside this chain's list, is an option of its own.
  const own =
    shape.kind === "batch"
      ? { value: BODY_OPTION, label: `Batch (${shape.count} request${shape.count === 1 ? "" : "s"})` }
      : shape.kind === "unknown"
        ? { value: BODY_OPTION, label: `${shape.method} (no form)` }
        : props.def && props.def.chain !== props.chain
          ? {
              value: BODY_OPTION,
              label: `${props.def.name} (${props.def.chain === "starknet" ? "Starknet" : "EVM"} method)`,
            }
          : undefined;
  if (props.header === "picker") {
    return (
      <>
        <PickerRow chain={props.chain} methodName={props.methodName} own={own} onSelect={props.onSelect} />
        {summary}
      </>
    );
  }
  return (
    <div>
      <h1 className="font-mono text-sm font-semibold">{own?.label ?? props.methodName}</h1>
      {summary}
    </div>
  );
}

/** The picker's value for an option that stands for the body itself (a batch, a method without a form). */
const BODY_OPTION = "(body)";

/**
 * Send; the body's problems, each with its line, and "Send anyway" beside them (one confirmation:
 * a body with problems is sent exactly as written); why a send did not go (the shell's answer).
 */
/** The form, re-rendered only when what it shows changes (not for an edit that keeps the values). */
const MethodForm = memo(
  (props: ComponentProps<typeof MethodFormView>) => (
    <Counted id="MethodForm">
      <MethodFormView {...props} />
    </Counted>
  ),
  (a, b) =>
    a.def === b.def &&
    a.onChange === b.onChange &&
    sameJson(a.values, b.values) &&
    sameJson(a.errors, b.errors) &&
    sameJson(a.heldAsText, b.heldAsText) &&
    sameJson(a.extra, b.extra),
);

const SendRow = memo((props: Parameters<typeof SendRowView>[0]) => (
  <Counted id="SendRow">
    <SendRowView {...props} />
  </Counted>
));

function SendRowView(props: {
  problems: readonly { message: string; line: number }[];
  confirming: boolean;
  problem: string | undefined;
  shortcut: boolean;
  anywayRef: RefObject<HTMLButtonElement | null>;
  onSend(): void;
  onSendAnyway(): void;
}) {
  const ids = { list: useId(), problem: useId(), confirm: useId() };
  const { problems, problem, confirming } = props;
  const count = problems.length;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          size="md"
          aria-describedby={count ? ids.list : problem ? ids.problem : undefined}
          onClick={props.onSend}
        >
          Send
        </Button>
        {props.shortcut && <span className="text-xs text-fg-muted">Ctrl+Enter</span>}
        {count > 0 && (
          <>
            <Button
              ref={props.anywayRef}
              size="md"
              aria-describedby={ids.list}
              aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
              onClick={props.onSendAnyway}
            >
              Send anyway
            </Button>
            <span className="text-xs text-fg-muted">Ctrl+Shift+Enter</span>
          </>
        )}
        {!count && problem && (
          <p id={ids.problem} role="status" className="text-sm text-bad">
            {problem}
          </p>
        )}
      </div>
      <p id={ids.confirm} role="status" className="text-sm" data-testid="send-confirm">
        {confirming && count > 0
          ? `Not sent yet: this body has ${count} problem${count === 1 ? "" : "s"}. Send anyway sends it exactly as written, and the node decides.`
          : ""}
      </p>
      {count > 0 && (
        <div
          id={ids.list}
          className="rounded border border-warn bg-warn-bg p-2 text-sm"
          data-testid="send-problems"
        >
          <p className="font-medium">
            {count} problem{count === 1 ? "" : "s"} with this body (the node decides: Send anyway sends it as
            written)
          </p>
          <ul className="list-disc pl-5">
            {problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat on two lines
              <li key={i}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The slot calculator's frame while its chunk loads. */
function SlotCalculatorLoading() {
  return (
    <section
      aria-label="Storage slot calculator"
      className="grid gap-2 rounded border border-border bg-surface-muted p-3 text-sm"
    >
      <h3 className="font-semibold">Storage slot calculator</h3>
      <p className="text-fg-muted">Loading…</p>
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
function PickerRow(props: {
  chain: "evm" | "starknet";
  methodName: string;
  own: { value: string; label: string } | undefined;
  onSelect(name: string): void;
}) {
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const setTimeoutMs = useAppStore((s) => s.settingsActions.setTimeoutMs);
  const timeoutId = useId();
  // Answers over the limit are not read into the page; they can be downloaded instead.
  const maxAnswerMiB = useAppStore((s) => s.maxAnswerMiB);
  const setMaxAnswerMiB = useAppStore((s) => s.settingsActions.setMaxAnswerMiB);
  const limitId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      {/* The longest name (eth_getTransactionByBlockHashAndIndex) is wider than a 360 px screen's row. */}
      <div className="min-w-0 max-w-full">
        <Select
          label="Method"
          mono
          className="max-w-full"
          value={props.own?.value ?? props.methodName}
          onChange={(name) => name !== BODY_OPTION && props.onSelect(name)}
        >
          {props.own && <option value={props.own.value}>{props.own.label}</option>}
          {methodsForChain(props.chain).map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
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
      <FormField label="Answer limit (MiB)" htmlFor={limitId}>
        <TextInput
          id={limitId}
          type="number"
          min={1}
          max={1024}
          className="w-20"
          value={maxAnswerMiB}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n > 0) setMaxAnswerMiB(n);
          }}
        />
      </FormField>
    </div>
  );
}
