import { Suspense, useState } from "react";
import { jsonBlobInSlices } from "../../chain/json-text.ts";
import { formatDecimal } from "../../chain/quantity.ts";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import { DownloadButton } from "../../components/ui/DownloadButton.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { formatBytes, formatLatency } from "../../components/ui/format.ts";
import { InfoRow } from "../../components/ui/InfoRow.tsx";
import { JsonTree } from "../../components/ui/JsonTree.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { getMethod } from "../../methods/registry.ts";
import { chainProfileOf } from "../../networks/chain-info.ts";
import type { ArrivalState } from "../../rpc/answer-parse.ts";
import { errorNotice } from "../../rpc/display.ts";
import { describeRpcError } from "../../rpc/error-codes.ts";
import { idLabel } from "../../rpc/raw-request.ts";
import { transportLabel } from "../../rpc/transport.ts";
import { describeSent, type SentRequest } from "../../send/useSendRequest.ts";
import { BatchAnswerView } from "./BatchAnswerView.tsx";
import { ErrorNoticeView } from "./ErrorNoticeView.tsx";
import { AbisButton } from "./names/AbisButton.tsx";
import { useNames } from "./names/useNames.ts";
import { useArrivedSent } from "./useArrivedSent.ts";
import { RevertLines } from "./views/RevertLines.tsx";
import { resultViewFor } from "./views/registry.ts";
import { calledAddress, revertNoticeModel } from "./views/revert-notice.ts";
import { useChainHead } from "./views/useChainHead.ts";
import { requestedBlockNumber } from "./views/view-queries.ts";

export function AnswerMeta({ sent }: { sent: SentRequest }) {
  const { meta } = sent.answer;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label="Answer details">
      <Item term="Method" value={sent.raw?.batch ? describeSent(sent) : sent.body.method || "(none)"} />
      {!sent.raw?.batch && <Item term="id" value={idLabel(sent.raw ? sent.raw.ids[0] : sent.body.id)} />}
      {sent.raw && <Item term="Sent" value="as written" />}
      <Item term="Transport" value={transportLabel(meta.transport)} />
      <Item term="Latency" value={formatLatency(meta.latencyMs)} />
      <Item term="Size" value={formatBytes(meta.sizeBytes)} />
      {meta.httpStatus !== undefined && <Item term="HTTP" value={String(meta.httpStatus)} />}
      <Item term="Network" value={sent.network.name} />
    </dl>
  );
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <InfoRow label={term} inline labelClassName="" valueClassName="font-mono text-fg">
      {value}
    </InfoRow>
  );
}

/**
 * One answer: its details, then the error, "not found", or the result, with View and Raw tabs. A
 * batch's answer array goes to the batch view; a method without a view of its own shows its result
 * as JSON.
 */
export function AnswerView(props: { sent: SentRequest }) {
  const { sent, arrival } = useArrivedSent(props.sent);
  const { answer } = sent;
  if (sent.raw?.batch && answer.kind === "result" && Array.isArray(answer.result))
    return (
      <BatchAnswerView
        sent={sent}
        answers={answer.result}
        meta={<AnswerMeta sent={sent} />}
        AnswerOf={AnswerView}
      />
    );
  return <OneAnswerView sent={sent} arrival={arrival} given={props.sent} />;
}

/** While a big answer's rows still arrive: how many are in; and where they stopped, should one not be JSON. */
function Receiving({ arrival }: { arrival: ArrivalState | undefined }) {
  if (arrival?.broken)
    return (
      <p role="alert" className="rounded border border-bad bg-bad-bg p-2 text-sm" data-testid="receiving">
        Only {formatDecimal(arrival.received)} of {formatDecimal(arrival.total)} rows are shown: the node's
        answer is not valid JSON after row {formatDecimal(arrival.received)}. Raw, Copy and Download hold only
        these rows too. Send again to try for the whole answer.
      </p>
    );
  if (!arrival || arrival.done) return null;
  return (
    <p role="status" className="text-sm text-fg-muted" data-testid="receiving">
      Receiving… {formatDecimal(arrival.received)} of {formatDecimal(arrival.total)} rows
    </p>
  );
}

function OneAnswerView(props: {
  /** The answer as far as it has arrived. */
  sent: SentRequest;
  arrival?: ArrivalState | undefined;
  /** The answer as it was given to be shown (the same while its rows arrive): a new one starts at its top. */
  given: SentRequest;
}) {
  const { sent, arrival } = props;
  const { answer } = sent;
  const def = getMethod(sent.body.method);
  const View =
    answer.kind === "result" && answer.result !== null
      ? def
        ? resultViewFor(def.result.kind)
        : GenericResultView
      : undefined;
  const [tab, setTab] = useState<"view" | "raw">("view");
  // Any depth: a hostile answer nested thousands of levels deep must not overflow the stack.
  // Made when Copy or Download asks for it, not for every answer (68 ms and 19 MB for a 16 MB block),
  // a slice at a time.
  const rawText = () => jsonBlobInSlices(answer.raw, "text/plain");
  const fileName = `${sent.raw?.batch ? "batch" : sent.body.method || "answer"}-${String(sent.body.id)}.json`;
  const file = () => jsonBlobInSlices(answer.raw, "application/json");
  const rawDownload = (
    <DownloadButton fileName={fileName} file={file}>
      Download<span className="sr-only"> answer</span> as it came
    </DownloadButton>
  );
  return (
    <div className="flex min-w-0 flex-col gap-2 lg:min-h-0">
      <AnswerMeta sent={sent} />
      <Receiving arrival={arrival} />
      {sent.raw?.batch && (
        <p role="status" className="text-sm">
          The node answered the batch with one object instead of an array of answers.
        </p>
      )}
      {answer.kind === "error" && <RpcErrorNotice sent={sent} />}
      {answer.kind === "result" && answer.result === null && <NotFound sent={sent} />}
      <Tabs<"view" | "raw">
        label="Answer"
        active={View ? tab : "raw"}
        onChange={setTab}
        scrollTopOn={props.given}
        actions={
          <>
            <CopyButton text={rawText} label="Copy JSON" />
            <DownloadButton fileName={fileName} file={file}>
              Download<span className="sr-only"> answer</span>
            </DownloadButton>
          </>
        }
        tabs={[
          ...(View
            ? [
                {
                  key: "view" as const,
                  label: "View",
                  content: () => (
                    <ErrorBoundary what="this answer's view" resetKey={sent} actions={rawDownload}>
                      <Suspense fallback={<p className="text-sm text-fg-muted">Loading the view…</p>}>
                        <View sent={sent} />
                      </Suspense>
                    </ErrorBoundary>
                  ),
                },
              ]
            : []),
          {
            key: "raw" as const,
            label: "Raw",
            content: () => (
              <ErrorBoundary what="the raw answer" resetKey={sent} actions={rawDownload}>
                <JsonTree value={answer.raw} openDepth={3} />
              </ErrorBoundary>
            ),
          },
        ]}
      />
    </div>
  );
}

/** A block asked for by a number after the chain's head: not mined yet (undefined: not known). */
function useNotMinedYet(sent: SentRequest, notFound: boolean): { asked: bigint; head: bigint } | undefined {
  const asked = requestedBlockNumber(sent.body.method, sent.body.params);
  const head = useChainHead(sent, notFound && asked !== null);
  return asked !== null && head !== undefined && asked > head ? { asked, head } : undefined;
}

const notMinedText = ({ asked, head }: { asked: bigint; head: bigint }) =>
  `Block ${asked} is after the chain's head (block ${head}): it has not been mined yet.`;

/** `"result": null`: a valid answer, not an error; for a block after the head, "not mined yet". */
function NotFound({ sent }: { sent: SentRequest }) {
  const later = useNotMinedYet(sent, true);
  return (
    <div role="status" className="rounded border border-border bg-surface-muted p-3 text-sm">
      <p className="font-semibold">{later ? "Not mined yet" : "Not found"}</p>
      <p className="text-fg-muted">
        {later ? `${notMinedText(later)} ` : ""}
        The node answered <code className="font-mono">"result": null</code>
        {later ? "." : ": nothing matches these parameters. This is a valid answer, not an error."}
      </p>
    </div>
  );
}

function RpcErrorNotice({ sent }: { sent: SentRequest }) {
  const blockNotFound =
    sent.answer.kind === "error" && sent.network.kind === "starknet" && sent.answer.error.code === 24;
  const later = useNotMinedYet(sent, blockNotFound);
  const names = useNames(sent.network);
  if (sent.answer.kind !== "error") return null;
  const { error } = sent.answer;
  const d = describeRpcError(error, {
    chain: sent.network.kind,
    ...(sent.answer.meta.httpStatus !== undefined ? { httpStatus: sent.answer.meta.httpStatus } : {}),
  });
  // Code 3 reverts and the -32000 node errors: only EVM networks speak them.
  const address = calledAddress(sent.body.params);
  const decoded =
    sent.network.kind === "evm"
      ? revertNoticeModel(error, { names, address }, chainProfileOf(sent.network).currency)
      : null;
  const sentence = later
    ? notMinedText(later)
    : (d.hint ?? "The node answered with an error instead of a result.");
  const notice = errorNotice(later ? "Not mined yet" : d.title, sentence, [error.message, d.detail]);
  return (
    <ErrorNoticeView
      notice={notice}
      attrs={{ "data-rpc-code": error.code }}
      code={
        <span className="font-mono text-xs">
          (code {error.code}
          {d.codeName ? `, ${d.codeName}` : ""})
        </span>
      }
      data={
        error.data === undefined
          ? undefined
          : typeof error.data === "string"
            ? error.data
            : JSON.stringify(error.data)
      }
    >
      {decoded?.revert && (
        <section aria-label="Decoded revert" className="mt-2">
          <p className="font-medium">Decoded revert</p>
          <RevertLines lines={decoded.revert.lines} />
          {decoded.revert.kind === "custom" && address && (
            <AbisButton address={address}>Add an ABI for the called contract</AbisButton>
          )}
        </section>
      )}
      {decoded && decoded.facts.length > 0 && (
        <section aria-label="From the message" className="mt-2">
          <RevertLines lines={decoded.facts} />
        </section>
      )}
    </ErrorNoticeView>
  );
}

/** The result of a method the playground has no view for (eth_chainId), as JSON. */
function GenericResultView({ sent }: { sent: SentRequest }) {
  const result = sent.answer.kind === "result" ? sent.answer.result : undefined;
  return (
    <div className="flex flex-col gap-2" data-testid="generic-view">
      <p className="text-sm text-fg-muted">
        {sent.body.method || "This method"} has no view of its own in the playground: its result as JSON.
      </p>
      <JsonTree value={result} openDepth={3} />
    </div>
  );
}
