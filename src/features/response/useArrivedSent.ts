import { useMemo, useSyncExternalStore } from "react";
import type { ArrivalState } from "../../rpc/answer-parse.ts";
import { setPath } from "../../rpc/answer-split.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";

const noSubscribe = () => () => {};
const noSnapshot = () => undefined;

/**
 * The answer as far as it has arrived. A big answer (rpc/answer-parse.ts) is shown from its first
 * rows while the rest come from the answer worker: each frame they came in, this gives a new
 * `sent` whose growing array is a new array (its rows shared), so the views, which build their
 * models per answer, draw the rows that came and keep their own state.
 */
export function useArrivedSent(sent: SentRequest): { sent: SentRequest; arrival: ArrivalState | undefined } {
  const arrival = sent.answer.arrival;
  const snapshot = arrival?.getSnapshot ?? noSnapshot;
  // The same snapshot off the page (a test renders a view to HTML).
  const state = useSyncExternalStore(arrival?.subscribe ?? noSubscribe, snapshot, snapshot);
  const shown = useMemo(() => {
    if (!arrival || !state) return sent;
    const { answer } = sent;
    const rows = arrival.path.reduce<unknown>(
      (at, k) => (at as Record<string | number, unknown>)[k],
      answer.raw,
    );
    const raw = setPath(answer.raw, arrival.path, Array.isArray(rows) ? rows.slice(0, state.received) : rows);
    const result = (raw as { result?: unknown }).result;
    return { ...sent, answer: answer.kind === "result" ? { ...answer, raw, result } : { ...answer, raw } };
  }, [sent, arrival, state]);
  return { sent: shown, arrival: state };
}
