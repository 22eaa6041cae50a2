import type { ParamKind } from "../../../methods/types.ts";
import { BoolField } from "./BoolField.tsx";
import type { FieldComponent } from "./FieldChrome.tsx";
import { lazyField } from "./LazyField.tsx";
import { StarknetBlockIdField } from "./StarknetBlockIdField.tsx";
import { StorageKeysField } from "./StorageKeysField.tsx";
import { TextParamField } from "./TextParamField.tsx";

// eth_estimateGas's object fields are not part of the first screen: one chunk, object-fields.ts.
const objectFields = () => import("./object-fields.ts");
const CallObjectField = lazyField(() => objectFields().then((m) => m.CallObjectField));
const StateOverrideField = lazyField(() => objectFields().then((m) => m.StateOverrideField));
const BlockOverrideField = lazyField(() => objectFields().then((m) => m.BlockOverrideField));

/** Loads the object fields' chunk ahead of need (in idle time); safe to call any number of times. */
export function prefetchObjectFields(): void {
  for (const field of [CallObjectField, StateOverrideField, BlockOverrideField])
    field.preload().catch(() => {
      // Only a head start: the form tries again when it shows them.
    });
}

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
