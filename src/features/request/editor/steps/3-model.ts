// Step 3 of Monaco's loading (load-monaco.ts): the text model.
import "monaco-editor/editor/common/model/textModel";
