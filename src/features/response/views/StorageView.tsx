import { useMemo } from "react";
import { decodeStorageWord } from "../../../chain/storage.ts";
import { type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { DecodeError } from "./DecodeProblems.tsx";
import type { ResultViewProps } from "./registry.ts";
import { type StorageRow, storageRows } from "./storage-interpretations.ts";

const COLUMNS: readonly DataColumn<StorageRow>[] = [
  { key: "type", header: "Type", rowHeader: true, className: "font-mono text-fg-muted", cell: (r) => r.type },
  {
    key: "value",
    header: "Value",
    cell: (r) =>
      r.hex ? <HexValue full={r.value} small /> : <span className="break-all tabular-nums">{r.value}</span>,
  },
  { key: "note", header: "Note", className: "text-fg-muted text-xs", cell: (r) => r.note },
];

/** `eth_getStorageAt`: the 32-byte word read as each type a Solidity variable could have. */
export function StorageView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const decoded = useMemo(() => decodeStorageWord(result), [result]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  return (
    <section aria-label="Storage value" className="grid gap-2 text-sm">
      <h3 className="font-semibold text-base">Storage word</h3>
      <p className="text-fg-muted">
        The word at this position, read as each type it could hold. Which one is right depends on the
        variable's declared type.
      </p>
      <DataTable
        caption="Interpretations of the storage word"
        rows={storageRows(decoded.value)}
        columns={COLUMNS}
        rowKey={(r) => r.type}
      />
    </section>
  );
}
