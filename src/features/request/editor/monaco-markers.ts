import type * as Monaco from "monaco-editor/editor/editor.api";
import type { Loaded } from "./load-monaco.ts";

export type EditorProblem = { line: number; column: number; message: string; severity: "error" | "warning" };
/** A problem the app's own checks found (a checksum, a storage key), marked at its line as a warning. */
export type EditorMark = { line: number; column: number; message: string };

/** The owner of the app's own marks, kept apart from the schema's. */
const MARK_OWNER = "rpc-playground-checks";

/** Hears the model's markers (JSON syntax, the schema) after every change; the app's own left out. */
export function followProblems(
  { monaco }: Loaded,
  uri: Monaco.Uri,
  onProblems: (problems: EditorProblem[]) => void,
): Monaco.IDisposable {
  return monaco.editor.onDidChangeMarkers((uris) => {
    if (!uris.some((u) => u.toString() === uri.toString())) return;
    onProblems(
      monaco.editor
        .getModelMarkers({ resource: uri })
        .filter((m) => m.owner !== MARK_OWNER)
        .map((m) => ({
          line: m.startLineNumber,
          column: m.startColumn,
          message: m.message,
          severity: m.severity === monaco.MarkerSeverity.Error ? "error" : "warning",
        })),
    );
  });
}

/** Marks the app's own problems, each over the rest of its line (lines the text no longer has left out). */
export function showMarks({ monaco }: Loaded, model: Monaco.editor.ITextModel, marks: readonly EditorMark[]) {
  const lines = model.getLineCount();
  monaco.editor.setModelMarkers(
    model,
    MARK_OWNER,
    marks
      .filter((m) => m.line <= lines)
      .map((m) => ({
        startLineNumber: m.line,
        startColumn: m.column,
        endLineNumber: m.line,
        endColumn: model.getLineMaxColumn(m.line),
        message: m.message,
        severity: monaco.MarkerSeverity.Warning,
      })),
  );
}
