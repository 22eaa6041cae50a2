import { type ReactNode, useRef, useState } from "react";
import { Button } from "./Button.tsx";
import { describeDownloadError, downloadText } from "./download.ts";

/**
 * Saves a file whose contents take a while to make (a big answer's text, written a slice at a time;
 * an answer fetched again). While it is being made the button says so ("Preparing…") and a second
 * click does nothing, so one click gives one file; a failure is said beside the button, not only in
 * the console.
 */
export function DownloadButton({
  fileName,
  file,
  children,
  busyLabel = "Preparing…",
  savedNote,
  describeError = describeDownloadError,
}: {
  fileName: string;
  /** Makes the file's contents; called on click. */
  file: () => Blob | Promise<Blob>;
  /** The button's label (its accessible name while idle). */
  children: ReactNode;
  busyLabel?: string;
  /** Said once the file is handed to the browser ("Saved as a file."); nothing by default. */
  savedNote?: string;
  /** The failure in words for the user (never a key: the caller chooses what it names). */
  describeError?: (e: unknown) => string;
}) {
  const [state, setState] = useState<{ kind: "idle" | "busy" | "saved" } | { kind: "failed"; why: string }>({
    kind: "idle",
  });
  // A ref, not the state: two clicks in one task (a double click) both see the first's render-time state.
  const busy = useRef(false);
  const save = async () => {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: "busy" });
    try {
      downloadText(fileName, await file());
      setState({ kind: "saved" });
    } catch (e) {
      setState({ kind: "failed", why: describeError(e) });
    } finally {
      busy.current = false;
    }
  };
  return (
    <>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus. */}
      <Button
        onClick={save}
        aria-disabled={state.kind === "busy" || undefined}
        aria-busy={state.kind === "busy"}
      >
        {state.kind === "busy" ? busyLabel : children}
      </Button>
      {state.kind === "saved" && savedNote && <span role="status">{savedNote}</span>}
      {state.kind === "failed" && (
        <span role="alert" className="text-xs text-bad">
          Could not download it: {state.why}
        </span>
      )}
    </>
  );
}
