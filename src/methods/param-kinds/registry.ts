import type { ParamKind } from "../types.ts";
import { addressKind } from "./address.ts";
import { blockOverrideKind } from "./block-override.ts";
import { blockParamKind, blockParamOrDecimalKind } from "./block-param.ts";
import { boolKind } from "./bool.ts";
import { callObjectKind } from "./call-object.ts";
import { hash32Kind } from "./hash32.ts";
import type { ParamKindDef } from "./kind.ts";
import { quantityKind } from "./quantity.ts";
import { starknetBlockIdKind } from "./starknet-block-id.ts";
import { stateOverrideKind } from "./state-override.ts";
import { storageKeysKind } from "./storage-keys.ts";

/** Every param kind's definition. A kind added to ParamKind without one here is a type error. */
export const PARAM_KINDS = {
  address: addressKind,
  hash32: hash32Kind,
  quantity: quantityKind,
  blockParam: blockParamKind,
  blockParamOrDecimal: blockParamOrDecimalKind,
  bool: boolKind,
  storageKeys: storageKeysKind,
  callObject: callObjectKind,
  starknetBlockId: starknetBlockIdKind,
  stateOverride: stateOverrideKind,
  blockOverride: blockOverrideKind,
} as const satisfies Record<ParamKind, ParamKindDef>;
