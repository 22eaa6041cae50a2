/**
 * Small presentational pieces shared by the result views: a field list, one field value, a badge,
 * the fields beyond the spec. They render the pure field model of `src/chain/field.ts`.
 */
import type { ReactNode } from "react";
import type { Field, FieldGroup, FieldValue } from "../../../chain/field.ts";
import { formatRelative } from "../../../chain/time.ts";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";
import { RequestLink } from "./links.tsx";
import type { LinkFor, LinkTarget } from "./parts-links.ts";
import type { Tone } from "./parts-tone.ts";

const TONES: Record<Tone, string> = {
  ok: "text-ok bg-ok-bg border-ok/30",
  bad: "text-bad bg-bad-bg border-bad/40",
  warn: "text-warn bg-warn-bg border-warn/40",
  neutral: "text-fg-muted bg-surface-muted border-border",
};

/** A small rounded label: a status, a transaction type, "pending". */
export function Badge({
  tone,
  children,
  title,
}: {
  tone: Tone;
  children: ReactNode;
  title?: string | undefined;
}) {
  return (
    <span
      className={`inline-block rounded border px-1.5 py-px font-medium text-xs leading-5 whitespace-nowrap ${TONES[tone]}`}
      title={title}
    >
      {children}
    </span>
  );
}

/** A hex value shortened, in monospace, the whole of it in `title`, with a copy button. */
export function HexText({ text, full, copy = true }: { text: ReactNode; full: string; copy?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="font-mono break-all" title={full}>
        {text}
      </span>
      {copy && <CopyButton text={full} label="Copy" className="px-1 py-0 text-[10px]" />}
    </span>
  );
}

/**
 * One field value, rendered by kind. `children` replaces the main text (a link around it) while
 * the extras — copy button, hover hex — stay outside the link.
 */
export function FieldValueText({
  value,
  wrap,
}: {
  value: FieldValue;
  /** Wraps the main text (used to turn it into a link). */
  wrap?: (content: ReactNode) => ReactNode;
}) {
  const w = wrap ?? ((c: ReactNode) => c);
  switch (value.kind) {
    case "quantity":
      return (
        <span className="group inline-flex items-baseline gap-2" title={value.raw}>
          {w(<span className="tabular-nums">{value.text}</span>)}
          <span className="hidden font-mono text-fg-muted text-xs group-hover:inline">{value.raw}</span>
        </span>
      );
    case "wei":
      return (
        <span title={`${value.gwei} · ${value.wei}`} className="tabular-nums">
          {w(value.text)}
        </span>
      );
    case "timestamp":
      return (
        <span title={String(value.raw)}>
          {w(value.text)}{" "}
          <span className="text-fg-muted text-xs">({formatRelative(value.seconds, Date.now())})</span>
        </span>
      );
    case "hash":
    case "data":
      return <HexText text={w(value.text)} full={value.raw} />;
    case "address":
      return <HexText text={w(value.text)} full={value.checksum} />;
    case "pending":
      return <em className="text-warn">{w("pending")}</em>;
    case "none":
      return <span className="text-fg-muted">{w(value.text)}</span>;
    case "invalid":
      return (
        <span className="text-bad">
          <span className="font-mono">{value.text}</span> — {value.problem}
        </span>
      );
    case "json":
      return (
        <span className="font-mono text-xs break-all" title={value.text}>
          {w(value.text)}
        </span>
      );
    default:
      return <span>{w(value.text)}</span>;
  }
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

/** One field's value with its link (if any), extra links and detail line. */
export function FieldCell({ field, linkFor }: { field: Field; linkFor?: LinkFor | undefined }) {
  const target = linkFor?.(field);
  return (
    <>
      <FieldValueText
        value={field.value}
        {...(target ? { wrap: (c: ReactNode) => <MaybeLink target={target}>{c}</MaybeLink> } : {})}
      />
      <AlsoLinks target={target} />
      {field.detail && <div className="text-fg-muted text-xs break-all">{field.detail}</div>}
    </>
  );
}

/** Fields as a definition list: label, value. */
export function FieldList({ fields, linkFor }: { fields: readonly Field[]; linkFor?: LinkFor | undefined }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,13rem)_1fr] gap-x-4 gap-y-1 text-sm">
      {fields.map((f) => (
        <div key={f.key} className="contents">
          <dt className="text-fg-muted" title={f.key}>
            {f.label}
          </dt>
          <dd className="min-w-0">
            <FieldCell field={f} linkFor={linkFor} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Groups of fields, one titled section each. Empty groups are left out. */
export function FieldGroups({
  groups,
  linkFor,
}: {
  groups: readonly FieldGroup[];
  linkFor?: LinkFor | undefined;
}) {
  return (
    <div className="grid gap-4">
      {groups
        .filter((g) => g.fields.length > 0)
        .map((g) => (
          <section key={g.id} aria-labelledby={`fg-${g.id}`}>
            <h4
              id={`fg-${g.id}`}
              className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide"
            >
              {g.title}
            </h4>
            <FieldList fields={g.fields} linkFor={linkFor} />
          </section>
        ))}
    </div>
  );
}

/** Fields the spec does not list: shown, never dropped. Nothing when there are none. */
export function OtherFields({
  fields,
  linkFor,
}: {
  fields: readonly Field[];
  linkFor?: LinkFor | undefined;
}) {
  if (fields.length === 0) return null;
  return (
    <section aria-label="Fields beyond the spec">
      <h4 className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
        Fields beyond the spec
      </h4>
      <FieldList fields={fields} linkFor={linkFor} />
    </section>
  );
}

/** A decoder's failure: its text, and its problems when it lists some. */
export function DecodeError({
  error,
  problems,
}: {
  error: string;
  problems?: readonly string[] | undefined;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-bad">Could not show this result: {error}</p>
      <Problems problems={problems} />
    </div>
  );
}

/** Problems found while decoding a result that is otherwise shown. */
export function Problems({ problems }: { problems?: readonly string[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <section
      aria-label="Problems in the answer"
      className="rounded border border-warn/40 bg-warn-bg p-2 text-sm"
    >
      <p className="font-medium text-warn">
        {problems.length} problem{problems.length === 1 ? "" : "s"} in the answer
      </p>
      <ul className="list-disc pl-5 text-warn">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}
