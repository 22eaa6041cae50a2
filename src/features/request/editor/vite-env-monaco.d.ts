// Vite's `?worker` imports of Monaco's workers.
declare module "monaco-editor/editor/editor.worker?worker" {
  const WorkerCtor: new () => Worker;
  export default WorkerCtor;
}
declare module "monaco-editor/language/json/json.worker?worker" {
  const WorkerCtor: new () => Worker;
  export default WorkerCtor;
}
// Side-effect import of Monaco's suggest widget contribution (no .d.ts is shipped for it).
declare module "monaco-editor/editor/contrib/suggest/browser/suggestController";
