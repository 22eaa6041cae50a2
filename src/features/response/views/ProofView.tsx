import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { decodeProof, type ProofNodeView, verifyProofResult } from "../../../chain/proof.ts";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";
import { toErrorDisplay } from "../../../rpc/display.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";
import { RequestLink } from "./links.tsx";
import { Badge, DecodeError, FieldGroups, OtherFields, Problems } from "./parts.tsx";
import {
  accountFields,
  nodeRows,
  nodeSummary,
  proofBlockParam,
  storageAtParams,
  type VerificationView,
  verificationView,
} from "./proof-model.ts";
import { blockHeaderQueryOptions } from "./proof-queries.ts";
import type { ResultViewProps } from "./registry.ts";

/** `eth_getProof`: the account, its storage proofs, every trie node decoded, and a Verify action. */
export function ProofView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const decoded = useMemo(() => decodeProof(result), [result]);
  const account = useMemo(() => accountFields(result), [result]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  const proof = decoded.value;
  const block = proofBlockParam(sent.body.params);

  return (
    <div className="grid gap-4 text-sm">
      <FieldGroups groups={[{ id: "proof-account", title: "Account", fields: account.fields }]} />
      <OtherFields fields={account.other} />
      <Problems problems={account.problems} />

      <Verify sent={sent} />

      <section aria-labelledby="proof-storage" className="grid gap-1">
        <h4 id="proof-storage" className="font-semibold text-fg-muted text-xs uppercase tracking-wide">
          Storage proofs ({proof.storageProof.length})
        </h4>
        {proof.storageProof.length === 0 ? (
          <p className="text-fg-muted">No storage keys were asked for.</p>
        ) : (
          <table className="w-full border-collapse">
            <thead>
              <tr className="border-border border-b text-left text-fg-muted text-xs">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Key
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Value (uint256)
                </th>
                <th scope="col" className="py-1 font-medium">
                  Nodes
                </th>
              </tr>
            </thead>
            <tbody>
              {proof.storageProof.map((s, i) => {
                const params = storageAtParams(proof.address, s.key, block);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat; the order is the answer's.
                  <tr key={i} className="border-border/60 border-b align-top">
                    <td className="py-1 pr-3 font-mono text-xs break-all">
                      {params ? (
                        <RequestLink
                          method="eth_getStorageAt"
                          params={params}
                          label={`Read storage key ${s.key} with eth_getStorageAt`}
                        >
                          {s.key}
                        </RequestLink>
                      ) : (
                        s.key
                      )}
                    </td>
                    <td className="py-1 pr-3 tabular-nums">{s.valueText}</td>
                    <td className="py-1 tabular-nums">{s.proof.length}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="proof-nodes" className="grid gap-1">
        <h4 id="proof-nodes" className="font-semibold text-fg-muted text-xs uppercase tracking-wide">
          Proof nodes (decoded from RLP)
        </h4>
        <NodeList title="Account proof" nodes={proof.accountProof} />
        {proof.storageProof.map((s, i) => (
          <NodeList
            // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat; the order is the answer's.
            key={i}
            title={`Storage proof ${i + 1} (key ${s.key})`}
            nodes={s.proof}
          />
        ))}
      </section>
    </div>
  );
}

/** The Verify action: fetch the named block's header, check every proof against its state root. */
function Verify({ sent }: { sent: SentRequest }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: async (s: SentRequest): Promise<VerificationView> => {
      const block = proofBlockParam(s.body.params);
      const { network, apiKey, transport, timeoutMs } = s;
      const header = await queryClient.fetchQuery(
        blockHeaderQueryOptions({ network, apiKey, transport, timeoutMs }, block),
      );
      const result = s.answer.kind === "result" ? s.answer.result : null;
      const params = Array.isArray(s.body.params) ? s.body.params : [];
      const address = typeof params[0] === "string" ? params[0] : decodeAddress(result);
      const report = await verifyProofResult(header.stateRoot, address, result);
      return verificationView(report, block, header);
    },
  });
  // The outcome belongs to the answer it was computed for; a new answer starts afresh.
  const mine = verify.variables === sent;
  const view = mine ? verify.data : undefined;
  const failure = mine && verify.isError ? toErrorDisplay(verify.error) : null;
  const block = proofBlockParam(sent.body.params);

  return (
    <section aria-label="Proof verification" className="grid gap-2 rounded border border-border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="rounded bg-accent px-3 py-1 font-medium text-accent-fg disabled:opacity-50"
          disabled={mine && verify.isPending}
          onClick={() => verify.mutate(sent)}
        >
          Verify
        </button>
        <span className="text-fg-muted text-xs">
          Fetches the header of block <code className="font-mono">{block}</code> and checks the account proof
          against its state root, then each storage proof against the proven storage root.
        </span>
      </div>
      <div aria-live="polite" className="grid gap-1">
        {mine && verify.isPending && <p className="text-fg-muted">Verifying…</p>}
        {failure && (
          <p className="text-bad">
            Could not verify: {failure.title}
            {failure.detail && <span className="block text-fg-muted">{failure.detail}</span>}
          </p>
        )}
        {view && <VerificationResult view={view} />}
      </div>
    </section>
  );
}

function decodeAddress(result: unknown): string {
  const decoded = decodeProof(result);
  return decoded.ok ? decoded.value.address : "";
}

function VerificationResult({ view }: { view: VerificationView }) {
  const failed = view.rows.filter((r) => !r.ok).length;
  return (
    <>
      <p className={`font-medium ${view.ok ? "text-ok" : "text-bad"}`}>
        {view.ok
          ? `All ${view.rows.length} proof${view.rows.length === 1 ? "" : "s"} verified`
          : `${failed} of ${view.rows.length} proof${view.rows.length === 1 ? "" : "s"} failed`}
      </p>
      <ul className="grid gap-1">
        {view.rows.map((r) => (
          <li key={r.name} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{r.name}</span>
            {r.ok ? (
              <>
                <Badge tone="ok">Verified</Badge>
                <span className="text-fg-muted text-xs">{r.reason}</span>
              </>
            ) : (
              <>
                <Badge tone="bad">Failed</Badge>
                <span className="text-bad text-xs">: {r.reason}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="text-fg-muted text-xs break-all">{view.against}</p>
      {view.caveat && <p className="text-warn text-xs">{view.caveat}</p>}
    </>
  );
}

/** One proof's nodes, collapsed: each node opens to its decoded fields. */
function NodeList({ title, nodes }: { title: string; nodes: readonly ProofNodeView[] }) {
  return (
    <details className="rounded border border-border">
      <summary className="cursor-pointer px-2 py-1 font-medium">
        {title}: {nodes.length} node{nodes.length === 1 ? "" : "s"}
      </summary>
      {nodes.length === 0 ? (
        <p className="px-2 pb-2 text-fg-muted">
          No nodes: an empty proof (valid only for an empty storage trie).
        </p>
      ) : (
        <ol className="grid gap-1 px-2 pb-2">
          {nodes.map((node, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a proof is a path; its order is its identity.
            <li key={i}>
              <details>
                <summary className="cursor-pointer font-mono text-xs">
                  <span className={node.kind === "invalid" ? "text-bad" : ""}>{nodeSummary(node, i)}</span>
                </summary>
                <dl className="mt-1 ml-4 grid grid-cols-[minmax(7rem,max-content)_1fr] gap-x-3 gap-y-0.5 text-xs">
                  {nodeRows(node).map((row) => (
                    <div key={row.label} className="contents">
                      <dt className="text-fg-muted">{row.label}</dt>
                      <dd className="inline-flex min-w-0 items-center gap-1.5">
                        <span className="font-mono break-all" title={row.full ?? row.value}>
                          {row.value}
                        </span>
                        {row.full && (
                          <CopyButton text={row.full} label="Copy" className="px-1 py-0 text-[10px]" />
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
