import { useId } from "react";
import { useAppStore } from "../state/AppStoreProvider.tsx";
import type { Theme } from "../state/settings-slice.ts";

export function ThemeSelect() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.settingsActions.setTheme);
  const id = useId();
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id} className="text-sm text-fg-muted">
        Theme
      </label>
      <select
        id={id}
        className="rounded border border-border bg-surface px-1 py-1 text-sm"
        value={theme}
        onChange={(e) => setTheme(e.target.value as Theme)}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </span>
  );
}
