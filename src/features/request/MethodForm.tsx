import type { FieldValue, FormValues, MethodDef } from "../../methods/types.ts";
import { PARAM_FIELDS } from "./fields/param-fields.ts";

type Props = {
  def: MethodDef;
  values: FormValues;
  onChange(values: FormValues): void;
  /** Problems keyed by param name, `param.field` or `param.row` (methods/param-kinds). */
  errors?: Record<string, string>;
};

/** The form of one method, generated from its definition: one field per param, each with its message. */
export function MethodForm({ def, values, onChange, errors = {} }: Props) {
  const set = (name: string, v: FieldValue) => onChange({ ...values, [name]: v });
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={`${def.name} params`}
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      {def.params.map((p) => {
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
    </form>
  );
}
