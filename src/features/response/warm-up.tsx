/**
 * The answer view rendered once, unseen, in idle time after the first screen, on a small real block
 * (warm-block.ts): a page's first big answer otherwise paid for compiling the views' code and
 * warming the engine's caches in its first rows' task (about 35 ms of compiling and 20 ms of slower
 * first runs at CPU 2x), so it came 1.5 to 2 times later than a second one. Nothing is sent: the
 * block has no number (no chain head asked for), and the tree lives in an element outside the
 * document (no layout, nothing for a reader or a test to find). It is drawn RENDERS times, a
 * screenful of rows each, one an idle callback (code run once stays in the engine's slowest tier),
 * then unmounted; a send stops it.
 */

import { useQueryClient } from "@tanstack/react-query";
import { Suspense, startTransition, useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { whenIdle } from "../../chain/next-task.ts";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import type { Network } from "../../networks/network.ts";
import { subscribeSending } from "../../send/sent.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { AnswerView, prefetchAnswer } from "./lazy-answer.ts";

type Listener = (network: Network, block: unknown) => void;
let listener: Listener | undefined;
/** Not asked for yet, its code loading, its renders under way, or never again (done, or a send was made). */
let warmUp: "waiting" | "loading" | "rendering" | "off" = "waiting";

/**
 * Warms the answer view for `network` (its chain's fields and coin) once its code is in: the view
 * is rendered where `AnswerViewWarmUp` is mounted. Once per page; a failed load is left alone. The
 * block is an EVM one: on another chain nothing is loaded or rendered.
 */
export function warmAnswerView(network: Network): void {
  if (warmUp !== "waiting" || network.kind !== "evm") return;
  warmUp = "loading";
  // The block is a chunk of its own too: none of it is on the first screen.
  const block = import("./warm-block.ts").then(
    (m) => m.WARM_BLOCK,
    () => undefined,
  );
  void Promise.all([prefetchAnswer(), block]).then(([ready, b]) => {
    const go = warmUp === "loading" && ready && b !== undefined && listener !== undefined;
    warmUp = go ? "rendering" : "off";
    if (go) listener?.(network, b);
  });
}

/** Renders of the warm-up: the engine optimizes code that runs often, not once (each render a new block, so every row is drawn again). */
const RENDERS = 4;
/** The block's transactions repeated to a screenful of rows (the table draws what fits its box). */
const SCREENFUL = 8;

function warmBlock(block: unknown): unknown {
  const { transactions, ...rest } = block as { transactions: readonly object[] };
  const rows = Array.from({ length: SCREENFUL }, () => transactions).flat();
  return { ...rest, transactions: rows.map((t) => ({ ...t })) };
}

const warmSent = (network: Network, block: unknown): SentRequest => ({
  network,
  apiKey: "",
  transport: "http",
  body: { jsonrpc: "2.0", id: 0, method: "eth_getBlockByNumber", params: ["pending", true] },
  timeoutMs: 0,
  answer: {
    kind: "result",
    result: block,
    raw: { jsonrpc: "2.0", id: 0, result: block },
    meta: { transport: "http", latencyMs: 0, sizeBytes: 0 },
  },
});

/** Where `warmAnswerView` renders the view: nothing in the page, ever. */
export function AnswerViewWarmUp() {
  const [shown, setShown] = useState<{ network: Network; block: unknown; round: number } | null>(null);
  const [into] = useState(() => document.createElement("div"));
  const client = useQueryClient();
  // A send was made: its answer warms the view itself, and a warm-up then would only be in its way.
  useEffect(
    () =>
      subscribeSending(client, () => {
        warmUp = "off";
      }),
    [client],
  );
  useEffect(() => {
    listener = (network, block) => startTransition(() => setShown({ network, block, round: 0 }));
    return () => {
      listener = undefined;
    };
  }, []);
  useEffect(() => {
    if (!shown) return;
    const round = shown.round + 1;
    return whenIdle(() => {
      const more = round < RENDERS && warmUp === "rendering";
      if (!more) warmUp = "off";
      startTransition(() => setShown(more ? { ...shown, round } : null));
    });
  }, [shown]);
  // Made once a round, not on every render of this component.
  const sent = useMemo(() => shown && warmSent(shown.network, warmBlock(shown.block)), [shown]);
  if (!sent) return null;
  // A warm-up that fails (a bug the real answer would show) only loses its head start: the
  // boundary's message goes into the unseen element.
  return createPortal(
    <ErrorBoundary what="the answer view's warm-up">
      <Suspense fallback={null}>
        <AnswerView sent={sent} />
      </Suspense>
    </ErrorBoundary>,
    into,
  );
}
