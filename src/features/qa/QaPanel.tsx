import { useId, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { downloadText } from "../../components/ui/download.ts";
import { FormField } from "../../components/ui/FormField.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import { methodsForChain } from "../../methods/registry.ts";
import { needsKey } from "../../networks/network.ts";
import { transportLabel } from "../../rpc/transport.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { keyFor } from "../../state/key-slice.ts";
import type { Transport } from "../../state/settings-slice.ts";
import { useDevnet, useNetworks, useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import { QaComparison } from "./QaComparison.tsx";
import { QaChecksTable, QaResultsTable } from "./QaResultsTable.tsx";
import { QaTargets, type TargetChoice } from "./QaTargets.tsx";
import {
  DEFAULT_TX_BOUND,
  MAX_REPEATS,
  MAX_TARGETS,
  MAX_TX_BOUND,
  type QaRun,
  toJson,
  toMarkdown,
} from "./qa-run.ts";
import { type RunTarget, useQaRun } from "./useQaRun.ts";

const IDS = ["B", "C"] as const;

/** A whole number in [lo, hi], or the message to show at the field. */
function readCount(text: string, lo: number, hi: number): { value: number } | { problem: string } {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= lo && n <= hi
    ? { value: n }
    : { problem: `A whole number from ${lo} to ${hi}.` };
}

/**
 * The QA run: every method of the selected network with params sampled from the network itself,
 * judged, timed over N repeats, checked against each other on one block; with targets added, the
 * same run against two or three providers side by side, and every disagreement flagged.
 */
export function QaPanel() {
  const network = useSelectedNetwork();
  const networks = useNetworks();
  const devnet = useDevnet();
  const apiKey = useSelectedKey();
  const storedKeys = useAppStore((s) => s.keys);
  const singleKey = useAppStore((s) => s.singleKey);
  const transport = useAppStore((s) => s.transport);
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const [both, setBoth] = useState(false);
  const [repeatsText, setRepeatsText] = useState("1");
  const [boundText, setBoundText] = useState(String(DEFAULT_TX_BOUND));
  const [extra, setExtra] = useState<TargetChoice[]>([]);
  const bothId = useId();
  const { run, live, cancel } = useQaRun();

  const repeats = readCount(repeatsText, 1, MAX_REPEATS);
  const bound = readCount(boundText, 1, MAX_TX_BOUND);
  const chosen: Transport[] = both ? ["http", "ws"] : [transport];

  const targets: RunTarget[] = [
    { id: "A", network, apiKey, keySource: needsKey(network) ? "stored" : "none" },
  ];
  const problems: Record<string, string | undefined> = {};
  for (const t of extra) {
    const n = networks.find((x) => x.id === t.networkId);
    if (!n) {
      problems[t.id] = "Choose a network.";
      continue;
    }
    if (n.kind !== network.kind) {
      problems[t.id] =
        `${n.name} is ${n.kind === "evm" ? "an EVM" : "a Starknet"} network and target A is not: compare networks of one kind.`;
      continue;
    }
    const key = t.keyMode === "typed" ? t.typedKey : keyFor({ keys: storedKeys, singleKey }, n, devnet);
    if (needsKey(n) && key === "") {
      problems[t.id] =
        t.keyMode === "typed"
          ? "Type the key for this target."
          : `No key is stored for ${n.name}: type one, or choose "Another key".`;
      continue;
    }
    targets.push({ id: t.id, network: n, apiKey: key, keySource: needsKey(n) ? t.keyMode : "none" });
  }
  const blocked =
    "problem" in repeats || "problem" in bound || Object.values(problems).some((p) => p !== undefined);

  const addTarget = () => {
    const id = IDS.find((x) => !extra.some((t) => t.id === x));
    if (id) setExtra([...extra, { id, networkId: network.id, keyMode: "stored", typedKey: "" }]);
  };
  const start = () => {
    if (blocked || !("value" in repeats) || !("value" in bound)) return;
    run.mutate({ targets, timeoutMs, transports: chosen, repeats: repeats.value, txBound: bound.value });
  };
  const shown = live;
  const perTarget =
    network.kind === "evm" ? methodsForChain("evm").length : methodsForChain("starknet").length;

  return (
    <section aria-label="QA run" className="flex min-w-0 flex-col gap-3 text-sm">
      <p className="text-fg-muted">
        Asks <strong className="text-fg">{network.name}</strong> for a recent block with transactions and
        sends every method with params taken from it, checks each answer against the spec's shape and the
        methods against each other on that block, and times them. Add a target to run the same against another
        provider or key, side by side, on the same block.
      </p>
      <QaTargets
        first={network}
        networks={networks}
        targets={extra}
        problems={problems}
        disabled={run.isPending}
        onChange={setExtra}
        onAdd={addTarget}
        canAdd={extra.length < MAX_TARGETS - 1}
      />
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <label htmlFor={bothId} className="flex items-center gap-2">
          <input id={bothId} type="checkbox" checked={both} onChange={(e) => setBoth(e.target.checked)} />
          Both transports (else {transportLabel(transport)})
        </label>
        <CountField
          label="Repeats per method"
          text={repeatsText}
          onChange={setRepeatsText}
          problem={"problem" in repeats ? repeats.problem : undefined}
        />
        <CountField
          label="Transactions checked one by one"
          text={boundText}
          onChange={setBoundText}
          problem={"problem" in bound ? bound.problem : undefined}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" disabled={run.isPending || blocked} onClick={start}>
          {run.isPending ? "Running…" : targets.length > 1 ? "Run the comparison" : "Run all methods"}
        </Button>
        {run.isPending && <Button onClick={cancel}>Cancel run</Button>}
        {run.data && <Exports run={run.data} />}
      </div>
      {shown && <Progress run={shown} pending={run.isPending} perTarget={perTarget} />}
      {run.isError && (
        <p role="alert" className="text-bad">
          The run stopped: {run.error instanceof Error ? run.error.message : String(run.error)}
        </p>
      )}
      {shown && <RunResult run={shown} pending={run.isPending} />}
    </section>
  );
}

function CountField(props: {
  label: string;
  text: string;
  problem: string | undefined;
  onChange(text: string): void;
}) {
  const id = useId();
  return (
    <FormField
      label={props.label}
      htmlFor={id}
      labelSize="xs"
      error={props.problem}
      errorId={`${id}-problem`}
    >
      <TextInput
        id={id}
        inputMode="numeric"
        className="w-24"
        value={props.text}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FormField>
  );
}

/** How far the run is: one unit per method row and one for each target's checks. */
function Progress({ run, pending, perTarget }: { run: QaRun; pending: boolean; perTarget: number }) {
  const total = run.targets.length * (perTarget * run.transports.length + 1);
  const done = run.targets.reduce(
    (n, t) => n + (t.error || t.done ? perTarget * run.transports.length + 1 : t.rows.length),
    0,
  );
  const phase = pending
    ? run.block
      ? `Sending on block ${run.block.number}: ${done} of ${total} steps`
      : "Asking each target its head and taking a sample…"
    : run.cancelled
      ? `Cancelled after ${done} of ${total} steps.`
      : run.block
        ? `Done: ${total} steps.`
        : "Stopped: no target gave a block to run on.";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pending && (
        <progress aria-label="QA run progress" max={total} value={done} className="w-40 max-w-full" />
      )}
      <p role="status" data-testid="qa-progress">
        {phase}
      </p>
    </div>
  );
}

function RunResult({ run, pending }: { run: QaRun; pending: boolean }) {
  const many = run.targets.length > 1;
  const summary = run.targets
    .filter((t) => t.rows.length > 0)
    .map((t) => {
      const pass = t.rows.filter((r) => r.status === "pass").length;
      const skipped = t.rows.filter((r) => r.status === "skipped").length;
      return `${many ? `${t.id}: ` : ""}${pass} of ${t.rows.length} passed${skipped ? `, ${skipped} skipped` : ""}`;
    })
    .join("; ");
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {run.block && (
        <div data-testid="qa-block">
          <p>
            Block <span className="font-mono">{run.block.number}</span> (
            <span className="font-mono break-all">{run.block.hash}</span>), sampled from target{" "}
            {run.block.sampledFrom}: the lowest head {run.block.lowestHead} minus {run.block.margin}, then
            back to a block with transactions.
          </p>
          {run.sample && run.sample.notes.length > 0 && (
            <ul className="list-disc pl-5 text-fg-muted">
              {run.sample.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {run.targets
        .filter((t) => t.error)
        .map((t) => (
          <p key={t.id} role="alert" className="text-bad" data-testid={`qa-target-${t.id}-error`}>
            {t.label} failed: {t.error}
          </p>
        ))}
      {summary && (
        <p data-testid="qa-summary">
          {summary}
          {pending ? " so far" : ""}.
        </p>
      )}
      {run.targets.some((t) => t.rows.length > 0) && (
        <QaResultsTable targets={run.targets} transports={run.transports} />
      )}
      {run.block && <QaChecksTable targets={run.targets} block={run.block.number} />}
      <QaComparison run={run} />
    </div>
  );
}

function Exports({ run }: { run: QaRun }) {
  const base = run.targets.length > 1 ? "qa-comparison" : "qa-run";
  return (
    <>
      <Button onClick={() => downloadText(`${base}.json`, toJson(run), "application/json")}>
        Export JSON
      </Button>
      <Button onClick={() => downloadText(`${base}.md`, toMarkdown(run), "text/markdown")}>
        Export Markdown
      </Button>
    </>
  );
}
