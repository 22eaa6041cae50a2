import { useState } from "react";
import { browserStorageBlocked } from "../state/storage-check.ts";

/** Said once, at the top, when the browser keeps nothing for this page (state/storage-check.ts). */
export function StorageNotice() {
  const [blocked] = useState(browserStorageBlocked);
  const [dismissed, setDismissed] = useState(false);
  if (!blocked || dismissed) return null;
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-2 border-b border-border bg-surface-muted px-4 py-2 text-sm"
    >
      This browser blocks storage for this page: everything works, but nothing (your choices, keys, history)
      will be kept once it is closed.
      <button type="button" className="text-link underline" onClick={() => setDismissed(true)}>
        Got it
      </button>
    </p>
  );
}
