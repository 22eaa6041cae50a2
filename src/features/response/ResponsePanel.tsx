import { Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { afterLayout } from "../../components/ui/after-layout.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { formatSeconds } from "../../components/ui/format.ts";
import { WORKER_THRESHOLD_BYTES } from "../../rpc/answer-parse.ts";
import { sentAt } from "../../send/sent.ts";
import { describeSent, type SendVariables, type SentRequest } from "../../send/useSendRequest.ts";
import { ExplorerLinksContext } from "./explorer-links.ts";
import { AnswerView, Failure } from "./lazy-answer.ts";

type Props = {
  status: "idle" | "pending" | "success" | "error";
  data: SentRequest | undefined;
  error: unknown;
  /**
   * The last send (`useSendState`'s `variables`): named while it waits; for a failure, the request
   * to download instead when its answer was over the size limit.
   */
  sending: SendVariables | undefined;
  onCancel(): void;
  /**
   * Shown by Back or Forward: an earlier request's kept answer (or none), with a way to send it
   * again; `sendAgain` says why it did not go (a body with problems goes by Send anyway).
   */
  fromHistory?: { sendAgain(): string | undefined };
  /** When an answer arrives below the fold, scroll its top into view (the playground; not an embed). */
  revealAnswers?: boolean;
  /** Links to the network's block explorer in the views (default on; an embed only when asked). */
  explorerLinks?: boolean;
};

/** The answer region: idle, waiting (with cancel), an answer, or a failure with a plain message. */
export function ResponsePanel(props: Props) {
  const { status, data, error, sending, onCancel, fromHistory, revealAnswers = false } = props;
  const explorerLinks = props.explorerLinks ?? true;
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const shown = useShownAnswer(status, data);
  // A big answer (read by the answer worker: its rows still arriving, or all come with its first
  // piece) is drawn in a transition: React renders it in slices between the browser's turns, what
  // was on screen staying until it is done; its render was one long task (26-55 ms at CPU 2x, the
  // 16 MB block). A smaller answer is drawn at once: a transition's task of its own made the
  // 1,000-transaction block's first rows later (docs/decisions.md, "A big answer's first drawing,
  // a transition").
  const later = useDeferredValue(shown);
  const drawn = shown && drawnLater(shown) ? later : shown;
  // The same element while `drawn` stays: the deferred value catching up with a small answer
  // (a render of its own after each new answer) draws this panel again, not the whole view.
  const view = useMemo(() => (drawn ? <AnswerView sent={drawn} /> : null), [drawn]);
  const drawing = drawn !== shown;
  // The last answer while the next waits, or while the next is being drawn: outlined.
  const stale = (status === "pending" && shown !== undefined) || (drawing && drawn !== undefined);
  // A new answer (or failure) whose panel top is out of view brings it in (its
  // view's own scroll box starts at its top by itself: the answer's Tabs, `scrollTopOn`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: data and error: each new answer is a reason to look
  useEffect(() => {
    if (!revealAnswers || (status !== "success" && status !== "error")) return;
    const el = section.current;
    if (!el) return;
    // Its first lines (details, title) must be in view: a top in the last 200 px is not enough.
    const look = () => {
      const top = el.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight - 200) el.scrollIntoView({ block: "start" });
    };
    // After the browser's own layout (afterLayout). The view can still grow or shrink (its code
    // loading, rows arriving), and the page's scroll with it: it looks again while it settles, for a second.
    return afterLayout(el, look, 1000);
  }, [revealAnswers, status, data, error]);
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      aria-busy={status === "pending" || drawing}
      className="flex min-w-0 scroll-mt-2 flex-col gap-2 rounded border border-border bg-surface p-3 lg:min-h-0"
    >
      <h2 id={headingId} className="font-semibold">
        Response
      </h2>
      {fromHistory && <FromHistory kept={status !== "idle"} sendAgain={fromHistory.sendAgain} />}
      {status === "idle" && !fromHistory && (
        <p className="text-sm text-fg-muted">
          Send a request to see its answer here. Ctrl+Enter (⌘+Enter) sends from anywhere.
        </p>
      )}
      {status === "pending" && (
        <Waiting
          method={sending && describeSent(sending)}
          since={sending && sentAt(sending)}
          overLast={stale}
          onCancel={onCancel}
        />
      )}
      {/* The message's and the answer's code are chunks: one that cannot download (offline) says so
          here, under the panel's heading, with a Try again (ErrorBoundary, preloadable.tsx). */}
      {status === "error" && (
        <ErrorBoundary what="the failure's message" resetKey={error}>
          <Suspense fallback={<p className="text-sm text-fg-muted">Loading the message…</p>}>
            <Failure error={error} failedSend={sending} />
          </Suspense>
        </ErrorBoundary>
      )}
      {shown && (
        <div
          className={`flex min-w-0 flex-col gap-2 lg:min-h-0 ${stale ? "outline-2 outline-fg-muted outline-offset-4 outline-dashed" : ""}`}
          data-testid={stale ? "last-answer" : undefined}
        >
          <ExplorerLinksContext.Provider value={explorerLinks}>
            <ErrorBoundary what="the answer" resetKey={drawn}>
              <Suspense fallback={<p className="text-sm text-fg-muted">Loading the view…</p>}>
                {view}
              </Suspense>
            </ErrorBoundary>
          </ExplorerLinksContext.Provider>
        </div>
      )}
    </section>
  );
}

/** Whether `sent`'s answer is drawn in a transition: one the answer worker read (WORKER_THRESHOLD_BYTES). */
function drawnLater(sent: SentRequest): boolean {
  const { answer } = sent;
  return answer.arrival !== undefined || answer.meta.sizeBytes >= WORKER_THRESHOLD_BYTES;
}

/**
 * The answer to show: the answer, or, while the next send waits, the last one up to
 * KEPT_WHILE_WAITING_MAX_BYTES (outlined, dashed, under the "Waiting…" line that says so; an
 * outline is drawn without a layout, and dimming it would take its text below the contrast axe
 * asks for). The next answer is then drawn into the same elements: a view of the same kind is
 * updated, not made anew. Made anew, a 2,000-transaction block's view cost 11-15 ms of style and
 * 18-24 ms of layout (the whole page) at CPU 2x, on top of React's own work; updated, under 3 ms of
 * layout (docs/decisions.md, "The last answer stays while the next one comes").
 */
function useShownAnswer(status: Props["status"], data: SentRequest | undefined): SentRequest | undefined {
  const [kept, setKept] = useState<SentRequest | undefined>(undefined);
  const keep = kept !== undefined && kept.answer.meta.sizeBytes <= KEPT_WHILE_WAITING_MAX_BYTES;
  const next = status === "success" ? data : status === "pending" && keep ? kept : undefined;
  if (next !== kept) setKept(next);
  return next;
}

/**
 * The biggest answer kept on screen while the next send waits. The view the next answer is drawn
 * into keeps the last one's values in React's other copy of its tree until it is drawn again, so a
 * kept answer stays in memory beside the one on screen: six sends of the 16 MB block held 15.7 MB
 * more than one did (bench "heap", CPU 2x; the budget is 8 MB). A bigger answer goes when the next
 * send starts, as before (0.9 MB more), and what a smaller one leaves behind stays well within it.
 */
const KEPT_WHILE_WAITING_MAX_BYTES = 4 * 1024 * 1024;

function Waiting({
  method,
  since,
  overLast,
  onCancel,
}: {
  method: string | undefined;
  /**
   * When the send left (`sentAt`): the line comes up to 190 ms after the click (the send's quiet
   * wait) and counts from the click; a newer send that replaces this one, from its own. Without
   * it, from the line's first drawing.
   */
  since: number | undefined;
  /** The last answer is still shown below, until this one comes. */
  overLast: boolean;
  onCancel(): void;
}) {
  const [mounted] = useState(() => performance.now());
  const [now, setNow] = useState(mounted);
  useEffect(() => {
    const t = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(t);
  }, []);
  const elapsed = Math.max(0, now - (since ?? mounted));
  return (
    <div className="flex items-center gap-3 text-sm" role="status">
      <span className="inline-block h-3 w-3 motion-safe:animate-spin rounded-full border-2 border-accent border-t-transparent" />
      <span>
        Waiting for the answer to {method ?? "the request"}… {formatSeconds(elapsed, true)}
        {overLast && ". The last answer stays below until it comes."}
      </span>
      <Button size="md" onClick={onCancel}>
        Cancel request
      </Button>
    </div>
  );
}

/** An earlier request brought back by Back or Forward: whether its answer was kept; Send again, and why it did not go. */
function FromHistory({ kept, sendAgain }: { kept: boolean; sendAgain(): string | undefined }) {
  const [notSent, setNotSent] = useState<string | undefined>(undefined);
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
      <span>
        {kept
          ? "Back in the browser's history: the answer as it came then, not sent again."
          : "Back in the browser's history: this request's answer was not kept."}
      </span>
      <button
        type="button"
        className="rounded border border-border px-2 py-0.5"
        onClick={() => setNotSent(sendAgain())}
      >
        Send again
      </button>
      {notSent && <span className="text-bad">{notSent}</span>}
    </div>
  );
}
