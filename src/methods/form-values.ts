import { emptyValue } from "./param-types.ts";
import type { FieldValue, FormValues, MethodDef } from "./types.ts";

export type { FieldValue, FormValues };

/** A deep copy of a value (a state override nests rows), so editing a form never changes a definition's example. */
function clone(v: FieldValue): FieldValue {
  return typeof v === "object" ? structuredClone(v) : v;
}

/** The form a method opens with: its examples, which answer on the local devnet. */
export function defaultValues(def: MethodDef): FormValues {
  return Object.fromEntries(def.params.map((p) => [p.name, clone(p.example)]));
}

/** A method's values with any missing param filled with its empty value. */
export function completeValues(def: MethodDef, values: FormValues): FormValues {
  return Object.fromEntries(def.params.map((p) => [p.name, values[p.name] ?? emptyValue(p.kind)]));
}
