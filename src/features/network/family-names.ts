import { FAMILIES } from "../../chain/families/index.ts";
import type { FamilyId } from "../../chain/families/types.ts";

/** The chain families a custom network may belong to, by name, for the editor's select. */
export const FAMILY_NAMES: readonly { id: FamilyId; name: string }[] = Object.values(FAMILIES).map((f) => ({
  id: f.id,
  name: f.name,
}));
