import { type HistoryStatus, statusLabel } from "./history-entry.ts";

const TONE: Record<HistoryStatus["kind"], string> = {
  ok: "border-ok text-ok bg-ok-bg",
  "rpc-error": "border-warn text-warn bg-warn-bg",
  failure: "border-bad text-bad bg-bad-bg",
};

/** ok, a JSON-RPC error code, or the kind of failure; the title says more. */
export function StatusBadge({ status }: { status: HistoryStatus }) {
  const title =
    status.kind === "ok"
      ? "Answered with a result"
      : status.kind === "rpc-error"
        ? status.message
        : status.title;
  return (
    <span
      className={`inline-block rounded border px-1.5 py-px font-mono text-xs whitespace-nowrap ${TONE[status.kind]}`}
      title={title}
    >
      {statusLabel(status)}
    </span>
  );
}
