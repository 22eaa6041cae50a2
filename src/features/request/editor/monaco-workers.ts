/**
 * Stands in for monaco-editor's `internal/common/workers.js` where its JSON language imports it
 * (vite.config.ts resolves that one import here). Monaco's file starts a language worker the same
 * way, but first imports every editor contribution it ships (inline completions, sticky scroll,
 * rename, multi-cursor, code lens and 40 more: 1 MB of code, 150 KB gzip, a 35 ms task when the
 * JSON language loads), whatever the page registered. The playground registers the ones its body
 * editor uses in monaco.ts; this keeps it at those.
 */
import { editor } from "monaco-editor/editor/editor.api";

type Options = {
  label?: string;
  moduleId?: string;
  createWorker?: () => Worker;
  createData?: unknown;
  host?: Record<string, (...args: never[]) => unknown>;
  keepIdleModels?: boolean;
};

function startWorker(opts: Options): Worker {
  const label = opts.label ?? "monaco-editor-worker";
  const environment = (
    globalThis as { MonacoEnvironment?: { getWorker?(id: string, label: string): Worker } }
  ).MonacoEnvironment;
  if (environment?.getWorker) return environment.getWorker("workerMain.js", label);
  if (opts.createWorker) return opts.createWorker();
  throw new Error("No worker for the code editor's language: MonacoEnvironment.getWorker is not set.");
}

export function createWebWorker<T extends object>(opts: Options): editor.MonacoWebWorker<T> {
  const worker = Promise.resolve(startWorker(opts)).then((w) => {
    // What Monaco's own starter sends: a first message the worker ignores, then its settings.
    w.postMessage("ignore");
    w.postMessage(opts.createData);
    return w;
  });
  return editor.createWebWorker<T>({
    worker,
    ...(opts.host ? { host: opts.host as Record<string, () => unknown> } : {}),
    ...(opts.keepIdleModels !== undefined ? { keepIdleModels: opts.keepIdleModels } : {}),
  });
}
