/**
 * The pieces of the block and uncle views: the header line with prev / next links, uncles,
 * withdrawals, and the transactions (hashes, or a virtualized table of full objects).
 */
import { useMemo } from "react";
import type { BlockTransactions, BlockView, WithdrawalView } from "../../../chain/block.ts";
import { decodeBlock } from "../../../chain/block.ts";
import { formatDecimal, formatEtherText, shortenHex } from "../../../chain/quantity.ts";
import type { TransactionSummary } from "../../../chain/transaction.ts";
import { blockHeader, blockTxLink, countText, uncleLink } from "./block-model.ts";
import { Badge, DecodeError, FieldGroups, HexText, MaybeLink, OtherFields, Problems } from "./parts.tsx";
import { accountLink, evmLinkFor } from "./parts-links.ts";
import { cellClass, VirtualTable } from "./parts-virtual.tsx";
import type { ResultViewProps } from "./registry.ts";

/** The whole block (or uncle) view of an answer. */
export function BlockBody({ sent, kind }: ResultViewProps & { kind: "block" | "uncle" }) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const parsed = useMemo(() => decodeBlock(result, kind), [result, kind]);
  if (!parsed.ok) return <DecodeError error={parsed.error} />;
  const view = parsed.value;
  return (
    <div className="grid gap-4">
      <BlockHeaderLine view={view} params={sent.body.params} />
      <Problems problems={view.problems} />
      <FieldGroups groups={view.groups} linkFor={evmLinkFor} />
      <OtherFields fields={view.other} linkFor={evmLinkFor} />
      <Uncles view={view} />
      {view.withdrawals && view.withdrawals.length > 0 && <Withdrawals items={view.withdrawals} />}
      {kind === "block" && <Transactions txs={view.transactions} blockHash={view.hash} />}
    </div>
  );
}

function BlockHeaderLine({ view, params }: { view: BlockView; params: unknown }) {
  const h = blockHeader(view, params);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h3 className="font-semibold text-base">{h.title}</h3>
      {view.pending && <Badge tone="warn">pending</Badge>}
      {view.hash && <HexText text={shortenHex(view.hash, 8)} full={view.hash} />}
      {view.timestamp !== null && view.gasUsedShare && (
        <span className="text-fg-muted text-xs">gas used {view.gasUsedShare} of the limit</span>
      )}
      <nav aria-label="Block navigation" className="ml-auto flex gap-3 text-sm">
        {h.prev && <MaybeLink target={h.prev}>← prev</MaybeLink>}
        {h.next && <MaybeLink target={h.next}>next →</MaybeLink>}
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
      <h4 id="block-uncles" className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
        {countText(view.uncles.length, "uncle")}
      </h4>
      <ol className="grid gap-1 text-sm">
        {view.uncles.map((hash, i) => (
          <li key={hash} className="flex items-center gap-2">
            {numberHex ? (
              <MaybeLink target={uncleLink(numberHex, i)}>uncle {i}</MaybeLink>
            ) : (
              <span>uncle {i}</span>
            )}
            <HexText text={shortenHex(hash, 8)} full={hash} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Withdrawals({ items }: { items: readonly WithdrawalView[] }) {
  return (
    <section aria-labelledby="block-withdrawals">
      <h4 id="block-withdrawals" className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
        {countText(items.length, "withdrawal")}
      </h4>
      <div className="max-h-80 overflow-auto rounded border border-border">
        <table className="w-full text-sm">
          <caption className="sr-only">Withdrawals</caption>
          <thead className="sticky top-0 bg-surface-muted text-left text-fg-muted text-xs">
            <tr>
              <th scope="col" className="px-2 py-1">
                Index
              </th>
              <th scope="col" className="px-2 py-1">
                Validator
              </th>
              <th scope="col" className="px-2 py-1">
                Address
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((w, i) => (
              <tr key={w.index === null ? `i${i}` : String(w.index)} className="border-border border-t">
                <td className={cellClass}>{w.index === null ? "?" : formatDecimal(w.index)}</td>
                <td className={cellClass}>
                  {w.validatorIndex === null ? "?" : formatDecimal(w.validatorIndex)}
                </td>
                <td className={`${cellClass} font-mono`}>
                  {w.address ? (
                    <MaybeLink target={accountLink(w.address)}>
                      <span title={w.address}>{shortenHex(w.address)}</span>
                    </MaybeLink>
                  ) : (
                    "?"
                  )}
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {w.amountWei === null ? "?" : formatEtherText(w.amountWei)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Transactions({ txs, blockHash }: { txs: BlockTransactions; blockHash: string | null }) {
  if (txs.kind === "none") return null;
  const count = txs.kind === "hashes" ? txs.hashes.length : txs.items.length;
  return (
    <section aria-labelledby="block-transactions" className="grid gap-1">
      <h4 id="block-transactions" className="font-semibold text-fg-muted text-xs uppercase tracking-wide">
        Transactions
      </h4>
      <p className="text-sm">{countText(count, "transaction")}</p>
      {txs.kind === "hashes" ? (
        <TxHashList hashes={txs.hashes} blockHash={blockHash} />
      ) : (
        <TxTable items={txs.items} blockHash={blockHash} />
      )}
    </section>
  );
}

const HASH_LIST_LIMIT = 2000;

function TxHashList({ hashes, blockHash }: { hashes: readonly string[]; blockHash: string | null }) {
  if (hashes.length === 0) return null;
  if (hashes.length > HASH_LIST_LIMIT) {
    return (
      <VirtualTable
        label="Transaction hashes"
        columns={[
          { label: "Index", width: "5rem" },
          { label: "Hash", width: "auto" },
        ]}
        count={hashes.length}
        estimateSize={28}
        minWidth="20rem"
        renderItem={(i) => (
          <tr aria-rowindex={i + 2}>
            <td className={cellClass}>{i}</td>
            <td className={`${cellClass} font-mono`}>
              <MaybeLink target={blockTxLink(blockHash, i) ?? undefined}>{hashes[i]}</MaybeLink>
            </td>
          </tr>
        )}
      />
    );
  }
  return (
    <ol aria-label="Transaction hashes" className="grid max-h-[480px] gap-0.5 overflow-auto text-sm">
      {hashes.map((hash, i) => (
        <li key={hash} className="flex gap-2 font-mono">
          <span className="w-12 shrink-0 text-right text-fg-muted">{i}</span>
          <span className="break-all">
            <MaybeLink target={blockTxLink(blockHash, i) ?? undefined}>{hash}</MaybeLink>
          </span>
        </li>
      ))}
    </ol>
  );
}

const TX_COLUMNS = [
  { label: "Index", width: "3rem" },
  { label: "Hash", width: "7rem" },
  { label: "From", width: "7rem" },
  { label: "To", width: "7.5rem" },
  { label: "Value", width: "5.5rem", align: "right" },
  { label: "Type", width: "7rem" },
  { label: "Fee", width: "9rem" },
] as const;

function TxTable({ items, blockHash }: { items: readonly TransactionSummary[]; blockHash: string | null }) {
  if (items.length === 0) return null;
  return (
    <VirtualTable
      label="Transactions"
      columns={TX_COLUMNS}
      count={items.length}
      estimateSize={29}
      minWidth="46rem"
      renderItem={(i) => {
        const tx = items[i];
        return tx ? <TxRow tx={tx} position={i} blockHash={blockHash} /> : null;
      }}
    />
  );
}

function TxRow({
  tx,
  position,
  blockHash,
}: {
  tx: TransactionSummary;
  position: number;
  blockHash: string | null;
}) {
  const index = tx.index ?? BigInt(position);
  return (
    <tr aria-rowindex={position + 2}>
      <td className={`${cellClass} tabular-nums`}>{index.toString()}</td>
      <td className={`${cellClass} font-mono`}>
        {tx.hash ? (
          <MaybeLink target={blockTxLink(blockHash, index) ?? undefined}>
            <span title={tx.hash}>{shortenHex(tx.hash)}</span>
          </MaybeLink>
        ) : (
          "?"
        )}
      </td>
      <td className={`${cellClass} font-mono`}>
        {tx.from ? (
          <MaybeLink target={accountLink(tx.from)}>
            <span title={tx.from}>{shortenHex(tx.from)}</span>
          </MaybeLink>
        ) : (
          "?"
        )}
      </td>
      <td className={cellClass}>
        {tx.to ? (
          <MaybeLink target={accountLink(tx.to)}>
            <span className="font-mono" title={tx.to}>
              {shortenHex(tx.to)}
            </span>
          </MaybeLink>
        ) : (
          <span className="text-fg-muted italic">{tx.toText}</span>
        )}
      </td>
      <td className={`${cellClass} text-right tabular-nums`}>{tx.valueText}</td>
      <td className={`${cellClass} text-xs`}>{tx.type.name}</td>
      <td className={`${cellClass} text-fg-muted text-xs`}>{tx.feeText}</td>
    </tr>
  );
}
