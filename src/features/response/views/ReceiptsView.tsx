import { useMemo } from "react";
import type { ChainProfile } from "../../../chain/chain-profile.ts";
import type { NameContext } from "../../../chain/names.ts";
import { type ReceiptsView as Decoded, decodeBlockReceipts } from "../../../chain/receipts.ts";
import { useNames } from "../names/useNames.ts";
import { DecodeError, Problems } from "./DecodeProblems.tsx";
import { ReceiptsCheck } from "./ReceiptsCheck.tsx";
import { ReceiptsTable } from "./ReceiptsTable.tsx";
import { addingUpPhrases, type ReceiptsBlock, receiptsBlock, totalsPhrases } from "./receipts-model.ts";
import type { ResultViewProps } from "./registry.ts";
import { useChainProfile } from "./useChainProfile.ts";
import { IDLE, NOW, useSteps } from "./useSteps.ts";

/** `eth_getBlockReceipts`: totals, a check against the block, and the receipts with their logs. */
export function ReceiptsView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const chain = useChainProfile(sent.network);
  const parsed = useMemo(() => decodeBlockReceipts(result, chain), [result, chain]);
  const block = useMemo(() => receiptsBlock(result, sent.body.params), [result, sent.body.params]);
  const names = useNames(sent.network);
  if (!parsed.ok) return <DecodeError error={parsed.error} />;
  return <Receipts view={parsed.value} block={block} sent={sent} names={names} chain={chain} />;
}

/**
 * The decoded receipts; the totals are added up in slices after the first rows are drawn ("adding
 * up…"), the known events counted in idle time ("counting known events…").
 */
function Receipts({
  view,
  block,
  sent,
  names,
  chain,
}: {
  view: Decoded;
  block: ReceiptsBlock;
  names: NameContext;
  chain: ChainProfile;
} & ResultViewProps) {
  // The last totals stand while this answer's later rows are added up; a new answer starts over.
  const arrival = sent.answer.kind === "result" ? sent.answer.arrival : undefined;
  const summary = useSteps(view.summary, NOW, arrival);
  const knownEvents = useSteps(view.knownEvents, IDLE);
  const { rows } = view;
  const phrases = summary
    ? totalsPhrases({ ...summary.totals, knownEvents }, chain)
    : addingUpPhrases(view.count);
  const failed = summary !== null && summary.totals.failed > 0;
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold text-base">{block.title}</h3>
      <p data-testid="receipt-totals" className="flex flex-wrap gap-x-2 text-sm">
        {phrases.map((phrase, i) => (
          <span
            key={phrase}
            className={phrase.endsWith(" failed") && failed ? "font-medium text-bad" : undefined}
          >
            {i > 0 && <span className="text-fg-muted">· </span>}
            {phrase}
          </span>
        ))}
      </p>
      <Problems problems={summary?.problems ?? []} />
      <ReceiptsCheck sent={sent} block={block} />
      <ReceiptsTable rows={rows} blockHash={block.blockHash} names={names} chain={chain} />
    </div>
  );
}
