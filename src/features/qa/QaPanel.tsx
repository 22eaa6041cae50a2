import { useId, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { downloadText } from "../../components/ui/download.ts";
import { FormField } from "../../components/ui/FormField.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import { transportLabel } from "../../rpc/transport.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import type { Transport } from "../../state/settings-slice.ts";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import { QaIntegrity } from "./QaIntegrity.tsx";
import { QaResultsTable } from "./QaResultsTable.tsx";
import { type QaRun, toJson, toMarkdown } from "./qa-run.ts";
import { useQaRun } from "./useQaRun.ts";

/** The run's export files: one button each. */
const EXPORTS = [
  { label: "Export JSON", file: "qa-run.json", type: "application/json", text: toJson },
  { label: "Export Markdown", file: "qa-run.md", type: "text/markdown", text: toMarkdown },
] as const;

const BLOCK = /^(latest|earliest|pending|safe|finalized|0x(0|[1-9a-fA-F][0-9a-fA-F]*))$/;

/** Runs every method of the selected network once and shows what passed, how fast, how large. */
export function QaPanel() {
  const network = useSelectedNetwork();
  const apiKey = useSelectedKey();
  const transport = useAppStore((s) => s.transport);
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const [both, setBoth] = useState(false);
  const [block, setBlock] = useState("latest");
  const bothId = useId();
  const blockProblem = BLOCK.test(block) ? undefined : "A block tag (latest, …) or a hex number such as 0x8.";
  const chosen: Transport[] = both ? ["http", "ws"] : [transport];
  const { run, live, cancel } = useQaRun({ network, apiKey, timeoutMs, transports: chosen, block });
  const rows = run.data?.rows ?? live;
  const passed = rows.filter((r) => r.status === "pass").length;

  return (
    <section aria-label="QA run" className="flex flex-col gap-3 text-sm">
      <p className="text-fg-muted">
        Sends every method of <strong className="text-fg">{network.name}</strong> once with its example params
        and checks each answer against the spec's shape. A JSON-RPC error or a wrong shape is a fail.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <label htmlFor={bothId} className="flex items-center gap-2">
          <input id={bothId} type="checkbox" checked={both} onChange={(e) => setBoth(e.target.checked)} />
          Both transports, side by side (else {transportLabel(transport)})
        </label>
        {network.kind === "evm" && <BlockField block={block} problem={blockProblem} onChange={setBlock} />}
        <Button
          variant="primary"
          disabled={run.isPending || blockProblem !== undefined}
          onClick={() => run.mutate()}
        >
          {run.isPending ? "Running…" : "Run all methods"}
        </Button>
        {run.isPending && <Button onClick={cancel}>Cancel run</Button>}
        {run.data && <Exports run={run.data} />}
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
          <QaResultsTable rows={rows} transports={run.data?.transports ?? chosen} />
        </>
      )}
      {run.data?.integrity && <QaIntegrity integrity={run.data.integrity} />}
    </section>
  );
}

function BlockField(props: { block: string; problem: string | undefined; onChange(block: string): void }) {
  const id = useId();
  return (
    <FormField label="Block for the receipts check" htmlFor={id} labelSize="xs" error={props.problem}>
      <TextInput
        id={id}
        mono
        className="w-32"
        value={props.block}
        aria-invalid={props.problem ? true : undefined}
        onChange={(e) => props.onChange(e.target.value.trim())}
      />
    </FormField>
  );
}

function Exports({ run }: { run: QaRun }) {
  return EXPORTS.map((x) => (
    <Button key={x.label} onClick={() => downloadText(x.file, x.text(run), x.type)}>
      {x.label}
    </Button>
  ));
}
