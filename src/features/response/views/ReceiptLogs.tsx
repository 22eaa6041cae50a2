/** The logs of one receipt: emitter, the event named (user's ABI, then the bundled table), topics and data. */
import { useMemo } from "react";
import type { LazyRows } from "../../../chain/lazy-rows.ts";
import { type NameContext, nameLog } from "../../../chain/names.ts";
import { shortenHex } from "../../../chain/quantity.ts";
import type { LogView } from "../../../chain/receipts.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import { AbisButton } from "../names/AbisButton.tsx";
import { NamedCall } from "../names/NamedCall.tsx";
import { accountLink } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";

export function ReceiptLogs({
  logs,
  index,
  names,
}: {
  /** Decoded here, when the receipt is opened. */
  logs: LazyRows<LogView>;
  index: bigint;
  names: NameContext;
}) {
  return (
    <ol aria-label={`Logs of transaction ${index}`} className="grid gap-2 text-xs">
      {logs.toArray().map((log, i) => (
        <LogItem
          key={log.logIndex === null ? `p${i}` : String(log.logIndex)}
          log={log}
          position={i}
          names={names}
        />
      ))}
    </ol>
  );
}

/** One log; named when it is drawn (only the logs of an expanded receipt are). */
function LogItem({ log, position: i, names }: { log: LogView; position: number; names: NameContext }) {
  const named = useMemo(() => nameLog(log.topics, log.data, log.address, names), [log, names]);
  return (
    <li className="grid gap-0.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-fg-muted">log {log.logIndex === null ? i : String(log.logIndex)}</span>
        {log.address && (
          <MaybeLink target={accountLink(log.address)}>
            <span className="font-mono">{log.address}</span>
          </MaybeLink>
        )}
        {log.removed && <Badge tone="warn">removed</Badge>}
        {!named && log.topics.length > 0 && <span className="text-fg-muted">unknown event</span>}
        {log.address && <AbisButton address={log.address}>{`ABI for ${shortenHex(log.address)}`}</AbisButton>}
      </div>
      {named && <NamedCall named={named} />}
      <InfoList columns="grid-cols-[3.5rem_1fr] gap-x-2" className="font-mono">
        {log.topics.map((t, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: topics are positional (topic 0 is the signature) and never reorder
          <InfoRow key={k} label={`topic ${k}`} valueClassName="break-all">
            {t}
          </InfoRow>
        ))}
        <InfoRow label="data" valueClassName="break-all">
          {log.data === "0x" ? (
            <span className="text-fg-muted">0x (empty)</span>
          ) : (
            <HexValue text={shortenHex(log.data, 16)} full={log.data} />
          )}
        </InfoRow>
        <InfoRow label="removed" valueClassName="">
          {String(log.removed)}
        </InfoRow>
      </InfoList>
    </li>
  );
}
