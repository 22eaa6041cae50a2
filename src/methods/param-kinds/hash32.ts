import { checkHash32 } from "./checks.ts";
import { fixedHexKind, type ParamKindDef } from "./kind.ts";

/** A 32-byte hash (a block's), typed as text. */
export const hash32Kind: ParamKindDef = fixedHexKind(32, checkHash32);
