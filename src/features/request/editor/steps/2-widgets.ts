// Step 2 of Monaco's loading (load-monaco.ts): the base list and scrollbar widgets.
import "monaco-editor/base/browser/ui/list/listWidget";
import "monaco-editor/base/browser/ui/scrollbar/scrollableElement";
