import { useEffect, useSyncExternalStore } from "react";
import { useAppStore } from "./AppStoreProvider.tsx";

/** The system's dark-mode query, asked once (a render asks only for its answer, not for a new query). */
let query: MediaQueryList | undefined;
const media = () => {
  query ??= window.matchMedia("(prefers-color-scheme: dark)");
  return query;
};
const followSystem = (changed: () => void) => {
  const m = media();
  m.addEventListener("change", changed);
  return () => m.removeEventListener("change", changed);
};
const systemIsDark = () => media().matches;

/** The theme in force ("system" follows the OS) and sets it on <html data-theme>. */
export function useResolvedTheme(): "light" | "dark" {
  const choice = useAppStore((s) => s.theme);
  // Subscribed once: a subscribe made anew each render was unsubscribed and subscribed again.
  const systemDark = useSyncExternalStore(followSystem, systemIsDark);
  const resolved = choice === "system" ? (systemDark ? "dark" : "light") : choice;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);
  return resolved;
}
