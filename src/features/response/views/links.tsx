import type { ReactNode } from "react";
import { useOpenRequest } from "../../../send/open-request.ts";

/**
 * A value that another method can open: a link-styled button whose name says where it leads.
 * Without a provider (a view rendered on its own) it is plain text.
 */
export function RequestLink(props: {
  method: string;
  params: unknown[] | Record<string, unknown>;
  children: ReactNode;
  /** Accessible name; defaults to "<method> <params>". */
  label?: string;
  className?: string;
}) {
  const open = useOpenRequest();
  const label = props.label ?? `${props.method} ${JSON.stringify(props.params)}`;
  if (!open) return <span className={props.className}>{props.children}</span>;
  return (
    <button
      type="button"
      className={`cursor-pointer text-link underline decoration-dotted underline-offset-2 hover:decoration-solid ${props.className ?? ""}`}
      title={`Open with ${props.method}`}
      aria-label={label}
      onClick={() => open(props.method, props.params)}
    >
      {props.children}
    </button>
  );
}
