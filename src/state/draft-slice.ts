import type { StateCreator } from "zustand";
import { bodyTextFor, parseBody } from "../methods/body.ts";
import { defaultValues, type FormValues } from "../methods/form-values.ts";
import { getMethod, methodsForChain } from "../methods/registry.ts";
import type { ChainKind } from "../networks/network.ts";
import { selectedNetwork } from "./networks-slice.ts";
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
  /** Why the body cannot be read as a request of a known method, if it cannot. */
  bodyProblem: string | undefined;
  nextId: number;
  draftActions: {
    selectMethod(name: string): void;
    setValues(values: FormValues): void;
    setBodyText(text: string): void;
    /** Fills a method's form with params (a link in a view, a share link, a history replay). */
    load(method: string, params: unknown): boolean;
    /** Moves to the method list of a chain kind when the network changes kind. */
    fitChain(chain: ChainKind): void;
    /** After a send: the next request gets a higher id than the one just sent. */
    advanceId(sentId: number): void;
  };
};

const FIRST_METHOD = "eth_getBlockByNumber";

export const createDraftSlice: StateCreator<AppState, [], [], DraftSlice> = (set, get) => {
  const valuesOf = (s: Pick<DraftSlice, "valuesByMethod">, name: string): FormValues => {
    const def = getMethod(name);
    return s.valuesByMethod[name] ?? (def ? defaultValues(def) : {});
  };
  const rewrite = (name: string, values: FormValues, id: number) => ({
    methodName: name,
    valuesByMethod: { ...get().valuesByMethod, [name]: values },
    bodyText: bodyTextFor(name, values, id),
    bodyProblem: undefined,
  });
  return {
    methodName: FIRST_METHOD,
    valuesByMethod: {},
    bodyText: bodyTextFor(FIRST_METHOD, valuesOf({ valuesByMethod: {} }, FIRST_METHOD), 1),
    bodyProblem: undefined,
    nextId: 1,
    draftActions: {
      selectMethod: (name) => {
        if (!getMethod(name)) return;
        set(rewrite(name, valuesOf(get(), name), get().nextId));
      },
      setValues: (values) => set(rewrite(get().methodName, values, get().nextId)),
      setBodyText: (text) => {
        if (text === get().bodyText) return;
        const chain = selectedNetwork(get()).kind;
        const parsed = parseBody(text, chain);
        if (!parsed.ok) {
          set({ bodyText: text, bodyProblem: parsed.message });
          return;
        }
        set({
          bodyText: text,
          bodyProblem: undefined,
          methodName: parsed.method,
          valuesByMethod: { ...get().valuesByMethod, [parsed.method]: parsed.values },
        });
      },
      load: (method, params) => {
        const def = getMethod(method);
        if (!def) return false;
        const text = JSON.stringify({ jsonrpc: "2.0", id: get().nextId, method, params });
        const parsed = parseBody(text, def.chain);
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
      advanceId: (sentId) => {
        const nextId = Math.max(get().nextId, sentId) + 1;
        set({ nextId, bodyText: bodyTextFor(get().methodName, valuesOf(get(), get().methodName), nextId) });
      },
    },
  };
};
