/**
 * Runs `run` in a task of its own, soon: a step of work the user waits for (matching a long batch's
 * answers), cut into tasks so the page keeps answering keys and clicks between them. Not chain
 * logic; it sits here, like load-once.ts, because every layer may import it. The browser's
 * `scheduler.postTask` where it has one, else a message on the page's one channel (`messageTask`).
 * Returns a cancel.
 */
export function nextTask(run: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === "function" && typeof AbortController === "function") {
    const abort = new AbortController();
    scheduler.postTask(run, { priority: "user-visible", signal: abort.signal }).catch(() => {});
    return () => abort.abort();
  }
  return messageTask(run);
}

/** A callback waiting for its message; a cancel empties it (its message then runs nothing). */
type Waiting = { run: (() => void) | null };

let channel: MessageChannel | null = null;
const waiting: Waiting[] = [];

function runNext(): void {
  const next = waiting.shift();
  // The port listens only while something waits: an idle channel holds nothing (Node keeps a
  // process alive for a port that listens).
  if (waiting.length === 0 && channel) channel.port1.onmessage = null;
  next?.run?.();
}

/**
 * Runs `run` in the very next task the browser gives (no 4 ms timer clamp): a message on one
 * MessageChannel shared by the page, one message per waiting callback, run in the order they came,
 * each in a task of its own. `nextTask` without `scheduler` and TanStack's notifications
 * (send/notify-scheduler.ts) use it. Where there is no MessageChannel, a 0 ms timer. Returns a cancel.
 */
export function messageTask(run: () => void): () => void {
  if (typeof MessageChannel !== "function") {
    const handle = setTimeout(run, 0);
    return () => clearTimeout(handle);
  }
  channel ??= new MessageChannel();
  const entry: Waiting = { run };
  if (waiting.length === 0) channel.port1.onmessage = runNext;
  waiting.push(entry);
  channel.port2.postMessage(null);
  return () => {
    entry.run = null;
  };
}

type PostTask = (run: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void>;

/** The time a slice of work may take before it gives the browser its turn (well under a 50 ms long task on a CPU twice as slow). */
export const SLICE_MS = 8;

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, once the browser has had its turn (input, a frame): `scheduler.yield()`
 * where the browser has it (the continuation goes ahead of other waiting tasks, so a long job is
 * not starved), else `afterThisTask`. For a job that wants to go on; work that should make way
 * for what is already waiting uses `afterThisTask`.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return afterThisTask();
}

/**
 * Resolves in a task of its own after this one (`nextTask`), queued behind the tasks already
 * waiting, not ahead of them as a `scheduler.yield()` continuation is: for work moved out of a
 * click's task that must not come before the click's own follow-up (React's render, the send).
 */
export function afterThisTask(): Promise<void> {
  return new Promise((resolve) => void nextTask(resolve));
}

/** Work that goes on where it stopped (`Resumable` in lazy-rows.ts): `run` works while `more()`, and gives the value once done. */
type Job<T> = { run(more: () => boolean): T | null };

type SliceOptions = {
  /** Each slice's budget (SLICE_MS). */
  sliceMs?: number;
  /** Stops between slices: the result is then null. */
  signal?: AbortSignal;
  /** The clock and the yield (tests give their own). */
  now?: () => number;
  yieldTo?: () => Promise<void>;
};

/**
 * Runs `job` to its end in slices of `sliceMs`, each in a task of its own after the caller's (it
 * yields to the browser first, and between slices): no slice is a long task however big the job.
 * Resolves with its value, or null when `signal` stopped it.
 */
export async function runInSlices<T>(job: Job<T>, options: SliceOptions = {}): Promise<T | null> {
  const { sliceMs = SLICE_MS, signal, now = () => performance.now(), yieldTo = yieldToBrowser } = options;
  for (;;) {
    await yieldTo();
    if (signal?.aborted) return null;
    const end = now() + sliceMs;
    const value = job.run(() => now() < end);
    if (value !== null) return value;
  }
}

/**
 * Runs `task` when the browser is idle (at the latest after `timeoutMs`). Where there are no idle
 * callbacks (Safari) it runs after `fallbackMs`. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000, fallbackMs = 200): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, fallbackMs);
  return () => clearTimeout(id);
}

/**
 * Resolves in a task after the page's next painted frame (a `requestAnimationFrame`, then
 * `nextTask`): work that must not hold back what that frame shows. A page that draws no frame (a
 * hidden tab, where animation frames stop) goes on after `fallbackMs`; where there are no
 * animation frames at all (Node), after this task.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  if (typeof requestAnimationFrame !== "function") return afterThisTask();
  return new Promise((resolve) => {
    const fallback = setTimeout(() => {
      cancelAnimationFrame(frame);
      resolve();
    }, fallbackMs);
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      nextTask(resolve);
    });
  });
}
