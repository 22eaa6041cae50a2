import { checkHash32 } from "./checks.ts";
import {
  asTyped,
  checkText,
  describeParam,
  hexPattern,
  isBlank,
  type ParamKindDef,
  snippets,
  stringFromWire,
} from "./kind.ts";

/** A 32-byte hash (a block's), typed as text. */
export const hash32Kind: ParamKindDef = {
  empty: () => "",
  isEmpty: isBlank,
  check: (_p, v) => checkText(v, checkHash32),
  toWire: asTyped,
  fromWire: stringFromWire,
  schema: (p) => ({
    type: "string",
    pattern: hexPattern(64),
    ...describeParam(p, "\n\n32 bytes: 0x and 64 hex digits."),
    ...snippets(p, asTyped),
  }),
};
