/** Decoded fields (`src/chain/field.ts`) as definition lists: one list, titled groups, the extras. */
import { memo, type ReactNode } from "react";
import { type Field, type FieldGroup, sameField } from "../../../chain/field.ts";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import { FieldValueText } from "./FieldValueText.tsx";
import type { LinkFor } from "./link-targets.ts";
import { AlsoLinks, MaybeLink } from "./RequestLink.tsx";
import { SectionHeading } from "./SectionHeading.tsx";

/** One field's value with its link (if any), extra links and detail line. */
function FieldCell({ field, linkFor }: { field: Field; linkFor?: LinkFor | undefined }) {
  const target = linkFor?.(field);
  return (
    <>
      <FieldValueText
        value={field.value}
        label={field.label}
        {...(target ? { wrap: (c: ReactNode) => <MaybeLink target={target}>{c}</MaybeLink> } : {})}
      />
      <AlsoLinks target={target} />
      {field.detail && <div className="text-fg-muted text-xs break-all">{field.detail}</div>}
    </>
  );
}

/**
 * One field's row. Memoized by value: a new answer decodes new field objects, and a field that
 * says what it said before (a next block's gas limit, nonce, empty roots; a re-sent answer's
 * every field) is neither rendered nor its elements' properties compared in the commit again.
 * A timestamp always is: its "(3 minutes ago)" moves on.
 */
const FieldRow = memo(
  function FieldRow({ field, linkFor }: { field: Field; linkFor?: LinkFor | undefined }) {
    return (
      <InfoRow label={field.label} title={field.hint ? `${field.key}: ${field.hint}` : field.key}>
        <FieldCell field={field} linkFor={linkFor} />
      </InfoRow>
    );
  },
  (a, b) => a.linkFor === b.linkFor && sameField(a.field, b.field),
);

/** Fields as a definition list: label, value. */
export function FieldList({ fields, linkFor }: { fields: readonly Field[]; linkFor?: LinkFor | undefined }) {
  return (
    <InfoList className="text-sm">
      {fields.map((f) => (
        <FieldRow key={f.key} field={f} linkFor={linkFor} />
      ))}
    </InfoList>
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
          <section key={g.id} aria-labelledby={`fg-${g.id}`} className="below-fold-lazy">
            <SectionHeading id={`fg-${g.id}`}>{g.title}</SectionHeading>
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
      <SectionHeading>Fields beyond the spec</SectionHeading>
      <FieldList fields={fields} linkFor={linkFor} />
    </section>
  );
}
