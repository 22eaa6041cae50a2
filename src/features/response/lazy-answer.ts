/**
 * The answer's code (AnswerView, its error notices, revert and name decoding, the views) is not
 * part of the first screen: it loads in idle time after the first paint, when Send is pressed, or
 * at the latest when an answer is shown.
 */
import { preloadable } from "../../components/ui/preloadable.tsx";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { prefetchViews } from "./views/registry.ts";

const answerView = preloadable<{ sent: SentRequest }>(() =>
  import("./AnswerView.tsx").then((m) => m.AnswerView),
);

/** The Response panel's view of an answer; suspends until its chunk is loaded. */
export const AnswerView = answerView.Component;

/** Loads the answer's and the views' chunks ahead of need; safe to call any number of times. */
export function prefetchAnswer(): void {
  answerView.preload().catch(() => {
    // Only a head start: the answer says why it failed when it is shown.
  });
  prefetchViews();
}
