import type { ParamKind } from "../../../methods/types.ts";
import { BlockOverrideField } from "./BlockOverrideField.tsx";
import { BoolField } from "./BoolField.tsx";
import { CallObjectField } from "./CallObjectField.tsx";
import type { FieldComponent } from "./FieldChrome.tsx";
import { StarknetBlockIdField } from "./StarknetBlockIdField.tsx";
import { StateOverrideField } from "./StateOverrideField.tsx";
import { StorageKeysField } from "./StorageKeysField.tsx";
import { TextParamField } from "./TextParamField.tsx";

/**
 * The field of each param kind. The text kinds share one component, so a param that changes
 * between them (the same name in another method) keeps its field. A kind added to ParamKind
 * without a field here is a type error.
 */
export const PARAM_FIELDS = {
  address: TextParamField,
  hash32: TextParamField,
  quantity: TextParamField,
  blockParam: TextParamField,
  blockParamOrDecimal: TextParamField,
  bool: BoolField,
  storageKeys: StorageKeysField,
  callObject: CallObjectField,
  starknetBlockId: StarknetBlockIdField,
  stateOverride: StateOverrideField,
  blockOverride: BlockOverrideField,
} as const satisfies Record<ParamKind, FieldComponent>;
