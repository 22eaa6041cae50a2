import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton.tsx";

/**
 * A hex value (a hash, an address, a storage word) in monospace: `text` is what is shown (often
 * shortened), `full` the whole of it, in `title` and on the copy button.
 */
export function HexValue({
  text,
  full,
  copy = true,
  small = false,
}: {
  text?: ReactNode;
  full: string;
  copy?: boolean;
  /** Extra-small text (in tables and lists of values). */
  small?: boolean;
}) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className={`font-mono break-all ${small ? "text-xs" : ""}`} title={full}>
        {text ?? full}
      </span>
      {copy && <CopyButton text={full} label="Copy" size="xs" />}
    </span>
  );
}
