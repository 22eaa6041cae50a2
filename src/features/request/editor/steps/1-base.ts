// Step 1 of Monaco's loading (load-monaco.ts): the base string and DOM helpers.
import "monaco-editor/base/common/strings";
import "monaco-editor/base/browser/dom";
