import type { ComponentType } from "react";
import { loadOnce } from "../../../chain/load-once.ts";
import { type Preloadable, preloadable } from "../../../components/ui/preloadable.tsx";
import type { ResultKind } from "../../../methods/types.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";

/** A view gets the whole exchange: the request (method, params, network) and its answer. */
export type ResultViewProps = { sent: SentRequest };

type Views = typeof import("./all-views.ts");
/**
 * The views' chunk (every view, its model and decoders: viem's ABI decoding, the proof code), loaded
 * once, not with the first screen. A failed load is forgotten, so the next answer tries again.
 */
const viewsChunk = loadOnce<Views>(() => import("./all-views.ts"));
const loadViews = viewsChunk.get;

/**
 * Fetches the views' chunk before an answer needs it: the shell calls this in idle time after the
 * first paint and when Send is pressed, so an answer never waits for its view's code. Every kind's
 * view is made ready too: a view first rendered before its own load settled would suspend once,
 * and React reveals a suspended boundary no sooner than 300 ms after its fallback showed (a page's
 * first big answer showed no rows until it was all in). Settles once they are ready.
 */
export function prefetchViews(): Promise<unknown> {
  return loadViews().then((m) =>
    Promise.all(Object.keys(m.VIEWS).map((kind) => viewFor(kind as ResultKind).preload())),
  );
}

const views = new Map<ResultKind, Preloadable<ResultViewProps>>();

function viewFor(kind: ResultKind): Preloadable<ResultViewProps> {
  let view = views.get(kind);
  if (!view) {
    // Made once the chunk is in (a Send before the idle steps readied it): at once, no suspending.
    view = preloadable(
      () => loadViews().then((m): ComponentType<ResultViewProps> => m.VIEWS[kind]),
      viewsChunk.current()?.VIEWS[kind],
    );
    views.set(kind, view);
  }
  return view;
}

/**
 * The view for a result kind, the same component each time. Until the views' chunk is loaded it
 * suspends: render it inside a Suspense boundary.
 */
export function resultViewFor(kind: ResultKind): ComponentType<ResultViewProps> {
  return viewFor(kind).Component;
}
