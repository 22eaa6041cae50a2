import type { RevertLine } from "./revert-notice.ts";

/** The decoded lines of an error notice: label, value (hex in monospace). */
export function RevertLines({ lines }: { lines: readonly RevertLine[] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-3 gap-y-0.5">
      {lines.map((l) => (
        <div key={l.label} className="contents">
          <dt className="text-fg-muted">{l.label}</dt>
          <dd className={l.mono ? "break-all font-mono text-xs" : "break-words"}>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}
