import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "../../components/ui/Button.tsx";
import { downloadText } from "../../components/ui/download.ts";
import { formatBytes } from "../../components/ui/format.ts";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { totalSize } from "./history-bounds.ts";
import { useHistoryStore } from "./history-context.tsx";
import type { HistoryEntry } from "./history-entry.ts";
import { importSummary } from "./history-import.ts";
import { readHistoryFile } from "./history-import-read.ts";
import { exportFileName, exportHistory, MAX_IMPORT_BYTES } from "./history-io.ts";

type ImportMessage = { ok: boolean; text: string };

/** Count and size, Export, Import (with its message) and Clear all (with a confirm step). */
export function HistoryToolbar({ entries }: { entries: readonly HistoryEntry[] }) {
  const history = useHistoryStore();
  const readCurrent = useReadCurrent();
  const [importMessage, onImport] = useImport();
  const [confirming, setConfirming] = useState(false);
  const messageId = useId();

  const download = () => {
    const now = Date.now();
    const text = exportHistory(entries, { now, secrets: readCurrent().secrets });
    downloadText(exportFileName(now), text);
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xs text-fg-muted">
          {entries.length} {entries.length === 1 ? "request" : "requests"} · {formatBytes(totalSize(entries))}{" "}
          · kept in this browser, never with the key
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button onClick={download} disabled={entries.length === 0}>
            Export
          </Button>
          <label
            className={`${buttonClass()} cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus`}
          >
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
            <Button disabled={entries.length === 0} onClick={() => setConfirming(true)}>
              Clear all
            </Button>
          )}
        </div>
      </div>
      {confirming && (
        <ClearConfirm
          count={entries.length}
          descriptionId={`${messageId}-confirm`}
          onConfirm={() => {
            setConfirming(false);
            void history.clear();
          }}
          onCancel={() => setConfirming(false)}
        />
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

/** The confirm step of Clear all; Cancel has the focus, so Enter does not delete by accident. */
function ClearConfirm(props: { count: number; descriptionId: string; onConfirm(): void; onCancel(): void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label="Clear the history"
      aria-describedby={props.descriptionId}
      className="flex flex-wrap items-center gap-2 rounded border border-bad bg-bad-bg p-2 text-sm"
    >
      <p id={props.descriptionId}>
        Delete all {props.count} {props.count === 1 ? "entry" : "entries"} of the history? This cannot be
        undone.
      </p>
      <Button variant="danger" onClick={props.onConfirm}>
        Delete all
      </Button>
      <Button ref={cancelRef} onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * Reads a chosen export file into the history and says how it went. The file is read, parsed and
 * checked in the import worker (history-import-read.ts): the page stays free while it is.
 */
function useImport(): [ImportMessage | null, (e: ChangeEvent<HTMLInputElement>) => Promise<void>] {
  const history = useHistoryStore();
  const [message, setMessage] = useState<ImportMessage | null>(null);
  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setMessage({
        ok: false,
        text: `${file.name} is ${formatBytes(file.size)}: larger than the ${formatBytes(MAX_IMPORT_BYTES)} an export can be. Nothing was imported.`,
      });
      return;
    }
    setMessage({ ok: true, text: `Reading ${file.name} (${formatBytes(file.size)})…` });
    let report: Awaited<ReturnType<typeof history.importFrom>>;
    try {
      report = await history.importFrom((basis) => readHistoryFile(file, basis), Date.now());
    } catch (err) {
      setMessage({
        ok: false,
        text: `${file.name} could not be read (${err instanceof Error ? err.message : String(err)}).`,
      });
      return;
    }
    if (!report.ok) setMessage({ ok: false, text: `${file.name}: ${report.message}` });
    else setMessage(importSummary(file.name, report.plan, report.outcome));
  };
  return [message, onImport];
}
