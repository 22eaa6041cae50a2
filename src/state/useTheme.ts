import { useEffect, useSyncExternalStore } from "react";
import { useAppStore } from "./AppStoreProvider.tsx";

const media = () => window.matchMedia("(prefers-color-scheme: dark)");

/** The theme in force ("system" follows the OS) and sets it on <html data-theme>. */
export function useResolvedTheme(): "light" | "dark" {
  const choice = useAppStore((s) => s.theme);
  const systemDark = useSyncExternalStore(
    (cb) => {
      const m = media();
      m.addEventListener("change", cb);
      return () => m.removeEventListener("change", cb);
    },
    () => media().matches,
  );
  const resolved = choice === "system" ? (systemDark ? "dark" : "light") : choice;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);
  return resolved;
}
