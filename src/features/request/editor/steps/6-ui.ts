// Step 6 of Monaco's loading (load-monaco.ts): the workbench widgets the services (step 7) are built
// on, trees and lists, markdown and its sanitizer: half of what the services step evaluated alone.
import "monaco-editor/platform/list/browser/listService";
import "monaco-editor/base/browser/markdownRenderer";
