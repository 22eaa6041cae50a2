import { type ReactNode, useMemo } from "react";
import type { Field } from "../../../chain/field.ts";
import { type StarknetBlockView as Block, decodeStarknetBlock } from "../../../chain/starknet-block.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { cellClass, type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import { VirtualTable } from "../../../components/ui/VirtualTable.tsx";
import { DecodeError, Problems } from "./DecodeProblems.tsx";
import { OtherFields } from "./FieldList.tsx";
import { FieldValueText } from "./FieldValueText.tsx";
import { LatestBlockNote } from "./LatestBlockNote.tsx";
import { RequestLink } from "./RequestLink.tsx";
import type { ResultViewProps } from "./registry.ts";
import { SectionHeading } from "./SectionHeading.tsx";
import {
  type GasPriceRow,
  gasPriceRows,
  pendingNote,
  type StarknetTarget,
  starknetNav,
  starknetSections,
  statusTone,
} from "./starknet-block-model.ts";
import { useChainHead } from "./useChainHead.ts";

/** `starknet_getBlockWithTxHashes`: status, header, gas prices, protocol version, transaction hashes. */
export function StarknetBlockView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const decoded = useMemo(() => decodeStarknetBlock(result), [result]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  const view = decoded.value;
  const note = pendingNote(view);
  const prices = gasPriceRows(view);
  return (
    <div className="grid gap-4 text-sm">
      <StatusLine view={view} sent={sent} />
      {note && (
        <p role="note" className="rounded border border-warn/40 bg-warn-bg p-2 text-warn">
          {note}
        </p>
      )}
      <Sections view={view} />
      {prices.length > 0 && <GasPrices prices={prices} />}
      <TransactionHashes hashes={view.transactions} />
      <OtherFields fields={view.other} />
      <Problems problems={view.problems} />
    </div>
  );
}

function StatusLine({ view, sent }: { view: Block } & ResultViewProps) {
  const nav = starknetNav(view);
  const head = useChainHead(sent, nav.next !== null);
  const latest = head !== undefined && view.blockNumber !== null && BigInt(view.blockNumber) >= head;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Badge
        tone={statusTone(view.status)}
        title={view.statusGiven ? "status" : "inferred from the block's shape"}
      >
        {view.status}
      </Badge>
      <span className="text-fg-muted">{view.statusText}</span>
      <h3 className="font-semibold tabular-nums">
        {view.blockNumber !== null ? `Block ${view.blockNumber.toString()}` : "Pending block"}
      </h3>
      <nav aria-label="Neighbouring blocks" className="ml-auto flex gap-3 text-xs">
        {nav.prev && <NavLink target={nav.prev}>← previous</NavLink>}
        {nav.next && (latest ? <LatestBlockNote /> : <NavLink target={nav.next}>next →</NavLink>)}
      </nav>
    </div>
  );
}

/** The header fields, one titled list per section; the parent hash opens the parent block. */
function Sections({ view }: { view: Block }) {
  const parent = starknetNav(view).parent;
  const linkFor = (f: Field): StarknetTarget | null => (f.key === "parent_hash" ? parent : null);
  return starknetSections(view).map((s) => (
    <section key={s.id} aria-labelledby={`sn-${s.id}`}>
      <SectionHeading id={`sn-${s.id}`}>{s.title}</SectionHeading>
      <InfoList columns="grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1">
        {s.fields.map((f) => {
          const target = linkFor(f);
          return (
            <InfoRow key={f.key} label={f.label} title={f.key}>
              <FieldValueText
                value={f.value}
                label={f.label}
                {...(target ? { wrap: (c: ReactNode) => <NavLink target={target}>{c}</NavLink> } : {})}
              />
            </InfoRow>
          );
        })}
      </InfoList>
    </section>
  ));
}

const PRICE_COLUMNS: readonly DataColumn<GasPriceRow>[] = [
  {
    key: "resource",
    header: "Resource",
    rowHeader: true,
    className: "text-fg-muted",
    cellProps: (p) => ({ title: p.key }),
    cell: (p) => p.label,
  },
  {
    key: "fri",
    header: "fri (10⁻¹⁸ STRK)",
    className: "tabular-nums",
    cellProps: (p) => ({ title: p.friHex ?? undefined }),
    cell: (p) => p.fri ?? "not given",
  },
  {
    key: "wei",
    header: "wei (10⁻¹⁸ ETH)",
    className: "tabular-nums",
    cellProps: (p) => ({ title: p.weiHex ?? undefined }),
    cell: (p) => p.wei ?? "not given",
  },
];

function GasPrices({ prices }: { prices: readonly GasPriceRow[] }) {
  return (
    <section aria-labelledby="sn-gas">
      <SectionHeading id="sn-gas">Gas prices (per unit of gas)</SectionHeading>
      <DataTable rows={prices} columns={PRICE_COLUMNS} rowKey={(p) => p.key} fit />
    </section>
  );
}

/** Above this many hashes the list is virtualized (as the EVM block's hash list is). */
const HASH_LIST_LIMIT = 2000;
const HASH_COLUMNS = [
  { label: "Index", width: "4rem" },
  { label: "Hash", width: "auto" },
] as const;

function TransactionHashes({ hashes }: { hashes: readonly string[] }) {
  return (
    <section aria-labelledby="sn-txs">
      <SectionHeading id="sn-txs">Transactions ({hashes.length})</SectionHeading>
      {hashes.length === 0 ? (
        <p className="text-fg-muted">No transactions.</p>
      ) : hashes.length > HASH_LIST_LIMIT ? (
        // A big block: only the rows in view are drawn (the count follows the answer as it grows).
        <VirtualTable
          label="Transaction hashes"
          columns={HASH_COLUMNS}
          count={hashes.length}
          estimateSize={24}
          minWidth="20rem"
          maxHeight={256}
          renderItem={(i) => (
            <tr aria-rowindex={i + 2}>
              <td className={`${cellClass} text-fg-muted tabular-nums`}>{i}</td>
              <td className={`${cellClass} font-mono text-xs`}>
                <HexValue full={hashes[i] ?? ""} />
              </td>
            </tr>
          )}
        />
      ) : (
        <ol className="-m-1 max-h-64 overflow-auto p-1 font-mono text-xs">
          {hashes.map((hash, i) => (
            <li key={hash} className="flex items-center gap-2 py-0.5">
              <span className="w-8 text-right text-fg-muted tabular-nums">{i}</span>
              <HexValue full={hash} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function NavLink({ target, children }: { target: StarknetTarget; children: ReactNode }) {
  return (
    <RequestLink method={target.method} params={target.params} label={target.label}>
      {children}
    </RequestLink>
  );
}
