import { type ReactNode, useMemo } from "react";
import type { Field } from "../../../chain/field.ts";
import { decodeStarknetBlock } from "../../../chain/starknet-block.ts";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";
import { RequestLink } from "./links.tsx";
import { Badge, DecodeError, FieldValueText, OtherFields, Problems } from "./parts.tsx";
import type { ResultViewProps } from "./registry.ts";
import {
  gasPriceRows,
  pendingNote,
  type StarknetTarget,
  starknetNav,
  starknetSections,
  statusTone,
} from "./starknet-block-model.ts";

/** `starknet_getBlockWithTxHashes`: status, header, gas prices, protocol version, transaction hashes. */
export function StarknetBlockView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const decoded = useMemo(() => decodeStarknetBlock(result), [result]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  const view = decoded.value;
  const nav = starknetNav(view);
  const note = pendingNote(view);
  const prices = gasPriceRows(view);
  const linkFor = (f: Field): StarknetTarget | null => (f.key === "parent_hash" ? nav.parent : null);

  return (
    <div className="grid gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Badge
          tone={statusTone(view.status)}
          title={view.statusGiven ? "status" : "inferred from the block's shape"}
        >
          {view.status}
        </Badge>
        <span className="text-fg-muted">{view.statusText}</span>
        {view.blockNumber !== null && (
          <span className="font-semibold tabular-nums">Block {view.blockNumber.toString()}</span>
        )}
        <nav aria-label="Neighbouring blocks" className="ml-auto flex gap-3 text-xs">
          {nav.prev && <NavLink target={nav.prev}>← previous</NavLink>}
          {nav.next && <NavLink target={nav.next}>next →</NavLink>}
        </nav>
      </div>
      {note && (
        <p role="note" className="rounded border border-warn/40 bg-warn-bg p-2 text-warn">
          {note}
        </p>
      )}

      {starknetSections(view).map((s) => (
        <section key={s.id} aria-labelledby={`sn-${s.id}`}>
          <h4 id={`sn-${s.id}`} className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
            {s.title}
          </h4>
          <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1">
            {s.fields.map((f) => {
              const target = linkFor(f);
              return (
                <div key={f.key} className="contents">
                  <dt className="text-fg-muted" title={f.key}>
                    {f.label}
                  </dt>
                  <dd className="min-w-0">
                    <FieldValueText
                      value={f.value}
                      {...(target ? { wrap: (c: ReactNode) => <NavLink target={target}>{c}</NavLink> } : {})}
                    />
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}

      {prices.length > 0 && (
        <section aria-labelledby="sn-gas">
          <h4 id="sn-gas" className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
            Gas prices (per unit of gas)
          </h4>
          <table className="border-collapse">
            <thead>
              <tr className="border-border border-b text-left text-fg-muted text-xs">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Resource
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  fri (10⁻¹⁸ STRK)
                </th>
                <th scope="col" className="py-1 font-medium">
                  wei (10⁻¹⁸ ETH)
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p) => (
                <tr key={p.key} className="border-border/60 border-b">
                  <th scope="row" className="py-1 pr-4 text-left font-normal text-fg-muted" title={p.key}>
                    {p.label}
                  </th>
                  <td className="py-1 pr-4 tabular-nums" title={p.friHex ?? undefined}>
                    {p.fri ?? "not given"}
                  </td>
                  <td className="py-1 tabular-nums" title={p.weiHex ?? undefined}>
                    {p.wei ?? "not given"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-labelledby="sn-txs">
        <h4 id="sn-txs" className="mb-1 font-semibold text-fg-muted text-xs uppercase tracking-wide">
          Transactions ({view.transactions.length})
        </h4>
        {view.transactions.length === 0 ? (
          <p className="text-fg-muted">No transactions.</p>
        ) : (
          <ol className="max-h-64 overflow-auto font-mono text-xs">
            {view.transactions.map((hash, i) => (
              <li key={hash} className="flex items-center gap-2 py-0.5">
                <span className="w-8 text-right text-fg-muted tabular-nums">{i}</span>
                <span className="break-all">{hash}</span>
                <CopyButton text={hash} label="Copy" className="px-1 py-0 text-[10px]" />
              </li>
            ))}
          </ol>
        )}
      </section>

      <OtherFields fields={view.other} />
      <Problems problems={view.problems} />
    </div>
  );
}

function NavLink({ target, children }: { target: StarknetTarget; children: ReactNode }) {
  return (
    <RequestLink method={target.method} params={target.params} label={target.label}>
      {children}
    </RequestLink>
  );
}
