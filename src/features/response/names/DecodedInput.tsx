/** A transaction's calldata named: the decoded call, or its selector when nothing names it. */
import { useMemo } from "react";
import { type NameContext, nameCall } from "../../../chain/names.ts";
import { AbisButton } from "./AbisButton.tsx";
import { NamedCall } from "./NamedCall.tsx";

export function DecodedInput({
  input,
  to,
  selector,
  names,
}: {
  input: unknown;
  to: string | null;
  selector: string | null;
  names: NameContext;
}) {
  const named = useMemo(() => nameCall(input, to, names), [input, to, names]);
  if (selector === null) return null;
  return (
    <section aria-labelledby="tx-decoded-input" className="grid gap-1 text-sm">
      <h4 id="tx-decoded-input" className="font-semibold text-fg-muted text-xs uppercase tracking-wide">
        Decoded input
      </h4>
      {named ? (
        <NamedCall named={named} />
      ) : (
        <p className="text-fg-muted">
          Selector <span className="font-mono">{selector}</span> is not in the bundled table
          {to ? " nor in an ABI you added for this address" : ""}.
        </p>
      )}
      {to && (
        <p>
          <AbisButton address={to}>
            {named?.fromUser ? "Edit the ABI of this address" : "Add an ABI for this address"}
          </AbisButton>
        </p>
      )}
    </section>
  );
}
