// Step 4 of Monaco's loading (load-monaco.ts): the editor's view and its parts, the larger half of
// the code editor widget's code.
import "monaco-editor/editor/browser/view";
