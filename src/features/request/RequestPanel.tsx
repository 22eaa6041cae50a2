import { memo, type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { ExamplesNote } from "./ExamplesNote.tsx";
import { prefetchObjectFields, useFieldCodeBeforeFirstDrawing } from "./fields/param-fields.ts";
import { MethodPicker, MethodTitle } from "./RequestHeading.tsx";
import { BodyField, DraftForm, FormNote } from "./RequestParts.tsx";
import { SendRow } from "./SendRow.tsx";
import { useNetworkExamples } from "./useNetworkExamples.ts";
import { type RequestDraft, useRequestDraft, useSendShortcut } from "./useRequestDraft.ts";

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

/**
 * The method, its generated form, the JSON body editor and Send, kept in step with each other:
 * the playground's panel or an embed's, by `header`. Both show the draft with the same parts.
 * It renders only when its props change: an answer (the shell's render) leaves it as it is.
 */
export const RequestPanel = memo((props: Props) =>
  props.header === "picker" ? <PlaygroundRequest {...props} /> : <EmbedRequest {...props} />,
);

/**
 * The playground's: the method picker and timeout, the form with its examples from the chosen
 * network, the slot calculator (eth_getStorageAt), Ctrl/Cmd+Enter from anywhere on the page.
 */
function PlaygroundRequest(props: Props) {
  const { showForm = true } = props;
  // The playground's forms take their examples from the chosen network.
  const examples = useNetworkExamples(true);
  const draft = useRequestDraft(props.onSend, examples.methods);
  useSendShortcut(draft.send);
  useFieldCodeBeforeFirstDrawing(formDef(draft, showForm));
  const { shape, values, actions } = draft;
  const slotCalculator = draft.methodName === "eth_getStorageAt" && values && shape.kind === "form";
  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      <h2 className="sr-only">Request</h2>
      <MethodPicker {...headingOf(draft)} onSelect={actions.selectMethod} />
      {props.keyField}
      {showForm && <FormNote shape={shape} />}
      {showForm && shape.kind === "form" && <ExamplesNote state={examples.state} />}
      {showForm && <DraftForm draft={draft} frame={(form) => form} />}
      <EditorAndSend draft={draft} panel={props} shortcut />
      {/* Below Send: its code loads as it first shows, and the placeholder grows (about 80 to 250
          px) when it comes; above, that moved the body and Send as a click or a keystroke aimed at
          them (docs/decisions.md, "Nothing above Send grows as it loads"). */}
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
    </section>
  );
}

/** The method whose form shows (undefined when none does). */
const formDef = (draft: RequestDraft, showForm: boolean) =>
  showForm && draft.shape.kind === "form" ? draft.def : undefined;

/** An embed's: its one method named, its own key field, a form `readonly` can disable as a whole. */
function EmbedRequest(props: Props) {
  const { showForm = true, readOnly = false } = props;
  // An embed's host chooses its own examples: the editor describes the method as defined.
  const draft = useRequestDraft(props.onSend);
  useFieldCodeBeforeFirstDrawing(formDef(draft, showForm));
  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      <MethodTitle {...headingOf(draft)} />
      {props.keyField}
      {showForm && <FormNote shape={draft.shape} />}
      {showForm && (
        <DraftForm
          draft={draft}
          frame={(form) => (
            // An embed's form sits in a fieldset, so `readonly` disables every field at once.
            <fieldset disabled={readOnly} className="min-w-0 disabled:opacity-80">
              {form}
            </fieldset>
          )}
        />
      )}
      <EditorAndSend draft={draft} panel={props} shortcut={false} />
    </section>
  );
}

/** The end of both panels: the body editor (unless hidden) and Send's row. */
function EditorAndSend({ draft, panel, shortcut }: { draft: RequestDraft; panel: Props; shortcut: boolean }) {
  return (
    <>
      {(panel.showEditor ?? true) && (
        <BodyField
          draft={draft}
          modelId={panel.modelId}
          theme={panel.theme}
          readOnly={panel.readOnly ?? false}
          height={panel.editorHeight}
        />
      )}
      <DraftSendRow draft={draft} shortcut={shortcut} />
    </>
  );
}

/** The heading's view of the draft (the method's summary only while the form shows it). */
const headingOf = ({ chain, methodName, def, shape }: RequestDraft) => ({
  chain,
  methodName,
  def: shape.kind === "form" ? def : undefined,
  shape,
});

function DraftSendRow({ draft, shortcut }: { draft: RequestDraft; shortcut: boolean }) {
  return (
    <SendRow
      problems={draft.located}
      confirming={draft.confirming}
      problem={draft.sendProblem}
      shortcut={shortcut}
      anywayRef={draft.anywayButton}
      onSend={draft.sendNow}
      onSendAnyway={draft.sendAnyway}
    />
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
