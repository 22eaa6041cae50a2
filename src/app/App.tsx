import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../components/ui/preloadable.tsx";
import { appPath, pathInApp } from "../networks/app-path.ts";
import { AppStoreProvider } from "../state/AppStoreProvider.tsx";
import { createAppStore, followOtherTabs } from "../state/store.ts";
import { ProviderSettingsGate } from "./ProviderSettings.tsx";
import { createQueryClient } from "./query-client.ts";

export type Route = "playground" | "embed" | "guide" | "elsewhere";

/**
 * Three pages, chosen by the address under the base path the app was built for (`/playground/`,
 * `/playground/guide`, `/playground/embed`): the playground, the embed guide and the docs embed.
 * A path outside the base is not the app's ("elsewhere": a host's fallback served it by mistake).
 */
export function routeOf(location: Pick<Location, "pathname" | "search">, base?: string): Route {
  const inApp = pathInApp(location.pathname, base);
  if (inApp === undefined) return "elsewhere";
  const path = `/${inApp}`.replace(/\/+$/, "");
  if (path.endsWith("/embed") || new URLSearchParams(location.search).get("embed") === "1") return "embed";
  if (path.endsWith("/guide")) return "guide";
  return "playground";
}

// Each page is its own chunk: an embed does not load the playground's tools (nor its history
// recorder, so requests sent in an embed never enter the user's history). Once a page's chunk is
// in (preloadPage) it renders at once, not suspended on (preloadable).
const pages = {
  playground: preloadable(() => import("./playground/Playground.tsx").then((m) => m.Playground)),
  embed: preloadable(() => import("./embed/EmbedApp.tsx").then((m) => m.EmbedApp)),
  guide: preloadable(() => import("../features/embed/GuidePage.tsx").then((m) => m.GuidePage)),
};

/**
 * Starts loading a page's chunk while the provider's settings file is read (main.tsx); resolves
 * once it is in (or failed: the page's own Suspense and error boundary then say so).
 */
export const preloadPage = (route: Route): Promise<void> =>
  route === "elsewhere"
    ? Promise.resolve()
    : pages[route].preload().then(
        () => {},
        () => {},
      );

/** A page: its component once its chunk is in, else it suspends until then. */
function Page({ route }: { route: Exclude<Route, "elsewhere"> }) {
  const { Component } = pages[route];
  return <Component />;
}

/** The playground and the guide share the user's persisted choices; an embed makes its own store. */
function PersistedStore({ children }: { children: ReactNode }) {
  const [store] = useState(() => createAppStore({ persist: true }));
  useEffect(() => followOtherTabs(store), [store]);
  return <AppStoreProvider store={store}>{children}</AppStoreProvider>;
}

/**
 * Whether a page runs inside another page's frame. The playground and the guide refuse to (no page
 * may put the key field under its own buttons): their servers say so with `frame-ancestors 'none'`,
 * but a static host's headers file cannot name every path the single-page fallback serves.
 */
export function isFramed(win: Pick<Window, "self" | "top">): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/** `settings`: the provider's file being read (app/provider-config.ts); the pages wait for it. */
export function App({ settings }: { settings: Promise<string[]> }) {
  const route = routeOf(window.location);
  const [queryClient] = useState(createQueryClient);
  if (route === "elsewhere")
    return (
      <p role="alert" className="p-4 text-sm">
        This address is not part of RPC Playground, which is served at{" "}
        <a href={appPath("")} className="text-link underline">
          {appPath("")}
        </a>
        .
      </p>
    );
  if (route !== "embed" && isFramed(window))
    return (
      <p role="alert" className="p-4 text-sm">
        RPC Playground opens in its own tab, not inside another page.{" "}
        <a
          href={window.location.href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-link underline"
        >
          Open it in its own tab
        </a>
        .
      </p>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary what="this page">
        <Suspense fallback={<p className="p-4 text-sm text-fg-muted">Loading…</p>}>
          <ProviderSettingsGate load={settings}>
            {route === "embed" ? (
              <Page route="embed" />
            ) : (
              <PersistedStore>
                <Page route={route === "guide" ? "guide" : "playground"} />
              </PersistedStore>
            )}
          </ProviderSettingsGate>
        </Suspense>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
