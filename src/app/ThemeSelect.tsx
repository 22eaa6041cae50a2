import { Select } from "../components/ui/Select.tsx";
import { settingControl } from "../components/ui/setting-control.ts";
import { useAppStore } from "../state/AppStoreProvider.tsx";
import type { Theme } from "../state/settings-slice.ts";

export function ThemeSelect() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.settingsActions.setTheme);
  return (
    <span className="flex items-center gap-1" {...settingControl}>
      <Select label="Theme" layout="inline" value={theme} onChange={(t) => setTheme(t as Theme)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </Select>
    </span>
  );
}
