import { Badge } from "../../components/ui/Badge.tsx";
import type { Tone } from "../../components/ui/tone.ts";
import { type HistoryStatus, statusLabel } from "./history-entry.ts";

const TONE: Record<HistoryStatus["kind"], Tone> = {
  ok: "ok",
  sent: "neutral",
  "rpc-error": "warn",
  failure: "bad",
};

/** ok, a JSON-RPC error code, or the kind of failure; the title says more. */
export function StatusBadge({ status }: { status: HistoryStatus }) {
  const title =
    status.kind === "ok"
      ? "Answered with a result"
      : status.kind === "sent"
        ? "Sent; no answer kept: the page was closed before it came, or it is still on its way"
        : status.kind === "rpc-error"
          ? status.message
          : status.title;
  return (
    <Badge tone={TONE[status.kind]} title={title} mono>
      {statusLabel(status)}
    </Badge>
  );
}
