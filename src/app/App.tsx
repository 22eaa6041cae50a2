import { QueryClientProvider } from "@tanstack/react-query";
import { EmbedApp } from "../features/embed/EmbedApp.tsx";
import { GuidePage } from "../features/embed/GuidePage.tsx";
import { Playground } from "../features/playground/Playground.tsx";
import { queryClient } from "./query-client.ts";

export type Route = "playground" | "embed" | "guide";

/** Three pages, chosen by the address: the playground, the docs embed, and the embed guide. */
export function routeOf(location: Pick<Location, "pathname" | "search">): Route {
  const path = location.pathname.replace(/\/+$/, "");
  if (path.endsWith("/embed") || new URLSearchParams(location.search).get("embed") === "1") return "embed";
  if (path.endsWith("/guide")) return "guide";
  return "playground";
}

export function App() {
  const route = routeOf(window.location);
  return (
    <QueryClientProvider client={queryClient}>
      {route === "embed" ? <EmbedApp /> : route === "guide" ? <GuidePage /> : <Playground />}
    </QueryClientProvider>
  );
}
