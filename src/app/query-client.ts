import { notifyManager, QueryClient } from "@tanstack/react-query";

/**
 * TanStack tells React of a query's or a send's new state in a batch it schedules with a
 * `setTimeout(0)` by default: a task of its own, behind the timers that wait, clamped to 4 ms once
 * nested. A message on a channel is a task of its own too, but the very next one: the answer starts
 * to render at once, and a send whose answer is already in (useSendRequest's quiet wait) goes from
 * pending to its answer in one batch, one render, where a microtask drew the pending state first.
 */
const channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
const waiting: (() => void)[] = [];
if (channel)
  channel.port1.onmessage = () => {
    for (const run of waiting.splice(0)) run();
  };
notifyManager.setScheduler((run) => {
  if (!channel) return void setTimeout(run, 0);
  waiting.push(run);
  if (waiting.length === 1) channel.port2.postMessage(null);
});

/** The user's requests are mutations and never retried; what the app reads for itself may retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
