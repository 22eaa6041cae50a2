import type { StateCreator } from "zustand";
import { bodyTextFor, parseParams } from "../methods/body.ts";
import { readBody, rewriteWithValues } from "../methods/body-reading.ts";
import { defaultValues, type FormValues } from "../methods/form-values.ts";
import { getMethod, methodsForChain } from "../methods/registry.ts";
import type { ChainKind } from "../networks/network.ts";
import { selectedKind } from "./networks-slice.ts";
import type { AppState } from "./store.ts";

/**
 * The request being written: the chosen method, the form values of every method the user has
 * touched (so switching back and forth keeps work), and the body text the editor shows.
 * The form and the body are kept in step here, both ways.
 */
export type DraftSlice = {
  methodName: string;
  valuesByMethod: Record<string, FormValues>;
  bodyText: string;
  nextId: number;
  draftActions: {
    selectMethod(name: string): void;
    setValues(values: FormValues): void;
    setBodyText(text: string): void;
    /** Fills a method's form with params (a link in a view, a share link, a history replay). */
    load(method: string, params: unknown): boolean;
    /** Moves to the method list of a chain kind when the network changes kind. */
    fitChain(chain: ChainKind): void;
    /**
     * After a send: the next request gets a higher id than the one just sent; with `rewrite` the
     * body is written again with it (only for a body sent in canonical form).
     */
    advanceId(sentId: number, rewrite?: boolean): void;
  };
};

const FIRST_METHOD = "eth_getBlockByNumber";

const valuesOf = (s: Pick<DraftSlice, "valuesByMethod">, name: string): FormValues => {
  const def = getMethod(name);
  return s.valuesByMethod[name] ?? (def ? defaultValues(def) : {});
};

/**
 * The draft after the store reads what it saved: the body is not saved, so it is written again from
 * the saved method's values (else the picker and the form would show one method and Send another).
 * A saved method this version does not offer, or values it cannot write, fall back to the defaults.
 */
export function restoreDraft(
  s: Pick<DraftSlice, "methodName" | "valuesByMethod" | "nextId">,
): Pick<DraftSlice, "methodName" | "valuesByMethod" | "bodyText"> {
  const methodName = getMethod(s.methodName) ? s.methodName : FIRST_METHOD;
  try {
    const values = valuesOf(s, methodName);
    const bodyText = bodyTextFor(methodName, values, s.nextId);
    // The form shows the saved method's values, or its example on a first visit.
    return { methodName, valuesByMethod: { ...s.valuesByMethod, [methodName]: values }, bodyText };
  } catch {
    // Saved values of a shape this version cannot write: start again from the examples.
    const values = valuesOf({ valuesByMethod: {} }, FIRST_METHOD);
    return {
      methodName: FIRST_METHOD,
      valuesByMethod: { [FIRST_METHOD]: values },
      bodyText: bodyTextFor(FIRST_METHOD, values, s.nextId),
    };
  }
}

export const createDraftSlice: StateCreator<AppState, [], [], DraftSlice> = (set, get) => {
  const rewrite = (name: string, values: FormValues, id: number) => ({
    methodName: name,
    valuesByMethod: { ...get().valuesByMethod, [name]: values },
    bodyText: bodyTextFor(name, values, id),
  });
  const first = valuesOf({ valuesByMethod: {} }, FIRST_METHOD);
  return {
    methodName: FIRST_METHOD,
    // A first visit shows the first method's form, filled with its example.
    valuesByMethod: { [FIRST_METHOD]: first },
    bodyText: bodyTextFor(FIRST_METHOD, first, 1),
    nextId: 1,
    draftActions: {
      selectMethod: (name) => {
        if (!getMethod(name)) return;
        set(rewrite(name, valuesOf(get(), name), get().nextId));
      },
      setValues: (values) => {
        const s = get();
        const def = getMethod(s.methodName);
        if (!def) return set(rewrite(s.methodName, values, s.nextId));
        set({
          valuesByMethod: { ...s.valuesByMethod, [s.methodName]: values },
          bodyText: rewriteWithValues(s.bodyText, def, values, s.nextId, selectedKind(s)),
        });
      },
      setBodyText: (text) => {
        if (text === get().bodyText) return;
        const reading = readBody(text, selectedKind(get()));
        // The picker and the form follow the method the body names, valid or not; a body that
        // names none of the playground's methods (a batch, eth_chainId, not JSON) is kept as text.
        const r = reading.kind === "request" ? reading.request : undefined;
        if (!r?.def || !r.values) {
          set({ bodyText: text });
          return;
        }
        set({
          bodyText: text,
          methodName: r.def.name,
          valuesByMethod: { ...get().valuesByMethod, [r.def.name]: r.values },
        });
      },
      load: (method, params) => {
        const def = getMethod(method);
        if (!def) return false;
        const parsed = parseParams(method, params, def.chain);
        if (!parsed.ok) return false;
        set(rewrite(method, parsed.values, get().nextId));
        return true;
      },
      fitChain: (chain) => {
        const current = getMethod(get().methodName);
        if (current?.chain === chain) return;
        const first = methodsForChain(chain)[0];
        if (first) set(rewrite(first.name, valuesOf(get(), first.name), get().nextId));
      },
      advanceId: (sentId, rewrite = true) => {
        const nextId = Math.max(get().nextId, sentId) + 1;
        if (!Number.isSafeInteger(nextId)) return;
        if (!rewrite) return set({ nextId });
        set({ nextId, bodyText: bodyTextFor(get().methodName, valuesOf(get(), get().methodName), nextId) });
      },
    },
  };
};
