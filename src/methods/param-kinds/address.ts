import { checkAddress } from "./checks.ts";
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

/** A 20-byte account address, typed as text; a mixed-case one must carry a right EIP-55 checksum. */
export const addressKind: ParamKindDef = {
  empty: () => "",
  isEmpty: isBlank,
  check: (_p, v) => checkText(v, checkAddress),
  toWire: asTyped,
  fromWire: stringFromWire,
  schema: (p) => ({
    type: "string",
    pattern: hexPattern(40),
    ...describeParam(p, "\n\n20 bytes: 0x and 40 hex digits."),
    ...snippets(p, asTyped),
  }),
};
