import { notifyManager } from "@tanstack/react-query";
import { messageTask } from "../chain/next-task.ts";

/**
 * When TanStack tells React of a query's or a send's new state. By default it batches with a
 * `setTimeout(0)`: a task of its own, behind the timers that wait, clamped to 4 ms once nested. A
 * message on a channel is a task of its own too, but the very next one: a send whose answer is
 * already in (useSendRequest's quiet wait) goes from pending to its answer in one batch, one
 * render, where a microtask drew the pending state first. And a send that settles is drawn at
 * once (`flushNotifications`, in the same task as its answer's parse): the batch's message would
 * queue behind the browser's own tasks (finishing the response body: 2 to 3 ms).
 */
const waiting: (() => void)[] = [];
let installed = false;

/** Runs every notification waiting for the next batch now. */
export function flushNotifications(): void {
  for (const run of waiting.splice(0)) run();
}

/** Makes TanStack batch its notifications as described above (once per page). */
export function installNotifyScheduler(): void {
  if (installed) return;
  installed = true;
  notifyManager.setScheduler((run) => {
    waiting.push(run);
    // One message a batch, on the page's one channel (chain/next-task.ts; a timer where there is none).
    if (waiting.length === 1) messageTask(flushNotifications);
  });
}
