import { startTransition, useEffect, useMemo, useState } from "react";
import { memoByIdentity } from "../../chain/lazy-rows.ts";
import type { Arrival, ArrivalState } from "../../rpc/answer-parse.ts";
import { setPath } from "../../rpc/answer-split.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";

/**
 * The answer as far as it has arrived. A big answer (rpc/answer-parse.ts) is shown from its first
 * rows while the rest come from the answer worker: each time they came (at most every 200 ms, and
 * once at the end), this gives a new `sent` whose growing array is a new array (its rows shared),
 * so the views, which build their models per answer, draw the rows that came and keep their own
 * state.
 */
export function useArrivedSent(sent: SentRequest): { sent: SentRequest; arrival: ArrivalState | undefined } {
  const arrival = sent.answer.arrival;
  const state = useArrivalState(arrival);
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

/**
 * How far `arrival` is, as React state that each arrival before the last sets in a transition:
 * React renders the rows that came in slices between the browser's turns, and a render under way
 * (the answer's first drawing, itself a transition: ResponsePanel) is never thrown away for them.
 * Read through `useSyncExternalStore`, rows that came while a transition rendered made React
 * check its store at the render's end, find it changed, and render the whole view again in one
 * task: the 16 MB block's longest task over WebSocket, 40-44 ms of script (a sampled trace, CPU
 * 2x: the concurrent render's last slice, then `renderRootSync` of the view and its commit)
 * (docs/decisions.md, "A big answer's first drawing, a transition").
 */
function useArrivalState(arrival: Arrival | undefined): ArrivalState | undefined {
  // Which arrival it heard of, by number: the state does not hold the arrival (and with it the
  // whole answer) once the view shows another answer.
  const [heard, setHeard] = useState<{ of: number; state: ArrivalState }>();
  // Until this arrival is heard of, what it says now (a view rendered to HTML reads only this).
  const state = arrival && heard?.of === numberOf(arrival) ? heard.state : arrival?.getSnapshot();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is what this arrival's first committed render read, compared once
  useEffect(() => {
    if (!arrival) return;
    const hear = () => {
      const now = arrival.getSnapshot();
      const set = () => setHeard({ of: numberOf(arrival), state: now });
      // The end (the last rows, or where they broke) is drawn in React's next task, not in a
      // transition: what waits for the whole answer (the body's next id, send/after-answer.ts)
      // then finds it drawn; as a transition, that work's own render went first.
      if (now.done) set();
      else startTransition(set);
    };
    const off = arrival.subscribe(hear);
    // Rows that came between the render and this effect.
    if (arrival.getSnapshot() !== state) hear();
    return off;
  }, [arrival]);
  return state;
}

let arrivals = 0;
/** Each arrival's number, given the first time it is asked for. */
const numberOf = memoByIdentity((_arrival: Arrival) => ++arrivals);
