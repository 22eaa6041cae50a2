// Step 4 of Monaco's loading (load-monaco.ts): the code editor widget and its view.
import "monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget";
