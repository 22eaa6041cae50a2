import type { FromWire, JsonSchema, ParamKindDef, Problems } from "./param-kinds/kind.ts";
import { PARAM_KINDS } from "./param-kinds/registry.ts";
import type { FieldValue, ParamDef, ParamKind } from "./types.ts";

/**
 * What the rest of the app asks of a param, whatever its kind: each answer is its kind's
 * definition's (src/methods/param-kinds, one file per kind).
 */

/** The value of a fresh, empty field of this kind. */
export function emptyValue(kind: ParamKind): FieldValue {
  return PARAM_KINDS[kind].empty();
}

/** Whether the value counts as unset: an optional param is then neither checked nor sent. */
export function isEmptyValue(kind: ParamKind, v: FieldValue): boolean {
  return PARAM_KINDS[kind].isEmpty(v);
}

/** Checks one param's value; problems are keyed by the param name (or `name.field`, `name.row`). */
export function checkParam(p: ParamDef, v: FieldValue, out: Problems): void {
  if (!p.required && isEmptyValue(p.kind, v)) return;
  const message = PARAM_KINDS[p.kind].check(p, v, out);
  if (message) out[p.name] = `${p.label}: ${message}`;
}

/**
 * The param as it goes into the body. Values that do not validate go as typed, so the body shows
 * them. An unset optional param goes as its kind's gap value when it has one (it is only written
 * when a later param is set: body.ts leaves an unset tail out).
 */
export function toWire(p: ParamDef, v: FieldValue): unknown {
  const kind: ParamKindDef = PARAM_KINDS[p.kind];
  if (kind.gap && !p.required && kind.isEmpty(v)) return kind.gap();
  return kind.toWire(v);
}

/**
 * A body's value back into the form. Lenient on purpose: a value of the right JSON type comes in
 * even when it does not validate, so the form can show it with its message. Only a value the
 * field cannot hold (an object for an address) is refused.
 */
export function fromWire(p: ParamDef, w: unknown): FromWire {
  return PARAM_KINDS[p.kind].fromWire(p, w);
}

/** The JSON Schema of one param (draft-07, with Monaco's markdownDescription and defaultSnippets). */
export function paramSchema(p: ParamDef): JsonSchema {
  return PARAM_KINDS[p.kind].schema(p);
}
