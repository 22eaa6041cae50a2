import { asTyped, describeParam, type ParamKindDef, refuse } from "./kind.ts";

/** A flag. It is never empty: false is a value like true, and is sent. */
export const boolKind: ParamKindDef = {
  empty: () => false,
  isEmpty: () => false,
  check: (_p, v) => (typeof v === "boolean" ? undefined : "must be true or false."),
  toWire: asTyped,
  fromWire: (p, w) => (typeof w === "boolean" ? { ok: true, value: w } : refuse(p, "true or false")),
  schema: (p) => ({ type: "boolean", ...describeParam(p) }),
};
