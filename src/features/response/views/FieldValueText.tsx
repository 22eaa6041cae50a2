import type { ReactNode } from "react";
import { revealBidi } from "../../../chain/bidi.ts";
import type { FieldValue } from "../../../chain/field.ts";
import { formatRelative } from "../../../chain/time.ts";
import { HexValue } from "../../../components/ui/HexValue.tsx";

/**
 * One field value of the pure field model (`src/chain/field.ts`), rendered by kind. `wrap` wraps
 * the main text (a link around it) while the extras — copy button, hover hex — stay outside it.
 */
export function FieldValueText({
  value,
  wrap,
  label,
}: {
  value: FieldValue;
  /** The field's label ("Block hash"): its copy button copies "block hash". */
  label?: string | undefined;
  /** Wraps the main text (used to turn it into a link). */
  wrap?: (content: ReactNode) => ReactNode;
}) {
  const w = wrap ?? ((c: ReactNode) => c);
  switch (value.kind) {
    case "quantity":
      return (
        <span className="group inline-flex items-baseline gap-2" title={value.raw}>
          {w(<span className="tabular-nums">{value.text}</span>)}
          <span className="hidden font-mono text-fg-muted text-xs group-hover:inline">{value.raw}</span>
        </span>
      );
    case "wei":
      return (
        <span title={`${value.gwei} · ${value.wei}`} className="tabular-nums">
          {w(value.text)}
        </span>
      );
    case "timestamp":
      return (
        <span title={String(value.raw)}>
          {w(value.text)}{" "}
          <span className="text-fg-muted text-xs">({formatRelative(value.seconds, Date.now())})</span>
        </span>
      );
    case "hash":
    case "data":
      return <HexValue text={w(value.text)} full={value.raw} what={label?.toLowerCase()} />;
    case "address":
      return <HexValue text={w(value.text)} full={value.checksum} what={label?.toLowerCase()} />;
    case "pending":
      return <em className="text-warn">{w("pending")}</em>;
    case "none":
      return <span className="text-fg-muted">{w(value.text)}</span>;
    case "invalid":
      return (
        <span className="text-bad">
          <span className="font-mono">{revealBidi(value.text)}</span> — {value.problem}
        </span>
      );
    case "json":
      return (
        <span className="font-mono text-xs break-all" title={revealBidi(value.text)}>
          {w(revealBidi(value.text))}
        </span>
      );
    default:
      // Text as a node wrote it (a Starknet version, a status, a guessed string): its bidi controls shown.
      return <span>{w(revealBidi(value.text))}</span>;
  }
}
