import { useId, useState } from "react";
import { useShallow } from "zustand/react/shallow";
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
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-fg-muted">
        API key
      </label>
      <input
        id={id}
        type={revealed ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        className="w-56 rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
        placeholder="paste your key"
        value={key}
        onChange={(e) => actions.setKey(group, e.target.value.trim())}
      />
      <button
        type="button"
        className="rounded border border-border px-2 py-1 text-xs"
        aria-pressed={revealed}
        onClick={() => setRevealed((r) => !r)}
      >
        {revealed ? "Hide key" : "Reveal key"}
      </button>
      <label className="flex items-center gap-1 text-xs text-fg-muted">
        <input type="checkbox" checked={remember} onChange={(e) => actions.setRemember(e.target.checked)} />
        Remember on this device
      </label>
    </div>
  );
}
