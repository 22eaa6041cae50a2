import { useId, useState } from "react";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useNetworks } from "../../state/useNetworks.ts";
import { CustomNetworkEditor } from "./CustomNetworkEditor.tsx";

export function NetworkPicker() {
  const networks = useNetworks();
  const selectedId = useAppStore((s) => s.selectedNetworkId);
  const select = useAppStore((s) => s.networkActions.select);
  const [editing, setEditing] = useState(false);
  const id = useId();
  const groups = [
    { label: "Local", items: networks.filter((n) => n.local) },
    { label: "Ethereum & L2s", items: networks.filter((n) => !n.local && !n.custom && n.kind === "evm") },
    { label: "Starknet", items: networks.filter((n) => !n.local && !n.custom && n.kind === "starknet") },
    { label: "Your networks", items: networks.filter((n) => n.custom) },
  ].filter((g) => g.items.length > 0);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-fg-muted">
        Network
      </label>
      <select
        id={id}
        className="max-w-72 rounded border border-border bg-surface px-2 py-1 text-sm"
        value={selectedId}
        onChange={(e) => select(e.target.value)}
      >
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
                {n.kind === "starknet" && !n.name.toLowerCase().includes("starknet") ? " (Starknet)" : ""}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <button
        type="button"
        className="rounded border border-border px-2 py-1 text-xs"
        aria-expanded={editing}
        onClick={() => setEditing((e) => !e)}
      >
        Custom networks
      </button>
      {editing && <CustomNetworkEditor onClose={() => setEditing(false)} />}
    </div>
  );
}
