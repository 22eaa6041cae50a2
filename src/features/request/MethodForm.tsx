import { useId } from "react";
import type { HeldAsText } from "../../methods/body-reading.ts";
import type { FieldValue, FormValues, MethodDef } from "../../methods/types.ts";
import { PARAM_FIELDS } from "./fields/param-fields.ts";
import { writingPart } from "./writing-focus.ts";

type Props = {
  def: MethodDef;
  values: FormValues;
  onChange(values: FormValues): void;
  /** Problems keyed by param name, `param.field` or `param.row` (methods/param-kinds). */
  errors?: Record<string, string>;
  /** Params of the body the field cannot hold (an object for an address): shown as text instead. */
  heldAsText?: Record<string, HeldAsText>;
  /** Params the method has no field for (a fourth positional param): shown as text under the form. */
  extra?: HeldAsText | undefined;
};

/** The form of one method, generated from its definition: one field per param, each with its message. */
export function MethodForm({ def, values, onChange, errors = {}, heldAsText = {}, extra }: Props) {
  const set = (name: string, v: FieldValue) => onChange({ ...values, [name]: v });
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={`${def.name} params`}
      onSubmit={(e) => e.preventDefault()}
      noValidate
      {...writingPart}
    >
      {def.params.map((p) => {
        const held = heldAsText[p.name];
        if (held) return <TextOfBody key={p.name} label={p.label} held={held} />;
        const Field = PARAM_FIELDS[p.kind];
        return (
          <Field
            key={p.name}
            param={p}
            value={values[p.name]}
            onChange={(v) => set(p.name, v)}
            errors={errors}
          />
        );
      })}
      {extra && <TextOfBody label="Extra params" held={extra} />}
    </form>
  );
}

/**
 * A value of the body that no field can hold, shown as the body has it (read-only) with its problem:
 * edited in the editor; form edits keep it as it is.
 */
function TextOfBody({ label, held }: { label: string; held: HeldAsText }) {
  const ids = { field: useId(), problem: useId() };
  return (
    <div className="flex flex-col gap-1" data-testid="held-as-text">
      <label htmlFor={ids.field} className="text-sm font-medium">
        {label} <span className="font-normal text-fg-muted">(as the body has it; edit it in the editor)</span>
      </label>
      <textarea
        id={ids.field}
        readOnly
        rows={Math.min(4, held.text.split("\n").length)}
        aria-invalid="true"
        aria-describedby={ids.problem}
        className="w-full rounded border border-bad bg-surface-muted px-2 py-1 font-mono text-sm"
        value={held.text}
      />
      <p id={ids.problem} className="text-xs text-bad" data-testid="field-error">
        {held.message}
      </p>
    </div>
  );
}
