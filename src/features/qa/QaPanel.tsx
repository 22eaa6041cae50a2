import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { downloadText } from "../../components/ui/download.ts";
import { methodsForChain } from "../../methods/registry.ts";
import { transportLabel } from "../../rpc/transport.ts";
import { sendOnce } from "../../send/useSendRequest.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import type { Transport } from "../../state/settings-slice.ts";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import { type QaRow, type QaRun, runIntegrity, runQa, type Send, toJson, toMarkdown } from "./qa-run.ts";

/** The run's export files: one button each. */
const EXPORTS = [
  { label: "Export JSON", file: "qa-run.json", type: "application/json", text: toJson },
  { label: "Export Markdown", file: "qa-run.md", type: "text/markdown", text: toMarkdown },
] as const;

/** Runs every method of the selected network once and shows what passed, how fast, how large. */
export function QaPanel() {
  const network = useSelectedNetwork();
  const apiKey = useSelectedKey();
  const transport = useAppStore((s) => s.transport);
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const [both, setBoth] = useState(false);
  const [block, setBlock] = useState("latest");
  const [live, setLive] = useState<QaRow[]>([]);
  const ids = { both: useId(), block: useId() };
  const blockProblem = /^(latest|earliest|pending|safe|finalized|0x(0|[1-9a-fA-F][0-9a-fA-F]*))$/.test(block)
    ? undefined
    : "A block tag (latest, …) or a hex number such as 0x8.";

  const controller = useRef<AbortController | null>(null);
  const run = useMutation({
    mutationKey: ["qa-run"],
    mutationFn: async (): Promise<QaRun> => {
      setLive([]);
      const transports: Transport[] = both ? ["http", "ws"] : [transport];
      const own = new AbortController();
      controller.current = own;
      const send: Send = (body, t) =>
        sendOnce({ network, apiKey, transport: t, body, timeoutMs }, own.signal);
      const startedAt = new Date().toISOString();
      const rows = await runQa(
        methodsForChain(network.kind),
        transports,
        send,
        (row) => setLive((prev) => [...prev, row]),
        own.signal,
      );
      const integrity =
        network.kind === "evm" && !own.signal.aborted
          ? await runIntegrity(block, transports[0] ?? "http", send)
          : null;
      return {
        network: { id: network.id, name: network.name, kind: network.kind },
        transports,
        startedAt,
        rows,
        integrity,
      };
    },
  });

  const rows = run.data?.rows ?? live;
  const transports: Transport[] = run.data?.transports ?? (both ? ["http", "ws"] : [transport]);
  const methods = [...new Set(rows.map((r) => r.method))];
  const passed = rows.filter((r) => r.status === "pass").length;

  return (
    <section aria-label="QA run" className="flex flex-col gap-3 text-sm">
      <p className="text-fg-muted">
        Sends every method of <strong className="text-fg">{network.name}</strong> once with its example params
        and checks each answer against the spec's shape. A JSON-RPC error or a wrong shape is a fail.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <label htmlFor={ids.both} className="flex items-center gap-2">
          <input id={ids.both} type="checkbox" checked={both} onChange={(e) => setBoth(e.target.checked)} />
          Both transports, side by side (else {transportLabel(transport)})
        </label>
        {network.kind === "evm" && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.block} className="text-xs text-fg-muted">
              Block for the receipts check
            </label>
            <input
              id={ids.block}
              className="w-32 rounded border border-border bg-surface px-2 py-1 font-mono"
              value={block}
              aria-invalid={blockProblem ? true : undefined}
              onChange={(e) => setBlock(e.target.value.trim())}
            />
            {blockProblem && <p className="text-xs text-bad">{blockProblem}</p>}
          </div>
        )}
        <button
          type="button"
          className="rounded bg-accent px-3 py-1 font-medium text-accent-fg disabled:opacity-50"
          disabled={run.isPending || blockProblem !== undefined}
          onClick={() => run.mutate()}
        >
          {run.isPending ? "Running…" : "Run all methods"}
        </button>
        {run.isPending && (
          <button
            type="button"
            className="rounded border border-border px-2 py-1 text-xs"
            onClick={() => controller.current?.abort()}
          >
            Cancel run
          </button>
        )}
        {run.data &&
          EXPORTS.map((x) => (
            <button
              key={x.label}
              type="button"
              className="rounded border border-border px-2 py-1 text-xs"
              onClick={() => downloadText(x.file, x.text(run.data), x.type)}
            >
              {x.label}
            </button>
          ))}
      </div>
      {run.isError && (
        <p role="alert" className="text-bad">
          The run stopped: {run.error instanceof Error ? run.error.message : String(run.error)}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p data-testid="qa-summary">
            {passed} of {rows.length} passed{run.isPending ? " so far" : ""}.
          </p>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">QA results</caption>
            <thead>
              <tr className="border-b border-border text-xs text-fg-muted">
                <th scope="col" className="py-1 pr-2">
                  Method
                </th>
                {transports.map((t) => (
                  <th key={t} scope="col" className="py-1 pr-2">
                    {transportLabel(t)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {methods.map((m) => (
                <tr key={m} className="border-b border-border align-top">
                  <th scope="row" className="py-1 pr-2 font-mono font-normal">
                    {m}
                  </th>
                  {transports.map((t) => {
                    const r = rows.find((x) => x.method === m && x.transport === t);
                    return (
                      <td key={t} className="py-1 pr-2" data-testid={`qa-${m}-${t}`}>
                        {r ? <RowResult row={r} /> : <span className="text-fg-muted">…</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {run.data?.integrity && (
        <div data-testid="qa-integrity">
          <h4 className="font-semibold">Block {run.data.integrity.block}: receipts against the block</h4>
          {"error" in run.data.integrity ? (
            <p className="text-bad">Could not check: {run.data.integrity.error}</p>
          ) : (
            <ul>
              {run.data.integrity.checks.map((c) => (
                <li key={c.check}>
                  <span className={c.ok ? "text-ok" : "text-bad"}>{c.ok ? "pass" : "fail"}</span>: {c.check}:{" "}
                  <span className="text-fg-muted">{c.detail}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function RowResult({ row }: { row: QaRow }) {
  return (
    <div className="flex flex-col">
      <span className={row.status === "pass" ? "font-semibold text-ok" : "font-semibold text-bad"}>
        {row.status === "pass" ? "pass" : "fail"}
        <span className="ml-2 font-normal text-fg-muted">
          {row.latencyMs !== null && `${Math.round(row.latencyMs)} ms`}
          {row.sizeBytes !== null && ` · ${row.sizeBytes} B`}
        </span>
      </span>
      <span className="text-xs text-fg-muted">{row.reason}</span>
    </div>
  );
}
