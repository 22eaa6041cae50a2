import { loadOnce } from "../../../chain/load-once.ts";
import type { ParamKind } from "../../../methods/types.ts";
import { BoolField } from "./BoolField.tsx";
import type { FieldComponent } from "./FieldChrome.tsx";
import { lazyField } from "./LazyField.tsx";
import { TextParamField } from "./TextParamField.tsx";

// The fields of params the first screen's method (a block number and a flag) does not have are
// not part of it: one chunk, object-fields.ts (eth_estimateGas's objects, eth_getProof's storage
// keys, Starknet's block id).
// One load of it for all of them: once it is in, every field of it that had failed shows.
const objectFields = loadOnce(() => import("./object-fields.ts"));
const CallObjectField = lazyField(objectFields, (m) => m.CallObjectField);
const StateOverrideField = lazyField(objectFields, (m) => m.StateOverrideField);
const BlockOverrideField = lazyField(objectFields, (m) => m.BlockOverrideField);
const StorageKeysField = lazyField(objectFields, (m) => m.StorageKeysField);
const StarknetBlockIdField = lazyField(objectFields, (m) => m.StarknetBlockIdField);

/** Loads the other fields' chunk ahead of need (in idle time); safe to call any number of times. */
export function prefetchObjectFields(): void {
  for (const field of [CallObjectField, StateOverrideField, BlockOverrideField, StorageKeysField])
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
