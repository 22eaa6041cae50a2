import type { HTMLAttributes } from "react";

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** Code to read and copy (a snippet, an iframe): monospace, kept as written, scrolls when wide. */
export function CodeBlock({
  code,
  ...rest
}: { code: string } & Omit<HTMLAttributes<HTMLPreElement>, "children" | "className"> & DataAttributes) {
  return (
    <pre
      className="overflow-auto rounded border border-border bg-surface-muted p-2 font-mono text-xs leading-5 whitespace-pre"
      {...rest}
    >
      {code}
    </pre>
  );
}
