// Step 7 of Monaco's loading (load-monaco.ts): the standalone editor's services.
import "monaco-editor/editor/standalone/browser/standaloneServices";
