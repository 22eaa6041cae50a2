// Step 5 of Monaco's loading (load-monaco.ts): the code editor widget, around its view (step 4).
import "monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget";
