import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./query-client.ts";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-border px-4 py-2">
          <h1 className="font-semibold">RPC Playground</h1>
        </header>
        <main className="flex-1 p-4">
          <p className="text-fg-muted">Pick a network and a method to send a JSON-RPC request.</p>
        </main>
      </div>
    </QueryClientProvider>
  );
}
