import { useEffect, useLayoutEffect } from "react";
import type { SchemaSpec } from "../../../methods/schema.ts";
import { changedSpan } from "./changed-span.ts";
import type { EditorMark } from "./monaco-markers.ts";
import type { MountedEditor } from "./useMonacoEditor.ts";

/**
 * The live editor follows the page: a body the form changed, the schema, the app's own marks, the
 * theme, read-only, and what Tab does. Before Monaco is there the plain textarea shows the same.
 */
export function useEditorFollows(
  mounted: MountedEditor,
  props: {
    value: string;
    schema: SchemaSpec;
    marks?: readonly EditorMark[] | undefined;
    theme: "light" | "dark";
    readOnly?: boolean | undefined;
    tabMovesFocus: boolean;
  },
): void {
  const { status, mod, editor, applyingExternal, flushTyping } = mounted;
  // The form changed the body: replace the span that changed (`changedSpan`) as one undoable edit,
  // without echoing it back. In the commit that changed it (a layout effect), so no click or key
  // after it finds the old text in the editor (a Send reads the editor's text: it would have checked and sent the old body).
  // While the user types here, typing the page has not heard yet (the editor tells it after a
  // pause) wins over a change the app makes on its own (a send's next id, a network's examples):
  // it goes to the page instead, and the editor keeps it. A change the user asked for elsewhere (a
  // view's link, the form) comes with the focus out of the editor, and is put in place.
  useLayoutEffect(() => {
    const ed = editor.current;
    const model = ed?.getModel();
    if (!ed || !model || model.getValue() === props.value) return;
    const inEditor = ed.hasTextFocus();
    if (inEditor && flushTyping.current?.()) return;
    applyingExternal.current = true;
    try {
      const { from, to, insert } = changedSpan(model.getValue(), props.value);
      const [start, end] = [model.getPositionAt(from), model.getPositionAt(to)];
      const range = {
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      };
      ed.pushUndoStop();
      model.pushEditOperations([], [{ range, text: insert }], () => null);
      ed.pushUndoStop();
      // Written from elsewhere (a method picked, the form, examples): the new body is read from its
      // first column. Monaco keeps the last body's horizontal scroll while the new one is as wide,
      // hiding the start of every line; in the editor, the user's own scroll stays.
      if (!inEditor) ed.setScrollLeft(0);
    } finally {
      applyingExternal.current = false;
    }
  }, [props.value, editor, applyingExternal, flushTyping]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model && mod.current) mod.current.bindSchema(model, props.schema);
  }, [props.schema, editor, mod]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the model exists once the editor is ready
  useEffect(() => {
    const model = editor.current?.getModel();
    if (model && mod.current) mod.current.showMarks(mod.current, model, props.marks ?? []);
  }, [props.marks, status, editor, mod]);

  // The theme and read-only of now once the editor is ready too: one changed while it was being
  // made (its steps read them before the last) is not lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the editor exists once it is ready
  useEffect(() => {
    mod.current?.monaco.editor.setTheme(mod.current.monacoTheme(props.theme));
  }, [props.theme, status, mod]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the editor exists once it is ready
  useEffect(() => {
    editor.current?.updateOptions({ readOnly: props.readOnly ?? false });
  }, [props.readOnly, status, editor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: status: the editor exists once it is ready
  useEffect(() => {
    editor.current?.updateOptions({ tabFocusMode: props.tabMovesFocus });
  }, [props.tabMovesFocus, status, editor]);
}
