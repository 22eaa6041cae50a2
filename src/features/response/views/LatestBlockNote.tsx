import { useId } from "react";

/** In place of "next →" on the chain's head: a disabled step that says why. */
export function LatestBlockNote() {
  const id = useId();
  return (
    <span className="flex items-center gap-1">
      <button type="button" disabled aria-describedby={id} className="cursor-not-allowed text-fg-muted">
        next →
      </button>
      <span id={id} className="text-fg-muted text-xs">
        this is the latest block
      </span>
    </span>
  );
}
