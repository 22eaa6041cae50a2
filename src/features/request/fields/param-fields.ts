import { use, useEffect, useState } from "react";
import { loadOnce } from "../../../chain/load-once.ts";
import { fulfilled } from "../../../components/ui/preloadable.tsx";
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

/** The kinds whose field is in the object-fields chunk (the lazy ones: those with a `preload`). */
const LAZY_KINDS: ReadonlySet<string> = new Set(
  Object.entries(PARAM_FIELDS)
    .filter(([, field]) => "preload" in field)
    .map(([kind]) => kind),
);

/** Set once a request panel was drawn: only the page's first drawing waits for its fields' code. */
let panelDrawn = false;
/** The first form's wait: the chunk loaded, or failed (its fields then say so in their place). */
let firstFormWait: Promise<void> | undefined;
const firstFormCode = (): Promise<void> => {
  firstFormWait ??= objectFields.get().then(
    () => {},
    () => {},
  );
  return firstFormWait;
};

/**
 * The request panel's first drawing waits for the code of its form's fields in the object-fields
 * chunk (`kinds`: the form's params, none when no form shows), the page's "Loading…" staying a
 * moment longer, so the form is drawn whole: drawn with their placeholders, it grew by up to 300
 * px when the code came and moved the body and Send under a click aimed at them (a page opening on
 * eth_estimateGas kept from last time, or an embed of it; docs/decisions.md, "Nothing above Send
 * grows as it loads"). Called by the panel, which a page draws once: a form shown later (the
 * user's choice of method, a link, opened after the first drawing) shows the placeholders (the
 * chunk is prefetched in idle time), and never takes the page back to "Loading…". A chunk that
 * cannot load does not hold the form: its fields say so in their place (LazyField).
 */
export function useFieldCodeBeforeFirstDrawing(kinds: readonly string[]): void {
  const [wait] = useState(() =>
    !panelDrawn && objectFields.current() === undefined && kinds.some((k) => LAZY_KINDS.has(k))
      ? firstFormCode()
      : undefined,
  );
  useEffect(() => {
    panelDrawn = true;
  }, []);
  use(wait ?? fulfilled(undefined));
}
