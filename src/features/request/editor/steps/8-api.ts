// Step 8 of Monaco's loading (load-monaco.ts): the editor API (monaco.ts then adds the features).
import "monaco-editor/editor/editor.api";
