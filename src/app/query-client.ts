import { QueryClient } from "@tanstack/react-query";
import { installNotifyScheduler } from "../send/notify-scheduler.ts";

/** The user's requests are mutations and never retried; what the app reads for itself may retry once. */
export function createQueryClient(): QueryClient {
  installNotifyScheduler();
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
