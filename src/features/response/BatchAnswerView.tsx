import { type ComponentType, type ReactNode, useMemo, useState } from "react";
import { jsonBlobInSlices, stringifyDeep } from "../../chain/json-text.ts";
import { formatDecimal } from "../../chain/quantity.ts";
import { Button } from "../../components/ui/Button.tsx";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { JsonTree } from "../../components/ui/JsonTree.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { VirtualTable } from "../../components/ui/VirtualTable.tsx";
import { idLabel } from "../../rpc/raw-request.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { type BatchItem, type BatchModel, batchModelSteps } from "./views/batch-model.ts";
import { NOW, useSteps } from "./views/useSteps.ts";

/** Up to this many requests, one tab each; a longer batch is a virtualized list (100,000 rows stay cheap). */
const TABS_UP_TO = 20;
/** The batch's problems listed by name; the rest are counted. */
const PROBLEMS_SHOWN = 50;

type AnswerOf = ComponentType<{ sent: SentRequest }>;

/**
 * A batch's answer in one view: a summary, each request with its answer matched by id (shown with
 * the normal view of its method: a tab each for a short batch, a list to pick from for a long
 * one), the requests without an answer and the answers matching no request called out, and the
 * whole array as it came. `AnswerOf` is the one-answer view (AnswerView, which shows this one).
 */
export function BatchAnswerView(props: {
  sent: SentRequest;
  answers: readonly unknown[];
  /** The answer's details (AnswerMeta). */
  meta: ReactNode;
  AnswerOf: AnswerOf;
}) {
  const { sent, answers, AnswerOf } = props;
  const raw = sent.raw;
  // Only the answers the problems list names are kept as objects; the rest are counted. A long
  // answer is matched a few milliseconds a task (100,000 answers never freeze the page).
  const job = useMemo(
    () => batchModelSteps(raw?.text ?? "[]", raw?.ids ?? [], answers, PROBLEMS_SHOWN),
    [raw, answers],
  );
  const model = useSteps(job, NOW);
  const [tab, setTab] = useState("0");
  const rawText = () => jsonBlobInSlices(sent.answer.raw, "text/plain");
  const item = (i: BatchItem) => <BatchItemAnswer sent={sent} item={i} AnswerOf={AnswerOf} />;
  const whole = () => (
    <ErrorBoundary what="the raw answer" resetKey={sent}>
      <JsonTree value={sent.answer.raw} openDepth={2} />
    </ErrorBoundary>
  );
  return (
    <div className="flex min-w-0 flex-col gap-2 overflow-auto lg:min-h-0" data-testid="batch-answer">
      {props.meta}
      <p role="status" className="text-sm font-medium" data-testid="batch-summary">
        Batch:{" "}
        {model
          ? model.summary
          : `matching ${formatDecimal(answers.length)} answers to ${formatDecimal(raw?.ids.length ?? 0)} requests…`}
      </p>
      {model && (
        <BatchModelView
          model={model}
          tab={tab}
          setTab={setTab}
          rawText={rawText}
          item={item}
          whole={whole}
          scrollTopOn={sent}
        />
      )}
    </div>
  );
}
/** The matched batch: its problems, then its requests as tabs (a short batch) or a list. */
function BatchModelView(props: {
  model: BatchModel;
  tab: string;
  setTab: (tab: string) => void;
  rawText: () => Promise<Blob>;
  item: (i: BatchItem) => ReactNode;
  whole: () => ReactNode;
  /** The batch's answer: a new one starts at the top of its tabs. */
  scrollTopOn: unknown;
}) {
  const { model, tab, setTab, rawText, item, whole } = props;
  return (
    <>
      <BatchProblems model={model} />
      {model.items.length <= TABS_UP_TO ? (
        <Tabs<string>
          label="Batch requests"
          active={tab}
          onChange={setTab}
          scrollTopOn={props.scrollTopOn}
          actions={<CopyButton text={rawText} label="Copy JSON" />}
          tabs={[
            ...model.items.map((i) => ({ key: String(i.index), label: tabLabel(i), content: () => item(i) })),
            { key: "all", label: "Whole answer", content: whole },
          ]}
        />
      ) : (
        <LongBatch items={model.items} rawText={rawText} renderItem={item} whole={whole} />
      )}
    </>
  );
}

const tabLabel = (i: BatchItem) =>
  `${i.label}${i.answer ? (i.answer.kind === "error" ? " (error)" : "") : " (missing)"}`;

/** Requests without an answer and answers matching none, the first {@link PROBLEMS_SHOWN} by name. */
function BatchProblems({ model }: { model: BatchModel }) {
  const missing = model.items.filter((i) => !i.answer);
  if (missing.length === 0 && model.unmatchedCount === 0) return null;
  const shownMissing = missing.slice(0, PROBLEMS_SHOWN);
  const shownUnmatched = model.unmatched.slice(0, Math.max(0, PROBLEMS_SHOWN - shownMissing.length));
  const more = missing.length + model.unmatchedCount - shownMissing.length - shownUnmatched.length;
  return (
    <ul
      aria-label="Batch problems"
      className="list-disc rounded border border-warn bg-warn-bg p-2 pl-6 text-sm"
    >
      {shownMissing.map((i) => (
        <li key={`missing-${i.index}`}>
          Missing: request {i.index + 1} ({i.method || "no method"}, id {idLabel(i.id)}) got no answer.
        </li>
      ))}
      {shownUnmatched.map((u) => (
        <li key={`unmatched-${u.index}`}>
          Unmatched: answer {u.index + 1} of the array ({u.why}):{" "}
          <code className="font-mono">{snippetOf(u.value)}</code>
        </li>
      ))}
      {more > 0 && <li>… and {formatDecimal(more)} more (see the list below).</li>}
    </ul>
  );
}

/** A long batch: its requests in a virtualized list; the one picked is shown under it. */
function LongBatch(props: {
  items: readonly BatchItem[];
  rawText: () => Promise<Blob>;
  renderItem: (i: BatchItem) => ReactNode;
  whole: () => ReactNode;
}) {
  const { items } = props;
  const [picked, setPicked] = useState<number | "all">(0);
  const shown = picked === "all" ? undefined : items[picked];
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button aria-pressed={picked === "all"} onClick={() => setPicked(picked === "all" ? 0 : "all")}>
          Whole answer
        </Button>
        <CopyButton text={props.rawText} label="Copy JSON" />
      </div>
      <VirtualTable
        label="Batch requests"
        columns={[
          { label: "#", width: "5rem", align: "right" },
          { label: "Method", width: "45%" },
          { label: "id", width: "25%" },
          { label: "Answer", width: "auto" },
        ]}
        count={items.length}
        estimateSize={33}
        maxHeight={320}
        minWidth="28rem"
        renderItem={(index) => {
          const i = items[index]!;
          const status = i.answer ? (i.answer.kind === "error" ? "error" : "result") : "missing";
          return (
            <tr aria-rowindex={index + 2} className={index === picked ? "bg-surface-muted" : undefined}>
              <td className="px-2 py-1 text-right font-mono tabular-nums">{i.index + 1}</td>
              <td className="truncate px-2 py-1 font-mono">
                <Button variant="link" aria-pressed={index === picked} onClick={() => setPicked(index)}>
                  {i.method || "(no method)"}
                </Button>
              </td>
              <td className="truncate px-2 py-1 font-mono">{idLabel(i.id)}</td>
              <td className={`px-2 py-1 ${status === "result" ? "" : "text-bad"}`}>{status}</td>
            </tr>
          );
        }}
      />
      <section
        aria-label={shown ? `Request ${shown.index + 1}'s answer` : "Whole answer"}
        className="min-w-0"
      >
        {shown ? props.renderItem(shown) : props.whole()}
      </section>
    </div>
  );
}

/** One request's answer as its method's view shows it, or why there is none. */
function BatchItemAnswer({
  sent,
  item,
  AnswerOf,
}: {
  sent: SentRequest;
  item: BatchItem;
  AnswerOf: AnswerOf;
}) {
  // One object per request's answer, not one per render: the one-answer view starts its panel at
  // the top when this object changes (a new answer), not when the batch's view draws again.
  const one = useMemo(() => itemSent(sent, item), [sent, item]);
  if (!one)
    return (
      <p role="status" className="text-sm">
        No answer in the array has id {idLabel(item.id)}: the node (or a proxy) left request {item.index + 1}{" "}
        unanswered.
      </p>
    );
  return <AnswerOf sent={one} />;
}

/** One request of the batch as a send of its own, with its answer (none: no answer matched it). */
function itemSent(sent: SentRequest, item: BatchItem): SentRequest | undefined {
  const a = item.answer;
  if (!a) return undefined;
  const { raw: _sentRaw, ...single } = sent;
  const { meta } = sent.answer;
  return {
    ...single,
    body: { jsonrpc: "2.0", id: item.id ?? null, method: item.method, params: item.params },
    answer:
      a.kind === "result"
        ? { kind: "result", result: a.result, raw: a.raw, meta }
        : { kind: "error", error: a.error, raw: a.raw, meta },
  };
}

const snippetOf = (v: unknown) => {
  const text = stringifyDeep(v);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};
