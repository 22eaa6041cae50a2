import { useEffect, useState } from "react";
import { type PressWatch, sharePresses } from "../chain/press-watch.ts";
import { useAppStoreApi } from "./AppStoreProvider.tsx";
import type { AppState } from "./store.ts";

/** A pause in typing this long, then the next idle moment (at the latest 500 ms after). */
const QUIET_MS = 250;

/**
 * `task` once changes pause, the browser is idle and no pointer is pressed: what follows the body
 * can change the page's height (the snippet's note of a body with problems), and on a page
 * scrolled to its end a shorter page moves Send under a click already pressed on it.
 */
const afterQuiet = (task: () => void, presses: PressWatch): (() => void) => {
  let idleId: number | undefined;
  let released: (() => void) | undefined;
  const timer = setTimeout(() => {
    const go = () => {
      released = presses.whenReleased(task);
    };
    if (typeof requestIdleCallback === "function") idleId = requestIdleCallback(go, { timeout: 500 });
    else go();
  }, QUIET_MS);
  return () => {
    clearTimeout(timer);
    if (idleId !== undefined) cancelIdleCallback(idleId);
    released?.();
  };
};

/**
 * A slice of the state that follows the store once changes pause (250 ms), the browser is idle and
 * no pointer is pressed, not on every change: for panels that mirror the request (snippets) and
 * must not re-render on every keystroke. `selector` must be stable (defined outside the component).
 */
export function useIdleAppState<T>(selector: (s: AppState) => T): T {
  const store = useAppStoreApi();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    const presses = sharePresses();
    let cancel: (() => void) | undefined;
    const catchUp = () => {
      cancel = undefined;
      setValue(() => selector(store.getState()));
    };
    catchUp();
    const unsubscribe = store.subscribe((s, before) => {
      if (Object.is(selector(s), selector(before))) return;
      cancel?.();
      cancel = afterQuiet(catchUp, presses);
    });
    return () => {
      unsubscribe();
      cancel?.();
      presses.stop();
    };
  }, [store, selector]);
  return value;
}
