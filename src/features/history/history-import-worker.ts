/**
 * The import worker: reads a history export off the main thread (see history-import-read.ts). It
 * reads the file, parses and checks it, and keeps what fits the room (`planImport`), then posts the
 * plan without its entries, and the entries in slices of SLICE_BYTES: the page takes each in
 * within a short task, whatever the file's size (up to MAX_IMPORT_BYTES).
 */
import { sliceByBytes } from "./history-bounds.ts";
import { type FromImportWorker, type ImportJob, planImport, SLICE_BYTES } from "./history-import.ts";

const scope = self as unknown as {
  postMessage(message: FromImportWorker): void;
  onmessage: ((e: MessageEvent<ImportJob>) => void) | null;
};

scope.onmessage = async (e) => {
  const { file, basis } = e.data;
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    scope.postMessage({ plan: { ok: false, message: `The file could not be read (${why}).` }, slices: 0 });
    return;
  }
  const plan = planImport(text, basis);
  if (!plan.ok) return scope.postMessage({ plan, slices: 0 });
  const slices = sliceByBytes(plan.entries, SLICE_BYTES);
  scope.postMessage({ plan: { ...plan, entries: [] }, slices: slices.length });
  for (const slice of slices) scope.postMessage({ slice });
};
