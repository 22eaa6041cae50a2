import type { StateCreator } from "zustand";
import { bodyTextFor } from "../methods/body.ts";
import { readBody, readFormParams, rewriteWithValues } from "../methods/body-reading.ts";
import { defaultValues, type FormValues } from "../methods/form-values.ts";
import { getMethod, methodsForChain } from "../methods/registry.ts";
import type { ChainKind } from "../networks/network.ts";
import { provider } from "../networks/provider.ts";
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
  /**
   * Whose examples a method's form still holds, untouched by the user: "seeded" (the method's own
   * examples, the devnet's) or the tag of a network's sample (features/request/apply-sample.ts). A
   * method without an entry holds the user's values (edited, pasted, opened from a link or the
   * history), which no example ever replaces.
   */
  examplesFrom: Record<string, string>;
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
     * As a request with a number id leaves: a body the app writes from now on (another method
     * chosen, a form edit) gets a higher id, though the body on screen keeps the sent one until
     * `advanceId` (after the answer is painted).
     */
    noteSentId(sentId: number): void;
    /**
     * After a send's answer: the next request gets a higher id than the one just sent; with
     * `rewrite` the body is written again with it (only for a body sent in canonical form). As
     * often as it is called for one send, the next id is the same.
     */
    advanceId(sentId: number, rewrite?: boolean): void;
    /**
     * Fills the shown method's form with examples (`values`) and notes whose they are (`from`), only
     * while it still holds examples: never over the user's values. Returns whether it did.
     */
    fillExamples(method: string, from: string, values: FormValues): boolean;
  };
};

/** A first visit's method: the provider's default (networks/provider.ts), read when the store is made. */
const firstMethod = () => provider().defaultMethod;
/** `examplesFrom`'s mark of a method's own (the devnet's) examples. */
export const SEEDED = "seeded";

/** The marks with one method's removed: its form now holds the user's values. */
const without = (marks: Record<string, string>, method: string): Record<string, string> => {
  if (!(method in marks)) return marks;
  const { [method]: _gone, ...rest } = marks;
  return rest;
};

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
  s: Pick<DraftSlice, "methodName" | "valuesByMethod" | "nextId"> & Partial<Pick<DraftSlice, "examplesFrom">>,
): Pick<DraftSlice, "methodName" | "valuesByMethod" | "bodyText" | "examplesFrom"> {
  const methodName = getMethod(s.methodName) ? s.methodName : firstMethod();
  // Saved before examples were marked: every saved form counts as the user's.
  const marks = isMarks(s.examplesFrom) ? s.examplesFrom : {};
  try {
    const saved = s.valuesByMethod[methodName] !== undefined;
    const values = valuesOf(s, methodName);
    const bodyText = bodyTextFor(methodName, values, s.nextId);
    // The form shows the saved method's values, or its example on a first visit.
    return {
      methodName,
      valuesByMethod: { ...s.valuesByMethod, [methodName]: values },
      bodyText,
      examplesFrom: saved ? marks : { ...marks, [methodName]: SEEDED },
    };
  } catch {
    // Saved values of a shape this version cannot write: start again from the examples.
    const first = firstMethod();
    const values = valuesOf({ valuesByMethod: {} }, first);
    return {
      methodName: first,
      valuesByMethod: { [first]: values },
      bodyText: bodyTextFor(first, values, s.nextId),
      examplesFrom: { [first]: SEEDED },
    };
  }
}

/** Saved marks are read from storage: only a record of strings counts. */
const isMarks = (v: unknown): v is Record<string, string> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === "string");

export const createDraftSlice: StateCreator<AppState, [], [], DraftSlice> = (set, get) => {
  const rewrite = (name: string, values: FormValues, id: number) => ({
    methodName: name,
    valuesByMethod: { ...get().valuesByMethod, [name]: values },
    bodyText: bodyTextFor(name, values, id),
  });
  /** The next id past `sentId`, never lower than it is; undefined past the safe integers. */
  const nextIdAfter = (sentId: number): number | undefined => {
    const nextId = Math.max(get().nextId, sentId + 1);
    return Number.isSafeInteger(nextId) ? nextId : undefined;
  };
  /** A method shown for the first time holds its own examples. */
  const show = (name: string) => {
    const fresh = get().valuesByMethod[name] === undefined;
    return {
      ...rewrite(name, valuesOf(get(), name), get().nextId),
      ...(fresh ? { examplesFrom: { ...get().examplesFrom, [name]: SEEDED } } : {}),
    };
  };
  const method = firstMethod();
  const first = valuesOf({ valuesByMethod: {} }, method);
  return {
    methodName: method,
    // A first visit shows the first method's form, filled with its example.
    valuesByMethod: { [method]: first },
    examplesFrom: { [method]: SEEDED },
    bodyText: bodyTextFor(method, first, 1),
    nextId: 1,
    draftActions: {
      selectMethod: (name) => {
        if (!getMethod(name)) return;
        set(show(name));
      },
      setValues: (values) => {
        const s = get();
        const def = getMethod(s.methodName);
        const examplesFrom = without(s.examplesFrom, s.methodName);
        if (!def) return set({ ...rewrite(s.methodName, values, s.nextId), examplesFrom });
        set({
          valuesByMethod: { ...s.valuesByMethod, [s.methodName]: values },
          bodyText: rewriteWithValues(s.bodyText, def, values, s.nextId, selectedKind(s)),
          examplesFrom,
        });
      },
      setBodyText: (text) => {
        if (text === get().bodyText) return;
        const reading = readBody(text, selectedKind(get()));
        // Any edit of the body, even one that does not parse yet, is the user's work.
        const marks = without(get().examplesFrom, get().methodName);
        // The picker and the form follow the method the body names, valid or not; a body that
        // names none of the playground's methods (a batch, eth_chainId, not JSON) is kept as text.
        const r = reading.kind === "request" ? reading.request : undefined;
        if (!r?.def || !r.values) {
          set({ bodyText: text, examplesFrom: marks });
          return;
        }
        set({
          bodyText: text,
          methodName: r.def.name,
          valuesByMethod: { ...get().valuesByMethod, [r.def.name]: r.values },
          examplesFrom: without(marks, r.def.name),
        });
      },
      load: (method, params) => {
        const def = getMethod(method);
        if (!def) return false;
        const parsed = readFormParams(method, params, def.chain);
        if (!parsed.ok) return false;
        // A link's or an entry's params are the user's choice: no example replaces them.
        set({
          ...rewrite(method, parsed.values, get().nextId),
          examplesFrom: without(get().examplesFrom, method),
        });
        return true;
      },
      fitChain: (chain) => {
        const current = getMethod(get().methodName);
        if (current?.chain === chain) return;
        const first = methodsForChain(chain)[0];
        if (first) set(show(first.name));
      },
      noteSentId: (sentId) => {
        const nextId = nextIdAfter(sentId);
        if (nextId !== undefined && nextId !== get().nextId) set({ nextId });
      },
      // One change of the store (one render, one write of the kept draft), the body with its id.
      advanceId: (sentId, rewrite = true) => {
        const nextId = nextIdAfter(sentId);
        if (nextId === undefined) return;
        if (!rewrite) {
          if (nextId !== get().nextId) set({ nextId });
          return;
        }
        set({ nextId, bodyText: bodyTextFor(get().methodName, valuesOf(get(), get().methodName), nextId) });
      },
      fillExamples: (method, from, values) => {
        const s = get();
        if (s.methodName !== method || s.examplesFrom[method] === undefined) return false;
        set({ ...rewrite(method, values, s.nextId), examplesFrom: { ...s.examplesFrom, [method]: from } });
        return true;
      },
    },
  };
};
