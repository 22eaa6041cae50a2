import { use, useEffect, useState } from "react";
import { type LoadOnce, loadOnce } from "../../../chain/load-once.ts";
import { fulfilled } from "../../../components/ui/preloadable.tsx";
import type { MethodDef, ParamKind } from "../../../methods/types.ts";
import { BoolField } from "./BoolField.tsx";
import type { FieldComponent } from "./FieldChrome.tsx";
import { type LazyFieldComponent, lazyField } from "./LazyField.tsx";
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
  objectFields.get().catch(() => {
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

/** Set once a request panel was drawn: only the page's first drawing waits for its fields' code. */
let panelDrawn = false;
/** Each chunk's wait at a first drawing: its load, settled either way. */
const firstLoads = new WeakMap<LoadOnce<unknown>, Promise<void>>();
/** Chunks whose first load settled: a failed one is not waited for again (its fields say so). */
const settled = new WeakSet<LoadOnce<unknown>>();

function firstLoad(chunk: LoadOnce<unknown>): Promise<void> {
  let load = firstLoads.get(chunk);
  if (!load) {
    const done = () => void settled.add(chunk);
    load = chunk.get().then(done, done);
    firstLoads.set(chunk, load);
  }
  return load;
}

/** The chunks of `def`'s fields that are not in, nor failed once (none when no form shows). */
function missingChunks(def: MethodDef | undefined): LoadOnce<unknown>[] {
  const missing = new Set<LoadOnce<unknown>>();
  for (const p of def?.params ?? []) {
    const field: FieldComponent = PARAM_FIELDS[p.kind];
    if (!("chunk" in field)) continue;
    const { chunk } = field as LazyFieldComponent;
    if (chunk.current() === undefined && !settled.has(chunk)) missing.add(chunk);
  }
  return [...missing];
}

/**
 * The code of `def`'s lazy fields, in (or failed once), or undefined when nothing is missing: a
 * link to such a method is put in place once it is (useOpenAddress), so its form comes whole.
 */
export function fieldCodeOf(def: MethodDef | undefined): Promise<void> | undefined {
  const missing = missingChunks(def);
  return missing.length > 0 ? Promise.all(missing.map(firstLoad)).then(() => undefined) : undefined;
}

/**
 * The request panel's first drawing waits for the code of its form's lazy fields (`def`: the
 * form's method, undefined when no form shows), the page's "Loading…" staying a moment longer, so
 * the form is drawn whole: drawn with their placeholders, it grew by up to 300 px when the code
 * came and moved the body and Send under a click aimed at them (a page opening on eth_estimateGas
 * kept from last time, or an embed of it; docs/decisions.md, "Nothing above Send grows as it
 * loads"). Read on the first render only. Called by the panel, which a page draws once: a form
 * shown later (the user's choice of method) shows the placeholders (the chunks are prefetched in
 * idle time), and never takes the page back to "Loading…"; a link, opened after the first
 * drawing, waits for them itself (`fieldCodeOf`). A chunk that cannot load does not hold the
 * form: its fields say so in their place (LazyField).
 */
export function useFieldCodeBeforeFirstDrawing(def: MethodDef | undefined): void {
  const [wait] = useState(() => (panelDrawn ? undefined : fieldCodeOf(def)));
  useEffect(() => {
    panelDrawn = true;
  }, []);
  use(wait ?? fulfilled(undefined));
}
