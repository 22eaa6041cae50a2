import { useEffect, useMemo, useState } from "react";
import { budget, type Tally } from "../../../chain/lazy-rows.ts";

/** What a render may spend on a tally before handing the rest to idle time (small answers finish here). */
const RENDER_MS = 2;
/** One idle slice: well under a 50 ms long task. */
const SLICE_MS = 5;

type Cancel = () => void;

function onIdle(run: () => void): Cancel {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/**
 * The value of `t`, or null while it is being counted: a couple of ms in the render (a small
 * answer is counted before its first paint), then slices of a few ms in idle time. A new tally
 * (the model was rebuilt) starts over; its counts are cached per item, so that is cheap.
 */
export function useIdleTally(t: Tally): number | null {
  // Bounded work in render; `run` only advances the tally, so a second call is harmless.
  const first = useMemo(() => t.run(budget(RENDER_MS)), [t]);
  const [done, setDone] = useState<{ tally: Tally; value: number } | null>(null);
  useEffect(() => {
    if (t.value !== null) return;
    let cancel: Cancel = () => {};
    const slice = () => {
      const value = t.run(budget(SLICE_MS));
      if (value === null) cancel = onIdle(slice);
      else setDone({ tally: t, value });
    };
    cancel = onIdle(slice);
    return () => cancel();
  }, [t]);
  return first ?? (done?.tally === t ? done.value : null);
}
