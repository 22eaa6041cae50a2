import { QueryClient } from "@tanstack/react-query";

/** The user's requests are mutations and never retried; what the app reads for itself may retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
