import { Suspense, useState } from "react";
import { revealBidi } from "../../chain/bidi.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useNetworks } from "../../state/useNetworks.ts";

/**
 * The custom network editor is a chunk of its own: it loads in idle time
 * (`prefetchCustomNetworkEditor`, from the shell), when the pointer or the focus comes to its
 * button, or at the latest on the click; it opens once it is there.
 */
const editor = preloadable(() => import("./CustomNetworkEditor.tsx").then((m) => m.CustomNetworkEditor));

/** Loads the custom network editor's chunk ahead of need; safe to call any number of times. */
export function prefetchCustomNetworkEditor(): void {
  editor.preload().catch(() => {
    // Only a head start: opening the editor tries again (and says why it failed).
  });
}

export function NetworkPicker() {
  const networks = useNetworks();
  const selectedId = useAppStore((s) => s.selectedNetworkId);
  const select = useAppStore((s) => s.networkActions.select);
  const [editing, setEditing] = useState(false);
  // The groups come in the order of their first network (the provider's order), the user's own last.
  const first = (g: { items: typeof networks }) => networks.indexOf(g.items[0]!);
  const groups = [
    { label: "Local", items: networks.filter((n) => n.local) },
    { label: "Ethereum & L2s", items: networks.filter((n) => !n.local && !n.custom && n.kind === "evm") },
    { label: "Starknet", items: networks.filter((n) => !n.local && !n.custom && n.kind === "starknet") },
  ]
    .filter((g) => g.items.length > 0)
    .sort((a, b) => first(a) - first(b))
    .concat({ label: "Your networks", items: networks.filter((n) => n.custom) })
    .filter((g) => g.items.length > 0);
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <Select
        label="Network"
        layout="inline"
        className="min-w-0 flex-1 sm:max-w-72"
        value={selectedId}
        onChange={select}
      >
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((n) => (
              <option key={n.id} value={n.id}>
                {revealBidi(n.name)}
                {n.kind === "starknet" && !n.name.toLowerCase().includes("starknet") ? " (Starknet)" : ""}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <Button
        aria-expanded={editing}
        onPointerEnter={prefetchCustomNetworkEditor}
        onFocus={prefetchCustomNetworkEditor}
        onClick={() => setEditing((e) => !e)}
      >
        Custom networks
      </Button>
      {editing && (
        // A chunk that cannot load (offline) says so here; Close or Escape shuts it; the page goes on.
        <ErrorBoundary what="the custom network editor" onClose={() => setEditing(false)}>
          <Suspense fallback={null}>
            <editor.Component onClose={() => setEditing(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
