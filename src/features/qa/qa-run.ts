import { ethereum } from "../../chain/families/ethereum.ts";
import type { ChainFamily } from "../../chain/families/types.ts";
import { formatLatency } from "../../components/ui/format.ts";
import { paramsFor } from "../../methods/body.ts";
import { defaultValues } from "../../methods/form-values.ts";
import {
  deriveSample,
  type NetworkSample,
  sampleLacking,
  sampleSaysExists,
  sampleValues,
} from "../../methods/network-sample.ts";
import { checkResultShape } from "../../methods/shape.ts";
import type { MethodDef } from "../../methods/types.ts";
import { chainProfileOf } from "../../networks/chain-info.ts";
import { knownContracts } from "../../networks/known-contracts.ts";
import type { Network } from "../../networks/network.ts";
import { toErrorDisplay } from "../../rpc/display.ts";
import { transportLabel } from "../../rpc/transport.ts";
import type { JsonRpcRequest, RpcAnswer } from "../../rpc/types.ts";
import type { Transport } from "../../state/settings-slice.ts";
import {
  type Ask,
  type CheckStatus,
  DEFAULT_TX_BOUND,
  evmChecks,
  type Fact,
  failureText,
  MAX_TX_BOUND,
  type QaCheck,
  starknetChecks,
} from "./qa-checks.ts";
import { type Comparison, compareFacts, isPerItem } from "./qa-compare.ts";
import { type Latency, summarize } from "./qa-stats.ts";

/**
 * The QA run, on one target or on two or three side by side (a comparison of providers).
 *
 * 1. Each target is asked its head; the run's block is the lowest head minus `HEAD_MARGIN`, so every
 *    target has it (providers lag each other by a block or two) and it is past the newest blocks a
 *    reorg may still replace.
 * 2. A sample of real values is taken at that block (methods/network-sample.ts, from the first
 *    target that answers; the sample walks back to a block with transactions), and every target
 *    gets the same params from it: never the devnet's examples.
 * 3. Every method of the chain, on every chosen transport, `repeats` times: each answer judged
 *    (an error, a wrong shape, or null for what the sample says exists is a fail; a method the
 *    sample has no values for is skipped), with the median and p95 latency.
 * 4. The cross-method checks on the block (qa-checks.ts), and with several targets, every fact they
 *    gave compared (qa-compare.ts).
 *
 * Pure: each target's sender is passed in, and holds the key; nothing of the key enters the run.
 * A failure of one target fails its column with a message, never the run.
 */
export type Send = (body: JsonRpcRequest, transport: Transport) => Promise<RpcAnswer>;

/** Blocks below the lowest head at which the run samples (see 1. above). */
const HEAD_MARGIN = 2;
export const MAX_REPEATS = 50;
export const MAX_TARGETS = 3;
export { DEFAULT_TX_BOUND, MAX_TX_BOUND };

export type QaTarget = {
  /** "A", "B", "C": names the target's column. */
  id: string;
  network: Pick<Network, "id" | "name" | "kind" | "chainId"> &
    Partial<Pick<Network, "family" | "nativeCurrency" | "explorer" | "custom">>;
  /** Where the key came from, in words for the report: never the key. */
  keySource: "stored" | "typed" | "none";
  send: Send;
};

export type QaRow = {
  method: string;
  transport: Transport;
  /** The params sent (null when skipped). */
  params: JsonRpcRequest["params"] | null;
  status: "pass" | "fail" | "skipped";
  /** Why it failed or was skipped, or a note on a pass (e.g. "null: nothing found"). */
  reason: string;
  /** Over the repeats that came back (JSON-RPC errors included). */
  latency: Latency | null;
  latenciesMs: number[];
  sizeBytes: number | null;
};

export type QaTargetResult = {
  id: string;
  label: string;
  network: { id: string; name: string; kind: Network["kind"]; chainId: number | null };
  keySource: QaTarget["keySource"];
  head: string | null;
  /** The whole target failed (no head, no sample): its column says why. */
  error: string | null;
  rows: QaRow[];
  checks: QaCheck[];
  facts: Fact[];
  /** Over every answer of its method rows. */
  latency: Latency | null;
  done: boolean;
};

export type QaRun = {
  startedAt: string;
  finishedAt: string | null;
  cancelled: boolean;
  transports: Transport[];
  repeats: number;
  txBound: number;
  /** The block every target was asked about, and how it was chosen. */
  block: {
    number: string;
    hash: string;
    /** The target the sample was taken from. */
    sampledFrom: string;
    /** The lowest head among the targets, and the block the sample started from. */
    lowestHead: string;
    startedAt: string;
    margin: number;
  } | null;
  sample: NetworkSample | null;
  targets: QaTargetResult[];
  comparison: Comparison | null;
};

type RunOptions = {
  transports: Transport[];
  repeats?: number;
  txBound?: number;
  margin?: number;
  /** The methods of each chain kind (the registry's, in the app). */
  methods: (kind: Network["kind"]) => readonly MethodDef[];
  onUpdate?: (run: QaRun) => void;
  signal?: AbortSignal;
};

const targetLabel = (t: Pick<QaTarget, "id" | "network">) => `${t.id}: ${t.network.name}`;

const clamp = (n: number | undefined, lo: number, hi: number, d: number) =>
  n === undefined || !Number.isFinite(n) ? d : Math.min(hi, Math.max(lo, Math.round(n)));

/** Pass or fail, and why, for one answer (or the failure that took its place). */
export function judge(
  def: Pick<MethodDef, "name" | "result">,
  outcome: { ok: true; answer: RpcAnswer } | { ok: false; error: unknown },
  /** The sample says the object asked for exists: null is then a failure. */
  exists = false,
  /** The network's chain family: what its answers may leave out by design. */
  family: ChainFamily = ethereum,
): { status: "pass" | "fail"; reason: string } {
  if (!outcome.ok) {
    const d = toErrorDisplay(outcome.error);
    return { status: "fail", reason: d.detail ? `${d.title}: ${d.detail}` : d.title };
  }
  const { answer } = outcome;
  if (answer.kind === "error")
    return { status: "fail", reason: `JSON-RPC error ${answer.error.code}: ${answer.error.message}` };
  if (answer.result === null) {
    if (exists) return { status: "fail", reason: "null, but the sample found what was asked for" };
    return def.result.nullable
      ? { status: "pass", reason: "null: nothing found (a valid answer)" }
      : { status: "fail", reason: "null, but this method always returns a value" };
  }
  const problems = checkResultShape(def.name, answer.result, family);
  if (problems.length > 0)
    return {
      status: "fail",
      reason: `shape: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (+${problems.length - 3} more)` : ""}`,
    };
  return { status: "pass", reason: "matches the spec's shape" };
}

/** Sends one method `repeats` times and judges every answer; the row fails if any repeat does. */
async function methodRow(
  def: MethodDef,
  transport: Transport,
  sample: NetworkSample,
  send: Send,
  nextId: () => number,
  repeats = 1,
  signal?: AbortSignal,
  family: ChainFamily = ethereum,
): Promise<QaRow> {
  const values = sampleValues(def, sample);
  if (values === null)
    return {
      method: def.name,
      transport,
      params: null,
      status: "skipped",
      reason: `skipped: ${sampleLacking(def, sample)}`,
      latency: null,
      latenciesMs: [],
      sizeBytes: null,
    };
  const params = paramsFor(def, { ...defaultValues(def), ...values });
  const exists = sampleSaysExists(def, sample);
  const latencies: number[] = [];
  const verdicts: { status: "pass" | "fail"; reason: string }[] = [];
  let sizeBytes: number | null = null;
  for (let i = 0; i < repeats; i++) {
    if (i > 0 && signal?.aborted) break;
    try {
      const answer = await send({ jsonrpc: "2.0", id: nextId(), method: def.name, params }, transport);
      latencies.push(answer.meta.latencyMs);
      sizeBytes ??= answer.meta.sizeBytes;
      verdicts.push(judge(def, { ok: true, answer }, exists, family));
    } catch (error) {
      verdicts.push(judge(def, { ok: false, error }, exists, family));
    }
  }
  const fails = verdicts.filter((v) => v.status === "fail");
  const first = fails[0] ?? verdicts[0] ?? { status: "fail" as const, reason: "cancelled" };
  const of =
    fails.length > 0 && verdicts.length > 1 ? ` (${fails.length} of ${verdicts.length} repeats failed)` : "";
  return {
    method: def.name,
    transport,
    params,
    status: first.status,
    reason: `${first.reason}${of}`,
    latency: summarize(latencies),
    latenciesMs: latencies,
    sizeBytes,
  };
}

/** An `Ask` over one target's sender: resolves the result, throws a plain message on anything else. */
function askOver(send: Send, transport: Transport, nextId: () => number): Ask {
  return async (method, params) => {
    let answer: RpcAnswer;
    try {
      answer = await send({ jsonrpc: "2.0", id: nextId(), method, params }, transport);
    } catch (error) {
      const d = toErrorDisplay(error);
      throw new Error(`${method}: ${d.detail ? `${d.title}: ${d.detail}` : d.title}`);
    }
    if (answer.kind === "error")
      throw new Error(`${method}: JSON-RPC error ${answer.error.code}: ${answer.error.message}`);
    return answer.result;
  };
}

function readHead(kind: Network["kind"], result: unknown): bigint {
  if (kind === "starknet" && typeof result === "number" && Number.isSafeInteger(result) && result >= 0)
    return BigInt(result);
  if (kind === "evm" && typeof result === "string" && /^0x[0-9a-fA-F]+$/.test(result)) return BigInt(result);
  throw new Error(`the head is not a block number: ${JSON.stringify(result)?.slice(0, 80)}`);
}

const snapshot = (run: QaRun): QaRun => ({
  ...run,
  targets: run.targets.map((t) => ({ ...t, rows: [...t.rows], checks: [...t.checks], facts: [...t.facts] })),
});

/** The run: see the comment at the top. Resolves with what was done even when cancelled. */
export async function runQa(targets: readonly QaTarget[], options: RunOptions): Promise<QaRun> {
  const { signal, onUpdate } = options;
  const transports: Transport[] = options.transports.length > 0 ? options.transports : ["http"];
  const repeats = clamp(options.repeats, 1, MAX_REPEATS, 1);
  const txBound = clamp(options.txBound, 1, MAX_TX_BOUND, DEFAULT_TX_BOUND);
  const margin = clamp(options.margin, 0, 1000, HEAD_MARGIN);
  const main = transports[0]!;
  let id = 1;
  const nextId = () => id++;
  const run: QaRun = {
    startedAt: new Date().toISOString(),
    finishedAt: null,
    cancelled: false,
    transports,
    repeats,
    txBound,
    block: null,
    sample: null,
    targets: targets.slice(0, MAX_TARGETS).map((t) => ({
      id: t.id,
      label: targetLabel(t),
      network: {
        id: t.network.id,
        name: t.network.name,
        kind: t.network.kind,
        chainId: t.network.chainId ?? null,
      },
      keySource: t.keySource,
      head: null,
      error: null,
      rows: [],
      checks: [],
      facts: [],
      latency: null,
      done: false,
    })),
    comparison: null,
  };
  const emit = () => onUpdate?.(snapshot(run));
  const finish = () => {
    run.cancelled = signal?.aborted === true;
    run.finishedAt = new Date().toISOString();
    for (const t of run.targets) t.done = true;
    const compared = run.targets.filter((t) => t.error === null && t.facts.length > 0);
    run.comparison =
      run.targets.length > 1 && compared.length > 1
        ? compareFacts(compared.map((t) => ({ id: t.id, facts: t.facts })))
        : null;
    emit();
    return snapshot(run);
  };
  const pairs = run.targets.map((result, i) => ({ result, target: targets[i]! }));
  const kind = pairs[0]?.target.network.kind ?? "evm";
  for (const { result, target } of pairs)
    if (target.network.kind !== kind)
      result.error = `${target.network.name} is a ${target.network.kind === "evm" ? "EVM" : "Starknet"} network; the run compares networks of one kind (target A's).`;
  emit();

  // 1. The heads, and the block to sample at.
  const live = () => pairs.filter((p) => p.result.error === null);
  await Promise.all(
    live().map(async ({ result, target }) => {
      try {
        const ask = askOver(target.send, main, nextId);
        const head = readHead(
          kind,
          await ask(kind === "evm" ? "eth_blockNumber" : "starknet_blockNumber", []),
        );
        result.head = kind === "evm" ? `0x${head.toString(16)}` : head.toString();
      } catch (error) {
        result.error = `Could not read the chain's head: ${failureText(error)}`;
      }
    }),
  );
  emit();
  if (signal?.aborted || live().length === 0) return finish();
  const lowest = live().reduce(
    (m, p) => {
      const h = BigInt(p.result.head ?? "0");
      return m === null || h < m ? h : m;
    },
    null as bigint | null,
  )!;
  const start = lowest > BigInt(margin) ? lowest - BigInt(margin) : 0n;

  // 2. The sample, from the first target that gives one.
  for (const { result, target } of live()) {
    if (signal?.aborted) return finish();
    try {
      const sample = await deriveSample(askOver(target.send, main, nextId), kind, {
        at: kind === "evm" ? `0x${start.toString(16)}` : Number(start),
        known: knownContracts(target.network.id),
      });
      run.sample = sample;
      run.block = {
        number: sample.kind === "evm" ? sample.block.number : String(sample.block.number),
        hash: sample.block.hash,
        sampledFrom: target.id,
        lowestHead: kind === "evm" ? `0x${lowest.toString(16)}` : lowest.toString(),
        startedAt: kind === "evm" ? `0x${start.toString(16)}` : start.toString(),
        margin,
      };
      break;
    } catch (error) {
      result.error = `Could not take a sample of real values: ${failureText(error)}`;
    }
  }
  emit();
  const sample = run.sample;
  if (!sample || signal?.aborted) return finish();

  // 3 and 4. Every target, side by side: its method rows, then its checks.
  await Promise.all(
    live().map(async ({ result, target }) => {
      const methods = options.methods(kind);
      // What the target's answers may leave out by design is judged by its network's family.
      const { family } = chainProfileOf(target.network);
      for (const transport of transports)
        for (const def of methods) {
          if (signal?.aborted) return;
          result.rows.push(
            await methodRow(def, transport, sample, target.send, nextId, repeats, signal, family),
          );
          result.latency = summarize(result.rows.flatMap((r) => r.latenciesMs));
          emit();
        }
      if (signal?.aborted) return;
      const ask = askOver(target.send, main, nextId);
      try {
        const outcome =
          sample.kind === "evm"
            ? await evmChecks(ask, sample, {
                txBound,
                chainId: target.network.chainId,
                signal,
              })
            : await starknetChecks(ask, sample);
        result.checks = outcome.checks;
        result.facts = outcome.facts;
      } catch (error) {
        result.checks = [{ check: "cross-method checks", status: "fail", detail: failureText(error) }];
      }
      result.done = true;
      emit();
    }),
  );
  return finish();
}

/** The run as it is exported: without the per-receipt facts (the comparison keeps what differs). */
function forExport(run: QaRun) {
  return {
    ...run,
    sample: run.sample,
    targets: run.targets.map(({ facts: _facts, done: _done, ...t }) => t),
  };
}

export function toJson(run: QaRun): string {
  return JSON.stringify(forExport(run), null, 2);
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
const ms = (l: Latency | null) => (l ? `${formatLatency(l.medianMs)} / ${formatLatency(l.p95Ms)}` : "–");
const statusText = (s: QaRow["status"] | CheckStatus) => (s === "fail" ? "**fail**" : s);

export function toMarkdown(run: QaRun): string {
  const lines: string[] = [];
  const many = run.targets.length > 1;
  lines.push(
    many
      ? `# QA comparison: ${run.targets.map((t) => cell(t.label)).join(" · ")}`
      : `# QA run: ${cell(run.targets[0]?.label ?? "no target")}`,
    "",
    `Started ${run.startedAt}${run.cancelled ? " (cancelled)" : ""}; transports: ${run.transports.map(transportLabel).join(", ")}; ${run.repeats} repeat(s) per method; up to ${run.txBound} transactions checked one by one.`,
    "",
  );
  if (run.block)
    lines.push(
      `Block ${run.block.number} (${run.block.hash}), sampled from target ${run.block.sampledFrom}: the lowest head ${run.block.lowestHead} minus ${run.block.margin}, then back to a block with transactions.`,
      "",
    );
  if (run.sample?.notes.length) lines.push(...run.sample.notes.map((n) => `- note: ${cell(n)}`), "");
  lines.push(
    "## Targets",
    "",
    "| target | network | key | head | passed | median / p95 | error |",
    "|---|---|---|---|---|---|---|",
  );
  for (const t of run.targets) {
    const pass = t.rows.filter((r) => r.status === "pass").length;
    lines.push(
      `| ${t.id} | ${cell(t.network.name)} | ${t.keySource === "typed" ? "typed for this comparison" : t.keySource === "stored" ? "stored key" : "none"} | ${t.head ?? "–"} | ${pass} of ${t.rows.length} | ${ms(t.latency)} | ${t.error ? cell(t.error) : ""} |`,
    );
  }
  for (const t of run.targets) {
    lines.push("", `## ${cell(t.label)}: methods`, "");
    if (t.error) lines.push(`Failed: ${cell(t.error)}`, "");
    if (t.rows.length > 0) {
      lines.push(
        "| method | transport | result | reason | median | p95 | n | size |",
        "|---|---|---|---|---|---|---|---|",
      );
      for (const r of t.rows)
        lines.push(
          `| ${cell(r.method)} | ${transportLabel(r.transport)} | ${statusText(r.status)} | ${cell(r.reason)} | ${formatLatency(r.latency?.medianMs, "–")} | ${formatLatency(r.latency?.p95Ms, "–")} | ${r.latency?.n ?? 0} | ${r.sizeBytes === null ? "–" : `${r.sizeBytes} B`} |`,
        );
    }
    if (t.checks.length > 0) {
      lines.push("", `### ${cell(t.label)}: checks on block ${run.block?.number ?? "?"}`, "");
      for (const c of t.checks) lines.push(`- ${statusText(c.status)}: ${cell(c.check)}: ${cell(c.detail)}`);
    }
  }
  const c = run.comparison;
  if (c) {
    const head = `| field | ${c.targets.join(" | ")} | |`;
    const rule = `|---|${c.targets.map(() => "---|").join("")}---|`;
    lines.push(
      "",
      "## Comparison",
      "",
      `${c.agreed} of ${c.compared} fields agree; ${c.disagreements.length} disagree.`,
      "",
      head,
      rule,
      ...c.headline.map(
        (r) =>
          `| ${cell(r.field)} | ${r.values.map((v) => cell(v ?? "–")).join(" | ")} | ${r.agree ? "agree" : "**differs**"} |`,
      ),
    );
    const perItem = c.disagreements.filter((d) => isPerItem(d.field));
    if (perItem.length > 0)
      lines.push(
        "",
        "### Disagreements per receipt or transaction",
        "",
        head,
        rule,
        ...perItem.map(
          (r) => `| ${cell(r.field)} | ${r.values.map((v) => cell(v ?? "–")).join(" | ")} | **differs** |`,
        ),
      );
  }
  return `${lines.join("\n")}\n`;
}
