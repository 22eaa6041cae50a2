import { type ComponentProps, memo, type ReactNode } from "react";
import { Counted } from "../../components/ui/Counted.tsx";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { shownEditor } from "../../state/settings-slice.ts";
import { BodyEditor } from "./editor/BodyEditor.tsx";
import { MethodForm as MethodFormView } from "./MethodForm.tsx";
import { type BodyShape, type RequestDraft, sameJson } from "./useRequestDraft.ts";
import { writingPart } from "./writing-focus.ts";

/** Parts both request panels show, each reading the draft (`useRequestDraft`). */

/** Why the form shows no fields: the body is a batch, or a method it has no form for. */
export function FormNote({ shape }: { shape: BodyShape }) {
  if (shape.kind === "form") return null;
  return (
    <p className="rounded border border-border bg-surface-muted p-2 text-sm" data-testid="form-note">
      {shape.kind === "batch"
        ? `The body is a batch of ${shape.count} request${shape.count === 1 ? "" : "s"}: edit them in the editor below. Pick a method above to start a single request again.`
        : `The playground has no form for ${shape.method}: edit its params in the editor below. It is sent as written and its answer shown as JSON.`}
    </p>
  );
}

/** The method's form, when the body is one request of a method with a form; `frame` holds it. */
export function DraftForm({ draft, frame }: { draft: RequestDraft; frame(form: ReactNode): ReactNode }) {
  const { def, values, request, shape } = draft;
  if (shape.kind !== "form" || !def || !values) return null;
  const own = request?.def === def;
  return frame(
    <MethodForm
      def={def}
      values={values}
      onChange={draft.actions.setValues}
      errors={own ? request.fieldErrors : {}}
      heldAsText={own ? request.unheld : {}}
      extra={own ? request.extra : undefined}
    />,
  );
}

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

/** The JSON body in the editor, with the editor's syntax error and the notes on the body under it. */
export function BodyField(props: {
  draft: RequestDraft;
  modelId: string;
  theme: "light" | "dark";
  readOnly: boolean;
  height: number | undefined;
}) {
  const { draft, readOnly } = props;
  const { reading, syntaxMarker } = draft;
  const plain = useAppStore((s) => shownEditor(s) === "plain");
  const setEditor = useAppStore((s) => s.settingsActions.setEditor);
  return (
    <div className="flex flex-col gap-1" {...writingPart}>
      <span className="text-sm text-fg-muted">JSON-RPC body{readOnly ? " (read-only)" : ""}</span>
      <Counted id="BodyEditor">
        <BodyEditor
          modelId={props.modelId}
          value={draft.bodyText}
          onChange={draft.actions.setBodyText}
          schema={draft.schema}
          marks={draft.marks}
          onSubmit={(text, anyway) => draft.send(text, anyway)}
          onProblems={draft.onProblems}
          liveText={draft.liveText}
          theme={props.theme}
          readOnly={readOnly}
          plain={plain}
          onPlainChange={(on) => setEditor(on ? "plain" : "code")}
          {...(props.height ? { height: props.height } : {})}
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
  );
}
