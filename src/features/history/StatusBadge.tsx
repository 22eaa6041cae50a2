import { Badge } from "../../components/ui/Badge.tsx";
import type { Tone } from "../../components/ui/tone.ts";
import { type HistoryStatus, SENT_NO_ANSWER, statusLabel } from "./history-entry.ts";

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
        ? SENT_NO_ANSWER
        : status.kind === "rpc-error"
          ? status.message
          : status.title;
  return (
    <Badge tone={TONE[status.kind]} title={title} mono>
      {statusLabel(status)}
    </Badge>
  );
}
