import { entrySize } from "./history-bounds.ts";
import type { HistoryEntry } from "./history-entry.ts";
import {
  type FromImportWorker,
  type ImportBasis,
  type ImportJob,
  type ImportPlan,
  planImport,
} from "./history-import.ts";

/** The file read here, at once: where there is no Worker (Node), or the worker could not run. */
const readHere = (file: Blob, basis: ImportBasis): Promise<ImportPlan> =>
  file.text().then((text) => planImport(text, basis));

/**
 * Reads an export file against `basis` off the main thread: the import worker
 * (history-import-worker.ts) reads, parses and checks it and keeps what fits the room, then posts
 * the entries back in slices, each taken in here in a short task of its own (a 64 MB file holds
 * the page for no more than a slice). Each entry's size is noted as its slice comes, so bounding
 * them later (history-bounds.ts) does not stringify them all at once. A new worker per import
 * (imports are rare), ended when done.
 */
export function readHistoryFile(file: Blob, basis: ImportBasis): Promise<ImportPlan> {
  if (typeof Worker !== "function") return readHere(file, basis);
  let worker: Worker;
  try {
    worker = new Worker(new URL("./history-import-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return readHere(file, basis);
  }
  return new Promise<ImportPlan>((resolve, reject) => {
    const entries: HistoryEntry[] = [];
    let head: { plan: ImportPlan; slices: number } | undefined;
    let received = 0;
    let settled = false;
    const settle = (plan: Promise<ImportPlan> | ImportPlan) => {
      settled = true;
      worker.terminate();
      Promise.resolve(plan).then(resolve, reject);
    };
    worker.onmessage = (e: MessageEvent<FromImportWorker>) => {
      const m = e.data;
      if ("slice" in m) {
        for (const entry of m.slice) {
          entrySize(entry);
          entries.push(entry);
        }
        received += 1;
      } else head = m;
      if (head && received === head.slices) settle(head.plan.ok ? { ...head.plan, entries } : head.plan);
    };
    // The worker could not start, or broke, or a slice could not be taken in: the file is read
    // here (a long task, but it is read).
    const readHereInstead = () => {
      if (!settled) settle(readHere(file, basis));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      readHereInstead();
    };
    worker.onmessageerror = readHereInstead;
    worker.postMessage({ file, basis } satisfies ImportJob);
  });
}
