import { type ChangeEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { settingControl } from "../../../components/ui/setting-control.ts";
import type { SchemaSpec } from "../../../methods/schema.ts";
import type { EditorMark, EditorProblem } from "./monaco-markers.ts";
import { useEditorFollows } from "./useEditorFollows.ts";
import { useKeptSelection } from "./useKeptSelection.ts";
import { useMonacoEditor } from "./useMonacoEditor.ts";

type Props = {
  /** Stable per editor instance: the model URI is built from it, so schemas bind to this model only. */
  modelId: string;
  value: string;
  onChange(text: string): void;
  schema: SchemaSpec;
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
  /** The user chose the plain text box (settings' `editor`): Monaco is never loaded. */
  plain?: boolean;
  /** Switches between Monaco and the plain text box (the box under the editor); absent, no box. */
  onPlainChange?(plain: boolean): void;
};

/**
 * The JSON-RPC body: in Monaco, or in a plain text box when the user chose one (lighter: no
 * colours, completion or marks; Monaco's 870 KiB are never loaded, and a phone's own text editing
 * works as in any text box). The body's problems are listed beside Send either way.
 */
export function BodyEditor(props: Props) {
  return props.plain ? <PlainBodyEditor {...props} /> : <CodeBodyEditor {...props} />;
}

/** The textarea's own props: the body, its changes, and Ctrl/Cmd+Enter to send. */
function plainBoxProps(props: Props) {
  return {
    "aria-label": "JSON-RPC request body",
    spellCheck: false,
    value: props.value,
    readOnly: props.readOnly,
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => props.onChange(e.target.value),
    onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!((e.ctrlKey || e.metaKey) && e.key === "Enter")) return;
      // Handled here: the page's own Ctrl+Enter (useSendShortcut) leaves it, or it would send twice.
      e.preventDefault();
      props.onSubmit(e.currentTarget.value, e.shiftKey);
    },
  };
}

/** The box that switches between the code editor and the plain text box. */
function PlainChoice({
  plain,
  onPlainChange,
}: {
  plain: boolean;
  onPlainChange: ((plain: boolean) => void) | undefined;
}) {
  const id = useId();
  if (!onPlainChange) return null;
  return (
    <>
      <input
        id={id}
        type="checkbox"
        checked={plain}
        onChange={(e) => onPlainChange(e.target.checked)}
        {...settingControl}
      />
      <label htmlFor={id}>Plain text box (lighter: no colours, completion or marks)</label>
    </>
  );
}

/**
 * The body in a plain text box, on its own (not over Monaco's place): by the user's choice, or where
 * Monaco could not load. `under` goes below it; `describedBy` names what describes the box.
 */
function PlainBox(props: Props & { under: ReactNode; describedBy?: string; testId?: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useKeptSelection(props.value, ref);
  return (
    <div className="flex flex-col gap-1">
      <textarea
        {...plainBoxProps(props)}
        ref={ref}
        aria-describedby={props.describedBy}
        data-testid={props.testId}
        className="w-full rounded border border-border bg-surface p-2 font-mono text-sm"
        style={{ height: props.height ?? 260 }}
      />
      {props.under}
    </div>
  );
}

/** The body in a plain text box, by the user's choice. */
function PlainBodyEditor(props: Props) {
  return (
    <PlainBox
      {...props}
      testId="body-plain"
      under={
        !props.readOnly && (
          <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
            <PlainChoice plain onPlainChange={props.onPlainChange} />
          </div>
        )
      }
    />
  );
}

/**
 * The JSON-RPC body in Monaco. Monaco owns the live text; the parent hears of it debounced. Until
 * Monaco is loaded (in idle time after the first paint, so its evaluation never delays a keystroke or
 * a click) a plain textarea holds the same body, editable, so the first screen never waits for it.
 */
function CodeBodyEditor(props: Props) {
  // Tab leaves the editor by default, so it is no keyboard trap; the toggle (or Ctrl+M) lets Tab indent.
  const [tabMovesFocus, setTabMovesFocus] = useState(true);
  const tabIds = { toggle: useId(), hint: useId() };
  const failedNoteId = useId();
  const { host, plain, mounted } = useMonacoEditor(
    { ...props, toggleTab: () => setTabMovesFocus((on) => !on) },
    props.modelId,
  );
  // The loading textarea's selection through the app's next-id write, as in the plain text box.
  useKeptSelection(props.value, plain);
  useEditorFollows(mounted, { ...props, tabMovesFocus });

  const height = props.height ?? 260;
  /** The plain text box's own props, while Monaco loads. */
  const plainBox = plainBoxProps(props);
  if (mounted.status === "failed") {
    // Said under the box, not only in the console: the user sees no colours or marks and should know why.
    return (
      <PlainBox
        {...props}
        describedBy={failedNoteId}
        under={
          <p id={failedNoteId} className="text-xs text-fg-muted" data-testid="plain-editor-note">
            The code editor could not load (is the network down?), so this is a plain text box: edit and send
            the body as before, without colours or marks in it. Reload the page to try again.
          </p>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="relative rounded border border-border" style={{ height }}>
        {mounted.status === "loading" && (
          // The same body, editable at once; Monaco takes over its text, focus and selection.
          <textarea
            {...plainBox}
            ref={plain}
            className="absolute inset-0 z-10 h-full w-full resize-none bg-surface p-2 font-mono text-sm"
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
            {...settingControl}
          />
          <label htmlFor={tabIds.toggle}>Tab moves focus out of the editor</label>
          <span id={tabIds.hint}>
            {tabMovesFocus
              ? "Untick it, or press Ctrl+M (⌘+M) in the editor, to indent with Tab."
              : "Tab indents; press Ctrl+M (⌘+M) in the editor to move focus with Tab again."}
          </span>
          <PlainChoice plain={false} onPlainChange={props.onPlainChange} />
        </div>
      )}
    </div>
  );
}
