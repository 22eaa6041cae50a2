import { type ComponentType, useMemo } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { formatWhen } from "../../components/ui/format.ts";
import type { Network } from "../../networks/network.ts";
import { rawRequest } from "../../rpc/raw-request.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { keyFor } from "../../state/key-slice.ts";
import { useDevnet, useNetworks } from "../../state/useNetworks.ts";
import { answerId, type HistoryEntry, storedAnswer } from "./history-entry.ts";

/** The network an entry went to: the live one if it still exists, else what the entry remembers. */
function networkOf(entry: HistoryEntry, networks: readonly Network[]): Network {
  return (
    networks.find((n) => n.id === entry.network.id) ?? {
      id: entry.network.id,
      name: entry.network.name,
      kind: entry.network.kind,
      base_url: entry.network.base_url ?? "",
      ws_url: entry.network.ws_url ?? "",
      keyGroup: `history:${entry.network.id}`,
    }
  );
}

/** One entry's stored answer, shown as the Response panel shows a fresh one. */
export function StoredAnswer({
  entry,
  now,
  onClose,
  AnswerView,
}: {
  entry: HistoryEntry;
  now: number;
  onClose(): void;
  /** The Response panel's view of an answer, handed down by the app shell. */
  AnswerView: ComponentType<{ sent: SentRequest }>;
}) {
  const networks = useNetworks();
  const devnet = useDevnet();
  const keys = useAppStore((s) => s.keys);
  const singleKey = useAppStore((s) => s.singleKey);
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const stored = useMemo(() => storedAnswer(entry), [entry]);
  const sent = useMemo((): SentRequest | null => {
    if (!stored.ok) return null;
    const network = networkOf(entry, networks);
    return {
      network,
      // Only for what a view reads for itself (such as the receipts check); never kept.
      apiKey: keyFor({ keys, singleKey }, network, devnet),
      transport: entry.transport,
      timeoutMs,
      body: { jsonrpc: "2.0", id: answerId(entry), method: entry.method, params: entry.params },
      // A body sent as written is read again from its text (a batch's answer is matched by its ids).
      ...(entry.sentAs ? { raw: rawRequest(entry.sentAs.text) } : {}),
      answer: stored.answer,
    };
  }, [stored, entry, networks, keys, singleKey, devnet, timeoutMs]);
  return (
    <section aria-label="Stored answer" className="flex flex-col gap-2 rounded border border-border p-3">
      <div className="flex items-center gap-2">
        <h3 className="text-sm font-semibold">
          Stored answer: {entry.method} at {formatWhen(entry.at, now)}
        </h3>
        <Button className="ml-auto" onClick={onClose}>
          Close answer
        </Button>
      </div>
      {sent ? (
        <AnswerView sent={sent} />
      ) : (
        <p className="text-sm text-fg-muted">{!stored.ok && stored.reason}</p>
      )}
    </section>
  );
}
