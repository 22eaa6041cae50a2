import { useEffect, useState, useSyncExternalStore } from "react";
import { formatBytes } from "../../components/ui/format.ts";
import { wsEndpoint } from "../../networks/network.ts";
import type { Unmatched, WsClient } from "../../rpc/ws.ts";
import { loadedWs, loadWs } from "../../rpc/ws-loader.ts";
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
  const ws = useWsModule(url !== null);
  if (!url) return null;
  // Until the WebSocket client's chunk is there, no socket exists: "not connected".
  if (!ws) return <WsLabel state="idle" />;
  return <WsState client={ws.getWsClient(url)} />;
}

/** The WebSocket client's module; starts loading it while `needed` (WebSocket chosen). */
function useWsModule(needed: boolean) {
  const [ws, setWs] = useState(loadedWs);
  useEffect(() => {
    if (!needed || ws) return;
    let live = true;
    loadWs().then(
      (m) => live && setWs(() => m),
      () => {
        // The first send over WebSocket tries again and says why it failed.
      },
    );
    return () => {
      live = false;
    };
  }, [needed, ws]);
  return ws ?? loadedWs();
}

function WsState({ client }: { client: WsClient }) {
  // The client's own functions: the same each render, so React subscribes once.
  const state = useSyncExternalStore(client.subscribe, client.getState);
  const unmatched = useSyncExternalStore(client.subscribe, client.getUnmatched);
  return <WsLabel state={state} unmatched={unmatched} />;
}

function WsLabel({ state, unmatched }: { state: string; unmatched?: Unmatched }) {
  const label = LABELS[state] ?? { text: state, tone: "" };
  const count = unmatched?.count ?? 0;
  const last = unmatched?.lastId === null ? "no readable id" : `id ${unmatched?.lastId}`;
  return (
    <output className={`text-xs ${label.tone}`} aria-label="WebSocket state" aria-live="polite">
      WebSocket: {label.text}
      {count > 0 && (
        <span
          className="ml-2 text-warn"
          title={`An answer is matched to its request by id. The last set aside: ${last}, ${formatBytes(unmatched?.lastBytes ?? 0)}.`}
        >
          · {count} unmatched message{count === 1 ? "" : "s"} set aside:{" "}
          {count === 1 ? "its id" : "their ids"} answered no request
        </span>
      )}
    </output>
  );
}
