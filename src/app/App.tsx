import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { queryClient } from "./query-client.ts";

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
const Playground = lazy(() =>
  import("../features/playground/Playground.tsx").then((m) => ({ default: m.Playground })),
);
const EmbedApp = lazy(() => import("../features/embed/EmbedApp.tsx").then((m) => ({ default: m.EmbedApp })));
const GuidePage = lazy(() =>
  import("../features/embed/GuidePage.tsx").then((m) => ({ default: m.GuidePage })),
);

export function App() {
  const route = routeOf(window.location);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="p-4 text-sm text-fg-muted">Loading…</p>}>
        {route === "embed" ? <EmbedApp /> : route === "guide" ? <GuidePage /> : <Playground />}
      </Suspense>
    </QueryClientProvider>
  );
}
