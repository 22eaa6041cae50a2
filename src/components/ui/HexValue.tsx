import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton.tsx";

/** What a value is, for its copy button's name when the caller does not say: "address 0x5fbd…0aa3". */
function describeHex(full: string): string {
  const short = full.length > 14 ? `${full.slice(0, 6)}…${full.slice(-4)}` : full;
  const kind = /^0x[0-9a-fA-F]{40}$/.test(full)
    ? "address"
    : /^0x[0-9a-fA-F]{64}$/.test(full)
      ? "hash"
      : "value";
  return `${kind} ${short.toLowerCase()}`;
}

/**
 * A hex value (a hash, an address, a storage word) in monospace: `text` is what is shown (often
 * shortened), `full` the whole of it, in `title` and on the copy button.
 */
export function HexValue({
  text,
  full,
  copy = true,
  small = false,
  what,
}: {
  text?: ReactNode;
  full: string;
  /** What the value is ("block hash"), for the copy button's name; else worked out from the value. */
  what?: string | undefined;
  copy?: boolean;
  /** Extra-small text (in tables and lists of values). */
  small?: boolean;
}) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className={`font-mono break-all ${small ? "text-xs" : ""}`} title={full}>
        {text ?? full}
      </span>
      {copy && <CopyButton text={full} label="Copy" what={what ?? describeHex(full)} size="xs" />}
    </span>
  );
}
