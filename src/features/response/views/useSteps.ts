import { useEffect, useMemo, useState } from "react";
import { budget, type Resumable } from "../../../chain/lazy-rows.ts";
import { runInSlices, SLICE_MS, whenIdle } from "../../../chain/next-task.ts";

/** How a job goes on after its render's share. */
type Pace = {
  /** What a render may spend on it (a small job is done before its first paint). */
  renderMs: number;
  /** Runs the rest to its end in slices, each well under a 50 ms long task even on a slower machine. */
  rest: <T>(job: Resumable<T>, signal: AbortSignal) => Promise<T | null>;
};

const idle = (): Promise<void> => new Promise((resolve) => void whenIdle(resolve, 200, 0));
/** An idle-time slice: 5 ms, never more than a NOW slice (work nobody waits for gives way sooner to a key or click). */
const IDLE_SLICE_MS = Math.min(5, SLICE_MS);

/** Work the user waits for (a summary, matching a long batch's answers): slices one after another, yielding between. */
export const NOW: Pace = { renderMs: 2, rest: (job, signal) => runInSlices(job, { signal }) };
/** Work that can wait (a tally of known events): slices in idle time. */
export const IDLE: Pace = {
  renderMs: 2,
  rest: (job, signal) => runInSlices(job, { signal, sliceMs: IDLE_SLICE_MS, yieldTo: idle }),
};

/**
 * The value of `job`, or null while it runs: a couple of ms in the render, then slices of a few ms
 * at the pace given. A new job starts over (the old one is dropped); `run` only advances a job, so
 * a second call is harmless. With a `holdKey` (what stays the same while one answer's rows arrive,
 * its `Arrival`), the last job's value of the same key stands in while a new one runs (a summary of
 * a growing answer does not blink back to "adding up…" at each piece); never another answer's.
 */
export function useSteps<T>(job: Resumable<T>, pace: Pace, holdKey?: object): T | null {
  const first = useMemo(() => job.run(budget(pace.renderMs)), [job, pace]);
  const [done, setDone] = useState<{ job: Resumable<T>; value: T; key: object | undefined } | null>(null);
  useEffect(() => {
    if (first !== null) return;
    const stop = new AbortController();
    void pace.rest(job, stop.signal).then((value) => {
      if (value !== null && !stop.signal.aborted) setDone({ job, value, key: holdKey });
    });
    return () => stop.abort();
  }, [job, first, pace, holdKey]);
  if (first !== null) return first;
  const held = holdKey !== undefined && done?.key === holdKey;
  return done?.job === job || held ? (done?.value ?? null) : null;
}
