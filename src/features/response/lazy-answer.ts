/**
 * The answer's code (AnswerView, its error notices, revert and name decoding, the views) and a
 * failed send's message (Failure.tsx, with the error texts of rpc/display.ts) are not part of the
 * first screen: they load in idle time after the first paint, when Send is pressed, or at the
 * latest when an answer or a failure is shown.
 */
import { preloadable } from "../../components/ui/preloadable.tsx";
import type { SendVariables, SentRequest } from "../../send/useSendRequest.ts";
import { prefetchViews } from "./views/registry.ts";

const answerView = preloadable<{ sent: SentRequest }>(() =>
  import("./AnswerView.tsx").then((m) => m.AnswerView),
);

const failure = preloadable<{ error: unknown; failedSend: SendVariables | undefined }>(() =>
  import("./Failure.tsx").then((m) => m.Failure),
);

/** The Response panel's view of an answer; suspends until its chunk is loaded. */
export const AnswerView = answerView.Component;

/** The Response panel's message for a failed send; suspends until its chunk is loaded. */
export const Failure = failure.Component;

/**
 * Loads the answer's and the views' chunks ahead of need; safe to call any number of times. Gives
 * whether they are in; never fails (a failed load is only a lost head start: the answer says why
 * when it is shown).
 */
export function prefetchAnswer(): Promise<boolean> {
  failure.preload().catch(() => {});
  return Promise.all([answerView.preload(), prefetchViews()]).then(
    () => true,
    () => false,
  );
}
