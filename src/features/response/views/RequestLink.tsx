/** Links from a value in a view to the request that opens it. */
import type { ReactNode } from "react";
import { useOpenRequest } from "../../../send/open-request.ts";
import type { LinkTarget } from "./link-targets.ts";

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
      onClick={() => open(props.method, props.params)}
    >
      {/* The name says where it leads, then what it shows: "Open transaction 0: 0x5c…8a1". */}
      <span className="sr-only">{label}: </span>
      {props.children}
    </button>
  );
}

/** A link to another request, or the content as it is when there is no target. */
export function MaybeLink({ target, children }: { target: LinkTarget | undefined; children: ReactNode }) {
  if (!target) return <>{children}</>;
  return (
    <RequestLink
      method={target.method}
      params={target.params}
      {...(target.label ? { label: target.label } : {})}
    >
      {children}
    </RequestLink>
  );
}

/** The small extra links of a target ("receipts" beside a block number). */
export function AlsoLinks({ target }: { target: LinkTarget | undefined }) {
  if (!target?.also?.length) return null;
  return (
    <>
      {target.also.map((a) => (
        <span key={`${a.method}${JSON.stringify(a.params)}`} className="ml-2 text-xs">
          <MaybeLink target={a}>{a.text}</MaybeLink>
        </span>
      ))}
    </>
  );
}
