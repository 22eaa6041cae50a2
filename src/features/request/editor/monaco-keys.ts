import type * as Monaco from "monaco-editor/editor/editor.api";
import type { Loaded } from "./load-monaco.ts";

/**
 * The editor's own keys: Ctrl/Cmd+M switches what Tab does; Ctrl/Cmd+Enter sends, and
 * Ctrl/Cmd+Shift+Enter sends anyway (a body with problems, as written).
 */
export function bindKeys(
  { monaco }: Loaded,
  ed: Monaco.editor.IStandaloneCodeEditor,
  on: { toggleTab(): void; submit(anyway: boolean): void },
): void {
  const { KeyMod, KeyCode } = monaco;
  ed.addCommand(KeyMod.CtrlCmd | KeyCode.KeyM, () => on.toggleTab());
  ed.addCommand(KeyMod.CtrlCmd | KeyCode.Enter, () => on.submit(false));
  ed.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.Enter, () => on.submit(true));
}
