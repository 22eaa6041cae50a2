import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { downloadText } from "../../components/ui/download.ts";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { totalSize } from "./history-bounds.ts";
import { useHistoryStore } from "./history-context.tsx";
import type { HistoryEntry } from "./history-entry.ts";
import { formatBytes } from "./history-format.ts";
import { exportFileName, exportHistory, MAX_IMPORT_BYTES, parseHistoryFile } from "./history-io.ts";

const BUTTON =
  "rounded border border-border px-2 py-0.5 text-xs hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50";

type ImportMessage = { ok: boolean; text: string };

/** Count and size, Export, Import (with its message) and Clear all (with a confirm step). */
export function HistoryToolbar({ entries }: { entries: readonly HistoryEntry[] }) {
  const history = useHistoryStore();
  const readCurrent = useReadCurrent();
  const [importMessage, setImportMessage] = useState<ImportMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const download = () => {
    const now = Date.now();
    const text = exportHistory(entries, { now, secrets: readCurrent().secrets });
    downloadText(exportFileName(now), text);
  };

  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setImportMessage({
        ok: false,
        text: `${file.name} is ${formatBytes(file.size)}: larger than the ${formatBytes(MAX_IMPORT_BYTES)} an export can be. Nothing was imported.`,
      });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      setImportMessage({
        ok: false,
        text: `${file.name} could not be read (${err instanceof Error ? err.message : String(err)}).`,
      });
      return;
    }
    const parsed = parseHistoryFile(text);
    if (!parsed.ok) {
      setImportMessage({ ok: false, text: `${file.name}: ${parsed.message}` });
      return;
    }
    const outcome = await history.importEntries(parsed.entries);
    const parts = [
      `Imported ${outcome.added} ${outcome.added === 1 ? "entry" : "entries"} from ${file.name}`,
    ];
    if (outcome.duplicates) parts.push(`${outcome.duplicates} already in the history`);
    if (outcome.dropped) parts.push(`${outcome.dropped} oldest dropped to stay within the limits`);
    let summary = `${parts.join("; ")}.`;
    if (parsed.refused) {
      summary += ` ${parsed.refused} ${parsed.refused === 1 ? "entry was" : "entries were"} refused because ${parsed.refused === 1 ? "it carries" : "they carry"} an API key (${parsed.refusedReason ?? ""}).`;
    }
    setImportMessage({ ok: parsed.refused === 0, text: summary });
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xs text-fg-muted">
          {entries.length} {entries.length === 1 ? "request" : "requests"} · {formatBytes(totalSize(entries))}{" "}
          · kept in this browser, never with the key
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <button type="button" className={BUTTON} onClick={download} disabled={entries.length === 0}>
            Export
          </button>
          <label className={`${BUTTON} cursor-pointer focus-within:ring-2 focus-within:ring-accent`}>
            Import
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-describedby={importMessage ? messageId : undefined}
              onChange={(e) => void onImport(e)}
            />
          </label>
          {!confirming && (
            <button
              type="button"
              className={BUTTON}
              disabled={entries.length === 0}
              onClick={() => setConfirming(true)}
            >
              Clear all
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label="Clear the history"
          aria-describedby={`${messageId}-confirm`}
          className="flex flex-wrap items-center gap-2 rounded border border-bad bg-bad-bg p-2 text-sm"
        >
          <p id={`${messageId}-confirm`}>
            Delete all {entries.length} {entries.length === 1 ? "entry" : "entries"} of the history? This
            cannot be undone.
          </p>
          <button
            type="button"
            className={`${BUTTON} border-bad text-bad`}
            onClick={() => {
              setConfirming(false);
              void history.clear();
            }}
          >
            Delete all
          </button>
          <button ref={cancelRef} type="button" className={BUTTON} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {importMessage && (
        <p
          id={messageId}
          role={importMessage.ok ? "status" : "alert"}
          className={`text-sm ${importMessage.ok ? "text-fg-muted" : "rounded border border-bad bg-bad-bg p-2"}`}
        >
          {importMessage.text}
        </p>
      )}
    </div>
  );
}
