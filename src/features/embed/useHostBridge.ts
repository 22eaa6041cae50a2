import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { getMethod } from "../../methods/registry.ts";
import { provider } from "../../networks/provider.ts";
import { whenDone } from "../../rpc/answer-parse.ts";
import { subscribeSent } from "../../send/sent.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import type { AppState } from "../../state/store.ts";
import { checkParams, type EmbedConfig } from "./embed-config.ts";
import {
  errorMessage,
  type HostMessage,
  isAllowedOrigin,
  isOurs,
  readHostMessage,
  readyMessage,
  resultMessage,
} from "./embed-messages.ts";
import { initialHostTarget, isEmbedded, postToHost } from "./host-link.ts";

type HostHandlers = {
  setKey(key: string): void;
  /** Sends the request; says why not when it cannot. */
  send(): string | undefined;
};

type BridgeState = {
  /** Messages of ours from a window or origin not allowed to control this embed. */
  ignored: number;
  ignoredOrigin: string | undefined;
  /** The last problem with a message the host sent (also posted back to it). */
  notice: string | undefined;
};

/** Applies one host message to the embed; returns why it could not, if it could not. */
function apply(m: HostMessage, handlers: HostHandlers, read: () => AppState): string | undefined {
  const s = read();
  switch (m.type) {
    case "rpc-playground:set-key":
      handlers.setKey(m.key);
      return undefined;
    case "rpc-playground:set-network": {
      const { networks } = provider();
      const net = networks.find((n) => n.id === m.network);
      if (!net)
        return `set-network: "${m.network}" is not in the catalog; use one of ${networks.map((n) => n.id).join(", ")}.`;
      s.networkActions.select(net.id);
      read().draftActions.fitChain(net.kind);
      return undefined;
    }
    case "rpc-playground:set-params": {
      const method = m.method ?? s.methodName;
      if (!getMethod(method)) return `set-params: the embed does not offer ${method}.`;
      const checked = checkParams(method, m.params, selectedKind(s));
      if (!checked.ok) return `set-params: ${checked.message}`;
      s.draftActions.load(method, m.params);
      return undefined;
    }
    case "rpc-playground:set-theme":
      s.settingsActions.setTheme(m.theme);
      return undefined;
    case "rpc-playground:set-transport":
      s.settingsActions.setTransport(m.transport);
      return undefined;
    case "rpc-playground:send": {
      const problem = handlers.send();
      return problem ? `send: ${problem}` : undefined;
    }
  }
}

/**
 * The embed's side of the postMessage API. Once `enabled` (the devnet's addresses are known), it
 * says `ready`, listens to its parent, and tells the host each result. A message is obeyed only
 * when it comes from the parent window and from the embed's own origin or one the address lists;
 * any other is ignored and counted (data-ignored-messages, console.debug), never answered.
 */
/** How many ignored messages are logged (console.debug) before they are only counted. */
const LOGGED_IGNORED = 10;

export function useHostBridge(config: EmbedConfig, enabled: boolean, handlers: HostHandlers) {
  const store = useAppStoreApi();
  const client = useQueryClient();
  const [initial] = useState(() => initialHostTarget(config.origins));
  /** The origin of the last accepted message: the host's exact origin, once it has spoken. */
  const learned = useRef<string | undefined>(undefined);
  const target = useCallback(() => learned.current ?? initial, [initial]);
  const latest = useRef(handlers);
  latest.current = handlers;
  const [state, setState] = useState<BridgeState>({
    ignored: 0,
    ignoredOrigin: undefined,
    notice: undefined,
  });

  const ignoredCount = useRef(0);
  /**
   * A send the host asked for is on its way (until its result is told), with the host's `ref` for
   * it: another is "busy"; the next result is its (the reader's own Send replaces it).
   */
  const inFlight = useRef<{ ref: string | undefined } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const self = window.location.origin;
    // A flood of ignored messages (20,000 from a hostile page) is counted in memory and shown once
    // per frame, and only the first few are logged: one render per message took 32 s to drain.
    let lastOrigin: string | undefined;
    let flush: number | undefined;
    const showIgnored = () => {
      flush = undefined;
      const count = ignoredCount.current;
      setState((st) => ({ ...st, ignored: count, ignoredOrigin: lastOrigin }));
    };
    const onMessage = (event: MessageEvent) => {
      if (!isOurs(event.data)) return;
      const fromParent = isEmbedded() && event.source === window.parent;
      if (!fromParent || !isAllowedOrigin(event.origin, config.origins, self)) {
        const ignored = ++ignoredCount.current;
        lastOrigin = event.origin;
        if (ignored <= LOGGED_IGNORED)
          console.debug(
            `RPC Playground embed: ignored ${event.data.type} from ${event.origin || "an unknown origin"}: ${fromParent ? "the origin is not in this embed's origins list" : "not from the parent window"}.${ignored === LOGGED_IGNORED ? " Further ones are counted, not logged." : ""}`,
          );
        flush ??= window.setTimeout(showIgnored, 16);
        return;
      }
      // An allowed parent: from now on its exact origin is where messages go.
      learned.current = event.origin;
      const read = readHostMessage(event.data);
      if (read.kind === "message" && read.message.type === "rpc-playground:set-params") {
        // A burst of set-params (a host's loop) is applied once, the last one winning, in the
        // next task or before the next other message: one store update, not one per message.
        queuedParams = { message: read.message, type: event.data.type };
        paramsTimer ??= window.setTimeout(applyQueuedParams, 0);
        return;
      }
      applyQueuedParams();
      const send =
        read.kind === "message" && read.message.type === "rpc-playground:send" ? read.message : null;
      if (send && inFlight.current) {
        // Every send is answered: one while another is on its way gets "busy" (its result follows).
        report(
          "send: busy: a request is already on its way; its result comes first.",
          event.data.type,
          send.ref,
        );
        return;
      }
      const problem =
        read.kind === "invalid"
          ? read.reason
          : read.kind === "message"
            ? apply(read.message, latest.current, store.getState)
            : undefined;
      if (send && !problem) inFlight.current = { ref: send.ref };
      report(problem, event.data.type, send?.ref);
    };
    let queuedParams: { message: HostMessage; type: string } | undefined;
    let paramsTimer: number | undefined;
    const applyQueuedParams = () => {
      if (paramsTimer !== undefined) window.clearTimeout(paramsTimer);
      paramsTimer = undefined;
      const queued = queuedParams;
      queuedParams = undefined;
      if (queued) report(apply(queued.message, latest.current, store.getState), queued.type);
    };
    const report = (problem: string | undefined, type: string, ref?: string) => {
      if (problem) postToHost(errorMessage(problem, type, ref), target(), false);
      setState((st) => (st.notice === problem ? st : { ...st, notice: problem }));
    };
    window.addEventListener("message", onMessage);
    const unsubscribe = subscribeSent(client, (e) => {
      const ref = inFlight.current?.ref;
      inFlight.current = null;
      const post = () => postToHost(resultMessage(e, ref), target(), true);
      // A big answer still arriving (rpc/answer-parse.ts) goes to the host whole, once it is in.
      const arrival = e.ok ? e.answer.arrival : undefined;
      if (arrival && !arrival.getSnapshot().done) void whenDone(arrival).then(post);
      else post();
    });
    const s = store.getState();
    postToHost(readyMessage(s.methodName, s.selectedNetworkId, provider().productName), target(), false);
    return () => {
      window.removeEventListener("message", onMessage);
      if (flush !== undefined) window.clearTimeout(flush);
      if (paramsTimer !== undefined) window.clearTimeout(paramsTimer);
      unsubscribe();
    };
  }, [enabled, config.origins, target, store, client]);

  return { state, target };
}
