import { checkBlockReceipts, type IntegrityCheck } from "../../chain/receipts.ts";
import { formatLatency } from "../../components/ui/format.ts";
import { paramsFor } from "../../methods/body.ts";
import { defaultValues } from "../../methods/form-values.ts";
import { checkResultShape } from "../../methods/shape.ts";
import type { MethodDef } from "../../methods/types.ts";
import type { ChainKind } from "../../networks/network.ts";
import { toErrorDisplay } from "../../rpc/display.ts";
import { transportLabel } from "../../rpc/transport.ts";
import type { JsonRpcRequest, RpcAnswer } from "../../rpc/types.ts";
import type { Transport } from "../../state/settings-slice.ts";

/**
 * The QA run: every method of a network sent once with its example params, each answer judged
 * (a JSON-RPC error, a failure or a result that does not have the spec's shape is a fail), plus a
 * cross-method check of one block against its receipts. Pure: the sender is passed in.
 */
export type Send = (body: JsonRpcRequest, transport: Transport) => Promise<RpcAnswer>;

export type QaRow = {
  method: string;
  transport: Transport;
  params: JsonRpcRequest["params"];
  status: "pass" | "fail";
  /** Why it failed, or a note on a pass (e.g. "null: nothing found"). */
  reason: string;
  latencyMs: number | null;
  sizeBytes: number | null;
};

export type QaRun = {
  network: { id: string; name: string; kind: ChainKind };
  transports: Transport[];
  startedAt: string;
  rows: QaRow[];
  integrity: { block: string; checks: IntegrityCheck[] } | { block: string; error: string } | null;
};

export function qaRequests(
  methods: readonly MethodDef[],
): { method: string; params: JsonRpcRequest["params"] }[] {
  return methods.map((def) => ({ method: def.name, params: paramsFor(def, defaultValues(def)) }));
}

/** Pass or fail, and why, for one answer (or the failure that took its place). */
export function judge(
  def: Pick<MethodDef, "name" | "result">,
  outcome: { ok: true; answer: RpcAnswer } | { ok: false; error: unknown },
): Pick<QaRow, "status" | "reason"> {
  if (!outcome.ok) {
    const d = toErrorDisplay(outcome.error);
    return { status: "fail", reason: d.detail ? `${d.title}: ${d.detail}` : d.title };
  }
  const { answer } = outcome;
  if (answer.kind === "error")
    return { status: "fail", reason: `JSON-RPC error ${answer.error.code}: ${answer.error.message}` };
  if (answer.result === null) {
    return def.result.nullable
      ? { status: "pass", reason: "null: nothing found (a valid answer)" }
      : { status: "fail", reason: "null, but this method always returns a value" };
  }
  const problems = checkResultShape(def.name, answer.result);
  if (problems.length > 0)
    return {
      status: "fail",
      reason: `shape: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (+${problems.length - 3} more)` : ""}`,
    };
  return { status: "pass", reason: "matches the spec's shape" };
}

export async function runQa(
  methods: readonly MethodDef[],
  transports: Transport[],
  send: Send,
  onRow?: (row: QaRow) => void,
  signal?: AbortSignal,
): Promise<QaRow[]> {
  const rows: QaRow[] = [];
  let id = 1;
  for (const transport of transports) {
    for (const def of methods) {
      // Cancelled: the row under way has failed with "cancelled"; the rest are not sent.
      if (signal?.aborted) return rows;
      const params = paramsFor(def, defaultValues(def));
      const body: JsonRpcRequest = { jsonrpc: "2.0", id: id++, method: def.name, params };
      let row: QaRow;
      try {
        const answer = await send(body, transport);
        row = {
          method: def.name,
          transport,
          params,
          ...judge(def, { ok: true, answer }),
          latencyMs: answer.meta.latencyMs,
          sizeBytes: answer.meta.sizeBytes,
        };
      } catch (error) {
        row = {
          method: def.name,
          transport,
          params,
          ...judge(def, { ok: false, error }),
          latencyMs: null,
          sizeBytes: null,
        };
      }
      rows.push(row);
      onRow?.(row);
    }
  }
  return rows;
}

/** The block and its receipts, fetched and compared (EVM only). */
export async function runIntegrity(
  block: string,
  transport: Transport,
  send: Send,
): Promise<QaRun["integrity"]> {
  try {
    const [b, r] = await Promise.all([
      send({ jsonrpc: "2.0", id: 1001, method: "eth_getBlockByNumber", params: [block, false] }, transport),
      send({ jsonrpc: "2.0", id: 1002, method: "eth_getBlockReceipts", params: [block] }, transport),
    ]);
    if (b.kind === "error") return { block, error: `eth_getBlockByNumber: ${b.error.message}` };
    if (r.kind === "error") return { block, error: `eth_getBlockReceipts: ${r.error.message}` };
    if (b.result === null || r.result === null) return { block, error: "no such block" };
    return { block, checks: checkBlockReceipts(b.result, r.result) };
  } catch (error) {
    return { block, error: toErrorDisplay(error).title };
  }
}

export function toJson(run: QaRun): string {
  return JSON.stringify(run, null, 2);
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function toMarkdown(run: QaRun): string {
  const pass = run.rows.filter((r) => r.status === "pass").length;
  const lines = [
    `# QA run: ${run.network.name}`,
    "",
    `Started ${run.startedAt}; transports: ${run.transports.map(transportLabel).join(", ")}; ${pass} of ${run.rows.length} passed.`,
    "",
    "| method | transport | result | reason | latency | size |",
    "|---|---|---|---|---|---|",
    ...run.rows.map(
      (r) =>
        `| ${cell(r.method)} | ${transportLabel(r.transport)} | ${r.status === "pass" ? "pass" : "**fail**"} | ${cell(r.reason)} | ${formatLatency(r.latencyMs, "–")} | ${r.sizeBytes === null ? "–" : `${r.sizeBytes} B`} |`,
    ),
  ];
  if (run.integrity) {
    lines.push("", `## Block ${run.integrity.block}: receipts against the block`, "");
    if ("error" in run.integrity) lines.push(`Could not check: ${cell(run.integrity.error)}`);
    else
      for (const c of run.integrity.checks)
        lines.push(`- ${c.ok ? "pass" : "**fail**"}: ${c.check}: ${cell(c.detail)}`);
  }
  return `${lines.join("\n")}\n`;
}
