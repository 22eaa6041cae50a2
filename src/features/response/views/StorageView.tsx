import { useMemo } from "react";
import { decodeStorageWord } from "../../../chain/storage.ts";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";
import { DecodeError } from "./parts.tsx";
import type { ResultViewProps } from "./registry.ts";
import { storageRows } from "./storage-interpretations.ts";

/** `eth_getStorageAt`: the 32-byte word read as each type a Solidity variable could have. */
export function StorageView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const decoded = useMemo(() => decodeStorageWord(result), [result]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  const rows = storageRows(decoded.value);
  return (
    <section aria-label="Storage value" className="grid gap-2 text-sm">
      <p className="text-fg-muted">
        The word at this position, read as each type it could hold. Which one is right depends on the
        variable's declared type.
      </p>
      <table className="w-full border-collapse">
        <caption className="sr-only">Interpretations of the storage word</caption>
        <thead>
          <tr className="border-border border-b text-left text-fg-muted text-xs">
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Value
            </th>
            <th scope="col" className="py-1 font-medium">
              Note
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.type} className="border-border/60 border-b align-top">
              <th scope="row" className="py-1 pr-4 text-left font-mono font-normal text-fg-muted">
                {r.type}
              </th>
              <td className="py-1 pr-4">
                {r.hex ? (
                  <span className="inline-flex items-center gap-1.5">
                    <span className="font-mono text-xs break-all">{r.value}</span>
                    <CopyButton text={r.value} label="Copy" className="px-1 py-0 text-[10px]" />
                  </span>
                ) : (
                  <span className="break-all tabular-nums">{r.value}</span>
                )}
              </td>
              <td className="py-1 text-fg-muted text-xs">{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
