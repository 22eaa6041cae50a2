import { notifyManager, QueryClient } from "@tanstack/react-query";

/**
 * TanStack tells React of a query's or a send's new state in a batch it schedules with a
 * `setTimeout(0)` by default: a task of its own, behind whatever else waits, before an answer can
 * even start to render. A microtask tells it as soon as the answer is in (React batches the
 * updates anyway).
 */
notifyManager.setScheduler(queueMicrotask);

/** The user's requests are mutations and never retried; what the app reads for itself may retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
