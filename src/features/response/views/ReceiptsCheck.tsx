/**
 * The QA check of the receipts view: on request, fetch the block the receipts belong to and check
 * the receipts against it (count, gas sums, order, same block). What the app reads for itself is
 * a query (`blockForCheckQuery`), not the user's mutation; it runs only after the click.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { toErrorDisplay } from "../../../rpc/display.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";
import { checkOutcome, type ReceiptsBlock } from "./receipts-model.ts";
import { blockForCheckQuery } from "./view-queries.ts";

export function ReceiptsCheck({ sent, block }: { sent: SentRequest; block: ReceiptsBlock }) {
  const [requested, setRequested] = useState(false);
  const check = block.check;
  const query = useQuery({
    ...blockForCheckQuery(sent, check),
    enabled: requested && check !== null,
  });
  const receipts = sent.answer.kind === "result" ? sent.answer.result : null;
  const outcome = query.data ? checkOutcome(query.data, receipts) : null;
  const failure = query.isError ? toErrorDisplay(query.error) : null;
  return (
    <section aria-label="Check against the block" className="grid gap-2 text-sm">
      <div className="flex items-center gap-3">
        <Button
          size="md"
          disabled={check === null || query.isFetching}
          onClick={() => (requested ? query.refetch() : setRequested(true))}
        >
          Check against the block
        </Button>
        {check === null && (
          <span className="text-fg-muted">The receipts do not say which block they belong to.</span>
        )}
        {query.isFetching && <span className="text-fg-muted">Fetching the block…</span>}
        {outcome?.kind === "checks" && (
          <span className={outcome.passed === outcome.checks.length ? "text-ok" : "text-bad"}>
            {outcome.passed} of {outcome.checks.length} checks passed
          </span>
        )}
      </div>
      {failure && (
        <p className="text-bad">
          {failure.title}
          {failure.detail && <span className="block text-fg-muted">{failure.detail}</span>}
        </p>
      )}
      {outcome && outcome.kind !== "checks" && <p className="text-bad">{outcome.text}</p>}
      {outcome?.kind === "checks" && (
        <ul aria-label="Check results" className="grid gap-1">
          {outcome.checks.map((c) => (
            <li key={c.check} className="grid grid-cols-[3.5rem_1fr] items-baseline gap-x-2">
              <span>
                <Badge tone={c.ok ? "ok" : "bad"}>{c.ok ? "ok" : "failed"}</Badge>
              </span>
              <span>
                <span className="font-medium">{c.check}</span>{" "}
                <span className="break-all text-fg-muted">{c.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
