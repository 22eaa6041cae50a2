import { useEffect, useMemo, useState } from "react";
import { budget } from "../../../chain/lazy-rows.ts";
import { nextTask } from "../../../chain/next-task.ts";
import type { Resumable } from "../../../rpc/batch.ts";

/** What a render may spend before handing the rest to later tasks (a short batch is done before its first paint). */
const RENDER_MS = 2;
/** One task's share: under 50 ms even on a machine several times slower. */
const SLICE_MS = 8;

/**
 * The value of `job`, or null while it runs: a few ms in the render, then slices of a few ms, each
 * a task of its own, right after one another (the user is waiting for it, unlike an idle tally).
 * A new job starts over; the old one is dropped.
 */
export function useSteps<T>(job: Resumable<T>): T | null {
  // Bounded work in render; `run` only advances the job, so a second call is harmless.
  const first = useMemo(() => job.run(budget(RENDER_MS)), [job]);
  const [done, setDone] = useState<{ job: Resumable<T>; value: T } | null>(null);
  useEffect(() => {
    if (first !== null) return;
    let cancel = () => {};
    const step = () => {
      const value = job.run(budget(SLICE_MS));
      if (value === null) cancel = nextTask(step);
      else setDone({ job, value });
    };
    cancel = nextTask(step);
    return () => cancel();
  }, [job, first]);
  return first ?? (done?.job === job ? done.value : null);
}
