import { useEffect, useMemo, useState } from "react";
import { budget, type Resumable } from "../../../chain/lazy-rows.ts";
import { nextTask } from "../../../chain/next-task.ts";

type Cancel = () => void;

/** How a job goes on after its render's share. */
type Pace = {
  /** What a render may spend on it (a small job is done before its first paint). */
  renderMs: number;
  /** One slice: well under a 50 ms long task, even on a slower machine. */
  sliceMs: number;
  /** Schedules the next slice. */
  next: (run: () => void) => Cancel;
};

function onIdle(run: () => void): Cancel {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/** Work the user waits for (matching a long batch's answers): slices one after another, each a task. */
export const NOW: Pace = { renderMs: 2, sliceMs: 8, next: nextTask };
/** Work that can wait (a tally of known events): slices in idle time. */
export const IDLE: Pace = { renderMs: 2, sliceMs: 5, next: onIdle };

/**
 * The value of `job`, or null while it runs: a couple of ms in the render, then slices of a few ms
 * at the pace given. A new job starts over (the old one is dropped); `run` only advances a job, so
 * a second call is harmless.
 */
export function useSteps<T>(job: Resumable<T>, pace: Pace): T | null {
  const first = useMemo(() => job.run(budget(pace.renderMs)), [job, pace]);
  const [done, setDone] = useState<{ job: Resumable<T>; value: T } | null>(null);
  useEffect(() => {
    if (first !== null) return;
    let cancel: Cancel = () => {};
    const step = () => {
      const value = job.run(budget(pace.sliceMs));
      if (value === null) cancel = pace.next(step);
      else setDone({ job, value });
    };
    cancel = pace.next(step);
    return () => cancel();
  }, [job, first, pace]);
  return first ?? (done?.job === job ? done.value : null);
}
