/** The transactions of a block: their hashes, or a virtualized table of the full objects. */
import { memo, useMemo } from "react";
import type { BlockTransactions as Txs } from "../../../chain/block.ts";
import type { LazyRows } from "../../../chain/lazy-rows.ts";
import { type NameContext, nameCall } from "../../../chain/names.ts";
import { shortenHex } from "../../../chain/quantity.ts";
import type { TransactionSummary } from "../../../chain/transaction.ts";
import { cellClass } from "../../../components/ui/DataTable.tsx";
import { VirtualTable } from "../../../components/ui/VirtualTable.tsx";
import type { Network } from "../../../networks/network.ts";
import { useNames } from "../names/useNames.ts";
import { blockTxLink, countText } from "./block-model.ts";
import { accountLink } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";

export function BlockTransactions({
  txs,
  blockHash,
  network,
}: {
  txs: Txs;
  blockHash: string | null;
  network: Pick<Network, "id">;
}) {
  const names = useNames(network);
  if (txs.kind === "none") return null;
  const count = txs.kind === "hashes" ? txs.hashes.length : txs.items.length;
  return (
    <section aria-labelledby="block-transactions" className="below-fold-lazy grid gap-1">
      <h4 id="block-transactions" className="font-semibold text-fg-muted text-xs uppercase tracking-wide">
        Transactions
      </h4>
      <p className="text-sm">{countText(count, "transaction")}</p>
      {txs.kind === "hashes" ? (
        <TxHashList hashes={txs.hashes} blockHash={blockHash} />
      ) : (
        <TxTable items={txs.items} blockHash={blockHash} names={names} />
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
    <ol aria-label="Transaction hashes" className="-m-1 grid max-h-[480px] gap-0.5 overflow-auto p-1 text-sm">
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
  { label: "Call", width: "9rem" },
  { label: "Type", width: "7rem" },
  { label: "Fee", width: "9rem" },
] as const;

function TxTable({
  items,
  blockHash,
  names,
}: {
  /** Summarized as the table draws them; the count follows the model (rows appear as it grows). */
  items: LazyRows<TransactionSummary>;
  blockHash: string | null;
  names: NameContext;
}) {
  if (items.length === 0) return null;
  return (
    <VirtualTable
      label="Transactions"
      columns={TX_COLUMNS}
      count={items.length}
      source={items.at(0)}
      estimateSize={29}
      minWidth="55rem"
      renderItem={(i) => {
        const tx = items.at(i);
        return tx ? <TxRow tx={tx} position={i} blockHash={blockHash} names={names} /> : null;
      }}
    />
  );
}

/**
 * One transaction's row. Memoized: while a big block's rows arrive, the table renders again for
 * every new count, and a row already drawn keeps its props (its summary is kept per raw object,
 * `memoByIdentity`), so it is not rendered nor its cells' properties compared again in the commit.
 */
const TxRow = memo(function TxRow({
  tx,
  position,
  blockHash,
  names,
}: {
  tx: TransactionSummary;
  position: number;
  blockHash: string | null;
  names: NameContext;
}) {
  const index = tx.index ?? BigInt(position);
  // Named here, per rendered row: the table draws only the rows in view.
  const named = useMemo(
    () => (tx.selector === null ? null : nameCall(tx.input, tx.to, names)),
    [tx.selector, tx.input, tx.to, names],
  );
  const amount = named?.args.find((a) => a.amount !== null)?.amount;
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
      <td className={`${cellClass} text-xs`}>
        {named ? (
          <span title={`${named.signature} (${named.source})`}>
            <span className="font-medium font-mono">{named.name}</span>
            {amount && <span className="ml-1 tabular-nums">{amount.text}</span>}
          </span>
        ) : tx.selector ? (
          <span className="font-mono text-fg-muted" title="not in the bundled table">
            {tx.selector}
          </span>
        ) : null}
      </td>
      <td className={`${cellClass} text-xs`} title={tx.type.description ?? undefined}>
        {tx.type.label}
      </td>
      <td className={`${cellClass} text-fg-muted text-xs`}>{tx.feeText}</td>
    </tr>
  );
});
