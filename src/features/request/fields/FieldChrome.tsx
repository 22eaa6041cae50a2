import type { ReactNode } from "react";
import { Select } from "../../../components/ui/Select.tsx";
import { beyondSpecNote } from "../../../methods/param-kinds/kind.ts";
import type { FieldValue, ParamDef } from "../../../methods/types.ts";

/** What every param field gets: its param, its value as the form holds it, and the form's problems. */
export type FieldProps = {
  param: ParamDef;
  /** Undefined, or of another shape, when the values do not fit the param: the field shows it empty. */
  value: FieldValue | undefined;
  onChange(v: FieldValue): void;
  /** Problems keyed by param name, `param.field` or `param.row` (methods/param-kinds). */
  errors: Record<string, string>;
};

export type FieldComponent = (props: FieldProps) => ReactNode;

/** A param's name with its notes: "(optional)", and "beyond the service spec; accepted by …" when it is. */
export function ParamTitle({ param }: { param: ParamDef }) {
  const notes = [param.required ? undefined : "optional", beyondSpecNote(param)].filter(Boolean);
  return (
    <>
      {param.label}
      {notes.length > 0 && <span className="ml-1 font-normal text-fg-muted">({notes.join(", ")})</span>}
    </>
  );
}

export function Label({ htmlFor, param }: { htmlFor: string; param: ParamDef }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium">
      <ParamTitle param={param} />
    </label>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-bad" data-testid="field-error">
      {message}
    </p>
  );
}

export function Help({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-xs text-fg-muted">
      {text.replace(/`/g, "")}
    </p>
  );
}

/**
 * "Add field: choose…": a select of the fields an object param does not hold yet; choosing one
 * calls `onAdd` with it. Shown only while some field is missing.
 */
export function AddFieldSelect<F extends string>(props: {
  id: string;
  label: string;
  missing: readonly F[];
  onAdd(field: F): void;
  wrap?: boolean;
}) {
  if (props.missing.length === 0) return null;
  return (
    <div className={`flex items-center gap-2 ${props.wrap ? "flex-wrap" : ""}`}>
      <Select
        id={props.id}
        label={props.label}
        layout="inline"
        labelSize="xs"
        mono
        value=""
        onChange={(f) => {
          if (f) props.onAdd(f as F);
        }}
      >
        <option value="">choose…</option>
        {props.missing.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </Select>
    </div>
  );
}
