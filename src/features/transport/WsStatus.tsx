import { useSyncExternalStore } from "react";
import { wsEndpoint } from "../../networks/network.ts";
import { getWsClient } from "../../rpc/ws.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";

const LABELS: Record<string, { text: string; tone: string }> = {
  idle: { text: "not connected", tone: "text-fg-muted" },
  connecting: { text: "connecting…", tone: "text-warn" },
  open: { text: "open", tone: "text-ok" },
  reconnecting: { text: "reconnecting…", tone: "text-warn" },
  closed: { text: "closed", tone: "text-bad" },
};

/** The WebSocket's state for the selected network and key, shown only when WebSocket is chosen. */
export function WsStatus() {
  const network = useSelectedNetwork();
  const key = useSelectedKey();
  const url = useAppStore((s) => (s.transport === "ws" ? wsEndpoint(network, key) : null));
  if (!url) return null;
  return <WsState url={url} />;
}

function WsState({ url }: { url: string }) {
  const client = getWsClient(url);
  const state = useSyncExternalStore(
    (cb) => client.subscribe(cb),
    () => client.getState(),
  );
  const label = LABELS[state] ?? { text: state, tone: "" };
  return (
    <output className={`text-xs ${label.tone}`} aria-label="WebSocket state" aria-live="polite">
      WebSocket: {label.text}
    </output>
  );
}
