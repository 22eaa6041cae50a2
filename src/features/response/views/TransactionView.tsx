import { useMemo } from "react";
import { shortenHex } from "../../../chain/quantity.ts";
import { decodeTransaction, type TransactionView as Tx } from "../../../chain/transaction.ts";
import { Badge, DecodeError, FieldGroups, HexText, MaybeLink, OtherFields, Problems } from "./parts.tsx";
import { accountLink, txLinkFor } from "./parts-links.ts";
import type { ResultViewProps } from "./registry.ts";
import { txHeader } from "./tx-model.ts";

/** `eth_getTransactionByBlockHashAndIndex`: type, overview, fees, input, signature, access list. */
export function TransactionView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const parsed = useMemo(() => decodeTransaction(result), [result]);
  if (!parsed.ok) return <DecodeError error={parsed.error} />;
  const tx = parsed.value;
  const h = txHeader(tx, sent.body.params);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold text-base">{h.title}</h3>
        <Badge tone="neutral" title={tx.type.eip ?? undefined}>
          {tx.type.name}
        </Badge>
        {tx.pending && <Badge tone="warn">pending</Badge>}
        {tx.contractCreation && <Badge tone="neutral">contract creation</Badge>}
        {tx.hash && <HexText text={shortenHex(tx.hash, 8)} full={tx.hash} />}
        <nav aria-label="Transaction navigation" className="ml-auto flex gap-3 text-sm">
          {h.prev && <MaybeLink target={h.prev}>← prev transaction</MaybeLink>}
          {h.next && <MaybeLink target={h.next}>next transaction →</MaybeLink>}
        </nav>
      </div>
      <Problems problems={tx.problems} />
      <FieldGroups groups={tx.groups} linkFor={txLinkFor} />
      {tx.accessList && tx.accessList.length > 0 && <AccessList entries={tx.accessList} />}
      <OtherFields fields={tx.other} linkFor={txLinkFor} />
    </div>
  );
}

function AccessList({ entries }: { entries: NonNullable<Tx["accessList"]> }) {
  return (
    <section aria-labelledby="tx-access-list">
      <h4 id="tx-access-list" className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
        Access list entries
      </h4>
      <table className="w-full text-sm">
        <caption className="sr-only">Access list</caption>
        <thead className="text-left text-fg-muted text-xs">
          <tr>
            <th scope="col" className="px-2 py-1">
              Address
            </th>
            <th scope="col" className="px-2 py-1">
              Storage keys
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.address} className="border-border border-t align-top">
              <td className="px-2 py-1 font-mono">
                <MaybeLink target={accountLink(e.address)}>{e.address}</MaybeLink>
              </td>
              <td className="px-2 py-1 font-mono text-xs">
                {e.storageKeys.length === 0 ? (
                  <span className="text-fg-muted">none</span>
                ) : (
                  <ul>
                    {e.storageKeys.map((k) => (
                      <li key={k} className="break-all">
                        {k}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
