import { useEffect, useState } from "react";
import { useAppStoreApi } from "./AppStoreProvider.tsx";
import type { AppState } from "./store.ts";

/** A pause in typing this long, then the next idle moment (at the latest 500 ms after). */
const QUIET_MS = 250;

const afterQuiet = (task: () => void): (() => void) => {
  let idleId: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") idleId = requestIdleCallback(task, { timeout: 500 });
    else task();
  }, QUIET_MS);
  return () => {
    clearTimeout(timer);
    if (idleId !== undefined) cancelIdleCallback(idleId);
  };
};

/**
 * A slice of the state that follows the store once changes pause (250 ms) and the browser is idle,
 * not on every change: for panels that mirror the request (snippets) and must not re-render on
 * every keystroke. `selector` must be stable (defined outside the component).
 */
export function useIdleAppState<T>(selector: (s: AppState) => T): T {
  const store = useAppStoreApi();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const catchUp = () => {
      cancel = undefined;
      setValue(() => selector(store.getState()));
    };
    catchUp();
    const unsubscribe = store.subscribe((s, before) => {
      if (Object.is(selector(s), selector(before))) return;
      cancel?.();
      cancel = afterQuiet(catchUp);
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [store, selector]);
  return value;
}
