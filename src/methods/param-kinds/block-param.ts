import { BLOCK_TAGS } from "../types.ts";
import { checkBlockParam } from "./checks.ts";
import {
  asTyped,
  checkText,
  describeParam,
  type FromWire,
  isBlank,
  type ParamKindDef,
  QUANTITY_SCHEMA,
  refuse,
  snippets,
  stringFromWire,
} from "./kind.ts";

/**
 * null for an optional block, the node's default: it is what the form sends for an unset block
 * when a later param is set (`gap`), so it comes back as an unset block.
 */
const unsetFromWire =
  (read: ParamKindDef["fromWire"]): ParamKindDef["fromWire"] =>
  (p, w) =>
    w === null && !p.required ? { ok: true, value: "" } : read(p, w);

/** A decimal block number in a body comes in as the text the form holds. */
const decimalFromWire: ParamKindDef["fromWire"] = (p, w): FromWire => {
  if (typeof w === "number" && Number.isSafeInteger(w) && w >= 0) return { ok: true, value: String(w) };
  return typeof w === "string" ? { ok: true, value: w } : refuse(p, "a string or a decimal integer");
};

/**
 * The spec's block parameter: a hex block number or a tag. `allowDecimal` is for the one method
 * (`eth_getBlockReceipts`) whose spec accepts a decimal integer too.
 */
function blockParamKindOf(allowDecimal: boolean): ParamKindDef {
  return {
    empty: () => "",
    isEmpty: isBlank,
    check: (_p, v) => checkText(v, (s) => checkBlockParam(s, allowDecimal)),
    toWire: asTyped,
    fromWire: unsetFromWire(allowDecimal ? decimalFromWire : stringFromWire),
    // Before a later param (eth_estimateGas's overrides), an unset block goes as null: "the node's
    // default", which every node reads as if the block were left out (docs/decisions.md).
    gap: () => null,
    schema: (p) => ({
      anyOf: [
        { type: "string", enum: [...BLOCK_TAGS] },
        QUANTITY_SCHEMA,
        ...(allowDecimal
          ? [
              { type: "string", pattern: "^(0|[1-9][0-9]*)$" },
              { type: "integer", minimum: 0 },
            ]
          : []),
        ...(p.required ? [] : [{ type: "null", description: "The node's default block." }]),
      ],
      ...describeParam(
        p,
        `\n\nA ${allowDecimal ? "hex or decimal" : "hex"} block number, or one of ${BLOCK_TAGS.map((t) => `\`${t}\``).join(", ")}.`,
      ),
      ...snippets(p, asTyped),
    }),
  };
}

export const blockParamKind = blockParamKindOf(false);
export const blockParamOrDecimalKind = blockParamKindOf(true);
