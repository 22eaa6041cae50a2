import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import type { RevertLine } from "./revert-notice.ts";

/** The decoded lines of an error notice: label, value (hex in monospace). */
export function RevertLines({ lines }: { lines: readonly RevertLine[] }) {
  return (
    <InfoList columns="grid-cols-[minmax(6rem,max-content)_1fr] gap-x-3 gap-y-0.5">
      {lines.map((l, i) => (
        <InfoRow
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; argument names may repeat a label
          key={`${i}:${l.label}`}
          label={l.label}
          valueClassName={l.mono ? "break-all font-mono text-xs" : "break-words"}
        >
          {l.value}
        </InfoRow>
      ))}
    </InfoList>
  );
}
