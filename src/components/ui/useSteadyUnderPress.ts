import { useState, useSyncExternalStore } from "react";
import { type PressWatch, sharePresses } from "../../chain/press-watch.ts";

/**
 * Whether the page holds still for a press: from a pointer's press until a task after its release
 * (after its click). One share of the page's press watch for every component that asks, taken by
 * the first and kept for the page's life.
 */
let watch: PressWatch | null = null;
let holding = false;
let letGo = () => {};
const listeners = new Set<() => void>();

const hold = (on: boolean) => {
  if (holding === on) return;
  holding = on;
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  watch ??= sharePresses({
    pressed: () => {
      letGo();
      hold(true);
    },
    released: () => {
      letGo = watch?.whenReleased(() => hold(false)) ?? (() => {});
    },
  });
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const holdingNow = () => holding;
const notHolding = () => false;

/**
 * `value`, but while a pointer is pressed the one shown when the press began: a change the user
 * did not make (a note that grows when a network answers) then moves nothing under the press, and
 * shows after the click. `same` says when two values show alike (by default `Object.is`).
 */
export function useSteadyUnderPress<T>(value: T, same: (a: T, b: T) => boolean = Object.is): T {
  const pressed = useSyncExternalStore(subscribe, holdingNow, notHolding);
  const [kept, setKept] = useState(value);
  // Not pressed: what is shown follows the value (a render's own update, React's pattern for
  // state that follows a prop), so a press keeps the last one drawn.
  if (!pressed && !same(kept, value)) setKept(value);
  return pressed ? kept : value;
}
