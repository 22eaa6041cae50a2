import { useAppStore } from "../../state/AppStoreProvider.tsx";
import type { Transport } from "../../state/settings-slice.ts";

const OPTIONS: { value: Transport; label: string }[] = [
  { value: "http", label: "HTTP" },
  { value: "ws", label: "WebSocket" },
];

export function TransportSwitch() {
  const transport = useAppStore((s) => s.transport);
  const setTransport = useAppStore((s) => s.settingsActions.setTransport);
  // The group's rounded corners clip what overflows it: the focused choice's ring is drawn inside its
  // label, in the label's own text colour (which stands out on its background, chosen or not).
  return (
    <div
      role="radiogroup"
      aria-label="Transport"
      className="flex overflow-hidden rounded border border-border text-sm"
    >
      {OPTIONS.map((o) => (
        <label
          key={o.value}
          className={`cursor-pointer px-2 py-1 has-focus-visible:outline-2 has-focus-visible:-outline-offset-3 has-focus-visible:outline-current ${transport === o.value ? "bg-accent text-accent-fg" : ""}`}
        >
          <input
            type="radio"
            name="transport"
            className="sr-only"
            value={o.value}
            checked={transport === o.value}
            onChange={() => setTransport(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
