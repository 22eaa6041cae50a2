import { useShallow } from "zustand/react/shallow";
import { MaskedKeyInput } from "../../components/ui/MaskedKeyInput.tsx";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";

/** The API key: masked, with reveal; kept for the session unless the user asks to remember it. */
export function KeyField() {
  const { group, key, remember, actions } = useAppStore(
    useShallow((s) => {
      const group = selectedNetwork(s).keyGroup;
      return { group, key: s.keys[group] ?? "", remember: s.rememberKey, actions: s.keyActions };
    }),
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <MaskedKeyInput value={key} onChange={(k) => actions.setKey(group, k)} />
      <label className="flex items-center gap-1 text-xs text-fg-muted">
        <input type="checkbox" checked={remember} onChange={(e) => actions.setRemember(e.target.checked)} />
        Remember on this device
      </label>
    </div>
  );
}
