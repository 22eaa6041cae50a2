import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ChainProfile } from "../../../chain/chain-profile.ts";
import {
  type ProofView as DecodedProof,
  decodeProof,
  type ProofNodeView,
  verifyProofResult,
} from "../../../chain/proof.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { HexValue } from "../../../components/ui/HexValue.tsx";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import { toErrorDisplay } from "../../../rpc/display.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";
import { DecodeError, Problems } from "./DecodeProblems.tsx";
import { FieldGroups, OtherFields } from "./FieldList.tsx";
import {
  accountFields,
  nodeRows,
  nodeSummary,
  proofBlockParam,
  storageAtParams,
  type VerificationView,
  verificationView,
} from "./proof-model.ts";
import { RequestLink } from "./RequestLink.tsx";
import type { ResultViewProps } from "./registry.ts";
import { SectionHeading } from "./SectionHeading.tsx";
import { useChainProfile } from "./useChainProfile.ts";
import { blockHeaderQueryOptions } from "./view-queries.ts";

/** `eth_getProof`: the account, its storage proofs, every trie node decoded, and a Verify action. */
export function ProofView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const chain = useChainProfile(sent.network);
  const decoded = useMemo(() => decodeProof(result, chain.currency), [result, chain]);
  const account = useMemo(() => accountFields(result, chain), [result, chain]);
  if (!decoded.ok) return <DecodeError error={decoded.error} />;
  const proof = decoded.value;
  const block = proofBlockParam(sent.body.params);

  return (
    <div className="grid gap-4 text-sm">
      <h3 className="font-semibold text-base">Account and storage proofs</h3>
      <FieldGroups groups={[{ id: "proof-account", title: "Account", fields: account.fields }]} />
      <OtherFields fields={account.other} />
      <Problems problems={account.problems} />

      <Verify sent={sent} />

      <section aria-labelledby="proof-storage" className="grid gap-1">
        <SectionHeading id="proof-storage">Storage proofs ({proof.storageProof.length})</SectionHeading>
        {proof.storageProof.length === 0 ? (
          <p className="text-fg-muted">No storage keys were asked for.</p>
        ) : (
          <StorageProofs proofs={proof.storageProof} address={proof.address} block={block} />
        )}
      </section>

      <section aria-labelledby="proof-nodes" className="grid gap-1">
        <SectionHeading id="proof-nodes">Proof nodes (decoded from RLP)</SectionHeading>
        <NodeList title="Account proof" nodes={proof.accountProof} chain={chain} />
        {proof.storageProof.map((s, i) => (
          <NodeList
            // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat; the order is the answer's.
            key={i}
            title={`Storage proof ${i + 1} (key ${s.key})`}
            nodes={s.proof}
            chain={chain}
          />
        ))}
      </section>
    </div>
  );
}

type StorageProof = DecodedProof["storageProof"][number];

/** The storage proofs: each key (a link that reads it), its value, its number of nodes. */
function StorageProofs(props: { proofs: readonly StorageProof[]; address: string; block: string }) {
  const columns: DataColumn<StorageProof>[] = [
    {
      key: "key",
      header: "Key",
      className: "font-mono text-xs break-all",
      cell: (s) => {
        const params = storageAtParams(props.address, s.key, props.block);
        return params ? (
          <RequestLink
            method="eth_getStorageAt"
            params={params}
            label={`Read storage key ${s.key} with eth_getStorageAt`}
          >
            {s.key}
          </RequestLink>
        ) : (
          s.key
        );
      },
    },
    { key: "value", header: "Value (uint256)", className: "tabular-nums", cell: (s) => s.valueText },
    { key: "nodes", header: "Nodes", className: "tabular-nums", cell: (s) => s.proof.length },
  ];
  // Keys may repeat; the order is the answer's.
  return <DataTable rows={props.proofs} columns={columns} rowKey={(_, i) => String(i)} />;
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
        <Button variant="primary" disabled={mine && verify.isPending} onClick={() => verify.mutate(sent)}>
          Verify
        </Button>
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
function NodeList({
  title,
  nodes,
  chain,
}: {
  title: string;
  nodes: readonly ProofNodeView[];
  chain: ChainProfile;
}) {
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
                <InfoList
                  columns="grid-cols-[minmax(7rem,max-content)_1fr] gap-x-3 gap-y-0.5"
                  className="mt-1 ml-4 text-xs"
                >
                  {nodeRows(node, chain).map((row) => (
                    <InfoRow key={row.label} label={row.label}>
                      <HexValue text={row.value} full={row.full ?? row.value} copy={Boolean(row.full)} />
                    </InfoRow>
                  ))}
                </InfoList>
              </details>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
