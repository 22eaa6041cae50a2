/** A call, log or custom error decoded with names: its signature, where the name comes from, its arguments. */
import { useId, useState } from "react";
import type { Named, NamedArg } from "../../../chain/names.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";

const KIND = { function: "call", event: "event", error: "error" } as const;

export function NamedCall({ named, compact = false }: { named: Named; compact?: boolean }) {
  return (
    <div className="grid gap-1" data-testid={`named-${KIND[named.kind]}`}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium font-mono" title={named.signature}>
          {compact ? named.name : named.signature}
        </span>
        <Badge tone={named.fromUser ? "ok" : "neutral"} title={named.sourceDetail}>
          {named.source}
        </Badge>
      </p>
      {named.args.length > 0 && (
        <InfoList
          label={`Arguments of ${named.name}`}
          columns="grid-cols-[minmax(5rem,max-content)_1fr] gap-x-3 gap-y-0.5"
          className="text-xs"
        >
          {named.args.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: arguments are positional and never reorder
            <InfoRow key={i} label={a.name} title={`${a.type}${a.indexed ? " indexed" : ""}`}>
              <ArgValue arg={a} />
            </InfoRow>
          ))}
        </InfoList>
      )}
    </div>
  );
}

/** An argument's value; a token amount reads "1,500.25 USDC" with its raw integer one click away. */
function ArgValue({ arg }: { arg: NamedArg }) {
  const [raw, setRaw] = useState(false);
  const id = useId();
  if (!arg.amount) return <span className="font-mono break-all">{arg.text}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-2">
      <span className="tabular-nums">{arg.amount.text}</span>
      <Button
        variant="link"
        size="xs"
        aria-expanded={raw}
        aria-controls={id}
        onClick={() => setRaw((r) => !r)}
      >
        {raw ? "hide raw" : "raw"}
        <span className="sr-only"> integer of {arg.name}</span>
      </Button>
      <span id={id} hidden={!raw} className="font-mono text-fg-muted break-all">
        {arg.amount.raw}
      </span>
    </span>
  );
}
