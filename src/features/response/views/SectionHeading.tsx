import type { ReactNode } from "react";

/** The small uppercase title of a section of a view ("Transactions", "Fields beyond the spec"). */
export function SectionHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h4 id={id} className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
      {children}
    </h4>
  );
}
