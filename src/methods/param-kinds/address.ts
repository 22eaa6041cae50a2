import { checkAddress } from "./checks.ts";
import { fixedHexKind, type ParamKindDef } from "./kind.ts";

/** A 20-byte account address, typed as text; a mixed-case one must carry a right EIP-55 checksum. */
export const addressKind: ParamKindDef = fixedHexKind(20, checkAddress);
