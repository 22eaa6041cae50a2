import type { HTMLAttributes } from "react";

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** Code to read and copy (a snippet, an iframe): monospace, kept as written, scrolls when wide. */
export function CodeBlock({
  code,
  ...rest
}: { code: string } & Omit<HTMLAttributes<HTMLPreElement>, "children" | "className"> & DataAttributes) {
  return (
    // Focusable, so a keyboard can scroll a long line into view.
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="overflow-auto rounded border border-border bg-surface-muted p-2 font-mono text-xs leading-5 whitespace-pre"
      {...rest}
    >
      {code}
    </pre>
  );
}
