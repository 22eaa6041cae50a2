import { type ComponentType, createElement } from "react";
import { loadOnce } from "../../../chain/load-once.ts";
import { useLoaded } from "../../../components/ui/preloadable.tsx";
import type { ResultKind } from "../../../methods/types.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";

/** A view gets the whole exchange: the request (method, params, network) and its answer. */
export type ResultViewProps = { sent: SentRequest };

type Views = typeof import("./all-views.ts");
/**
 * The views' chunk (every view, its model and decoders: viem's ABI decoding, the proof code), loaded
 * once, not with the first screen. A failed load is forgotten, so the next answer tries again.
 * Its largest part, the receipts' decoding with the trie and hash code it needs, is imported first:
 * each import evaluates in a task of its own (together they were one of 40-65 ms at CPU 2x).
 */
const viewsChunk = loadOnce<Views>(async () => {
  await import("../../../chain/receipts.ts");
  return import("./all-views.ts");
});

/**
 * Fetches the views' chunk before an answer needs it: the shell calls this in idle time after the
 * first paint and when Send is pressed, so an answer never waits for its view's code. Settles once
 * it is in: from then on every kind's view renders at once (`resultViewFor` reads the chunk itself,
 * it waits for no load of its own).
 */
export function prefetchViews(): Promise<Views> {
  return viewsChunk.get();
}

const views = new Map<ResultKind, ComponentType<ResultViewProps>>();

/**
 * The view for a result kind, the same component each time. Until the views' chunk is loaded it
 * suspends: render it inside a Suspense boundary. Once it is in, it never suspends, even on its
 * first render (a suspended boundary is revealed no sooner than 300 ms after its fallback showed:
 * a page's first big answer showed no rows until they were all in).
 */
export function resultViewFor(kind: ResultKind): ComponentType<ResultViewProps> {
  let view = views.get(kind);
  if (!view) {
    view = function ResultView(props: ResultViewProps) {
      const View = useLoaded(viewsChunk).VIEWS[kind];
      return createElement(View, props);
    };
    views.set(kind, view);
  }
  return view;
}
