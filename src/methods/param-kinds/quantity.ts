import { checkQuantity } from "./checks.ts";
import {
  asTyped,
  checkText,
  describeParam,
  isBlank,
  type ParamKindDef,
  QUANTITY_SCHEMA,
  snippets,
  stringFromWire,
} from "./kind.ts";

/** A hex quantity (an index, an amount) with no leading zeros, typed as text. */
export const quantityKind: ParamKindDef = {
  empty: () => "",
  isEmpty: isBlank,
  check: (_p, v) => checkText(v, (s) => checkQuantity(s)),
  toWire: asTyped,
  fromWire: stringFromWire,
  schema: (p) => ({
    ...QUANTITY_SCHEMA,
    ...describeParam(p, "\n\nA hex quantity, such as `0x0`."),
    ...snippets(p, asTyped),
  }),
};
