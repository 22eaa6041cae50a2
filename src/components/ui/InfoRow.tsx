import type { ReactNode } from "react";

/**
 * A definition list of {@link InfoRow}s. `columns` sets the grid (the label column's width);
 * the default fits the views' field lists.
 */
export function InfoList({
  children,
  columns = "grid-cols-[minmax(7rem,13rem)_1fr] gap-x-4 gap-y-1",
  className = "",
  label,
}: {
  children: ReactNode;
  columns?: string;
  className?: string;
  /** The list's accessible name, when it needs one. */
  label?: string;
}) {
  return (
    <dl className={`grid ${columns} ${className}`.trim()} aria-label={label}>
      {children}
    </dl>
  );
}

/**
 * One label and its value in a `<dl>`. In a grid list the pair takes two cells (`contents`);
 * `inline` keeps the two side by side (the answer's details line).
 */
export function InfoRow({
  label,
  children,
  title,
  inline = false,
  labelClassName = "text-fg-muted",
  valueClassName = "min-w-0",
}: {
  label: ReactNode;
  children: ReactNode;
  /** A hint on the label: the wire name of the field. */
  title?: string | undefined;
  inline?: boolean;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <div className={inline ? "flex gap-1" : "contents"}>
      <dt className={labelClassName || undefined} title={title}>
        {label}
      </dt>
      <dd className={valueClassName || undefined}>{children}</dd>
    </div>
  );
}
