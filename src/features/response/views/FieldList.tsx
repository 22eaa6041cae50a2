/** Decoded fields (`src/chain/field.ts`) as definition lists: one list, titled groups, the extras. */
import type { ReactNode } from "react";
import type { Field, FieldGroup } from "../../../chain/field.ts";
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

/** Fields as a definition list: label, value. */
export function FieldList({ fields, linkFor }: { fields: readonly Field[]; linkFor?: LinkFor | undefined }) {
  return (
    <InfoList className="text-sm">
      {fields.map((f) => (
        <InfoRow key={f.key} label={f.label} title={f.hint ? `${f.key}: ${f.hint}` : f.key}>
          <FieldCell field={f} linkFor={linkFor} />
        </InfoRow>
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
