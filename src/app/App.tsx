import { QueryClientProvider } from "@tanstack/react-query";
import { Playground } from "../features/playground/Playground.tsx";
import { queryClient } from "./query-client.ts";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Playground />
    </QueryClientProvider>
  );
}
