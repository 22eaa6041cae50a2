/** The transactions of a block: their hashes, or a virtualized table of the full objects. */
import type { BlockTransactions as Txs } from "../../../chain/block.ts";
import { shortenHex } from "../../../chain/quantity.ts";
import type { TransactionSummary } from "../../../chain/transaction.ts";
import { cellClass } from "../../../components/ui/DataTable.tsx";
import { VirtualTable } from "../../../components/ui/VirtualTable.tsx";
import { blockTxLink, countText } from "./block-model.ts";
import { accountLink } from "./link-targets.ts";
import { MaybeLink } from "./RequestLink.tsx";

export function BlockTransactions({ txs, blockHash }: { txs: Txs; blockHash: string | null }) {
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
