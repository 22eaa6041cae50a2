import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "../components/ui/ErrorBoundary.tsx";
import { AppStoreProvider } from "../state/AppStoreProvider.tsx";
import { createAppStore, followOtherTabs } from "../state/store.ts";
import { createQueryClient } from "./query-client.ts";

export type Route = "playground" | "embed" | "guide";

/** Three pages, chosen by the address: the playground, the docs embed, and the embed guide. */
export function routeOf(location: Pick<Location, "pathname" | "search">): Route {
  const path = location.pathname.replace(/\/+$/, "");
  if (path.endsWith("/embed") || new URLSearchParams(location.search).get("embed") === "1") return "embed";
  if (path.endsWith("/guide")) return "guide";
  return "playground";
}

// Each page is its own chunk: an embed does not load the playground's tools (nor its history
// recorder, so requests sent in an embed never enter the user's history).
const Playground = lazy(() => import("./playground/Playground.tsx").then((m) => ({ default: m.Playground })));
const EmbedApp = lazy(() => import("./embed/EmbedApp.tsx").then((m) => ({ default: m.EmbedApp })));
const GuidePage = lazy(() =>
  import("../features/embed/GuidePage.tsx").then((m) => ({ default: m.GuidePage })),
);

/** The playground and the guide share the user's persisted choices; an embed makes its own store. */
function PersistedStore({ children }: { children: ReactNode }) {
  const [store] = useState(() => createAppStore({ persist: true }));
  useEffect(() => followOtherTabs(store), [store]);
  return <AppStoreProvider store={store}>{children}</AppStoreProvider>;
}

export function App() {
  const route = routeOf(window.location);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary what="this page">
        <Suspense fallback={<p className="p-4 text-sm text-fg-muted">Loading…</p>}>
          {route === "embed" ? (
            <EmbedApp />
          ) : (
            <PersistedStore>{route === "guide" ? <GuidePage /> : <Playground />}</PersistedStore>
          )}
        </Suspense>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
