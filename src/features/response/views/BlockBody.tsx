/**
 * The block and uncle views: the header line with prev / next links, the fields, uncles,
 * withdrawals (`BlockWithdrawals.tsx`) and the transactions (`BlockTransactions.tsx`).
 */
import { useMemo } from "react";
import type { BlockView } from "../../../chain/block.ts";
import { decodeBlock } from "../../../chain/block.ts";
import type { ChainProfile } from "../../../chain/chain-profile.ts";
import { shortenHex } from "../../../chain/quantity.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { BlockTransactions } from "./BlockTransactions.tsx";
import { BlockWithdrawals } from "./BlockWithdrawals.tsx";
import { blockHeader, countText, uncleLink } from "./block-model.ts";
import { DecodeError, Problems } from "./DecodeProblems.tsx";
import { ExplorerLink } from "./ExplorerLink.tsx";
import { FieldGroups, OtherFields } from "./FieldList.tsx";
import { LatestBlockNote } from "./LatestBlockNote.tsx";
import { evmLinkFor } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";
import type { ResultViewProps } from "./registry.ts";
import { SectionHeading } from "./SectionHeading.tsx";
import { useChainHead } from "./useChainHead.ts";
import { useChainProfile } from "./useChainProfile.ts";

/** The whole block (or uncle) view of an answer. */
export function BlockBody({ sent, kind }: ResultViewProps & { kind: "block" | "uncle" }) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const chain = useChainProfile(sent.network);
  const parsed = useMemo(() => decodeBlock(result, kind, chain), [result, kind, chain]);
  if (!parsed.ok) return <DecodeError error={parsed.error} />;
  const view = parsed.value;
  return (
    <div className="grid gap-4">
      <BlockHeaderLine view={view} sent={sent} chain={chain} />
      <Problems problems={view.problems} />
      <FieldGroups groups={view.groups} linkFor={evmLinkFor} />
      <OtherFields fields={view.other} linkFor={evmLinkFor} />
      <Uncles view={view} />
      {view.withdrawals && view.withdrawals.length > 0 && (
        <BlockWithdrawals items={view.withdrawals} currency={chain.currency} />
      )}
      {kind === "block" && (
        <BlockTransactions txs={view.transactions} blockHash={view.hash} network={sent.network} />
      )}
    </div>
  );
}

function BlockHeaderLine({ view, sent, chain }: { view: BlockView; chain: ChainProfile } & ResultViewProps) {
  const h = blockHeader(view, sent.body.params);
  // Is this block the chain's head? Asked only when there is a next block to offer.
  const head = useChainHead(sent, h.next !== null);
  const latest = head !== undefined && view.number !== null && view.number >= head;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h3 className="font-semibold text-base">{h.title}</h3>
      {view.pending && <Badge tone="warn">pending</Badge>}
      {view.hash && <HexValue text={shortenHex(view.hash, 8)} full={view.hash} what="block hash" />}
      {view.timestamp !== null && view.gasUsedShare && (
        <span className="text-fg-muted text-xs">gas used {view.gasUsedShare} of the limit</span>
      )}
      {view.gasLimitNote && (
        <span className="text-fg-muted text-xs" title={view.gasLimitNote}>
          gas limit: a placeholder on {chain.family.name}
        </span>
      )}
      {view.kind === "block" && (view.number !== null || view.hash) && (
        <ExplorerLink
          chain={chain}
          what="block"
          id={view.number !== null ? view.number.toString() : (view.hash ?? "")}
        />
      )}
      <nav aria-label="Block navigation" className="ml-auto flex gap-3 text-sm">
        {h.prev && <MaybeLink target={h.prev}>← prev</MaybeLink>}
        {h.next && (latest ? <LatestBlockNote /> : <MaybeLink target={h.next}>next →</MaybeLink>)}
        {h.receipts && <MaybeLink target={h.receipts}>Receipts of this block</MaybeLink>}
      </nav>
    </div>
  );
}

function Uncles({ view }: { view: BlockView }) {
  if (view.uncles.length === 0) return null;
  const numberHex = view.number === null ? null : `0x${view.number.toString(16)}`;
  return (
    <section aria-labelledby="block-uncles">
      <SectionHeading id="block-uncles">{countText(view.uncles.length, "uncle")}</SectionHeading>
      <ol className="grid gap-1 text-sm">
        {view.uncles.map((hash, i) => (
          <li key={hash} className="flex items-center gap-2">
            {numberHex ? (
              <MaybeLink target={uncleLink(numberHex, i)}>uncle {i}</MaybeLink>
            ) : (
              <span>uncle {i}</span>
            )}
            <HexValue text={shortenHex(hash, 8)} full={hash} />
          </li>
        ))}
      </ol>
    </section>
  );
}
