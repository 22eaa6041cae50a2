// Step 9 of Monaco's loading (load-monaco.ts): the hover feature, the largest one monaco.ts registers.
import "monaco-editor/features/hover/register";
