import { MutationObserver, notifyManager, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { planSend } from "../methods/body-reading.ts";
import { httpEndpoint, type Network, needsKey, wsEndpoint } from "../networks/network.ts";
import { whenDone } from "../rpc/answer-parse.ts";
import type { AnswerTooLargeError } from "../rpc/errors.ts";
import { fetchAnswerBlob, sendHttp } from "../rpc/http.ts";
import type { RawRequest } from "../rpc/raw-request.ts";
import type { Transport } from "../rpc/transport.ts";
import type { JsonRpcRequest, RpcAnswer } from "../rpc/types.ts";
import { loadedWs, loadWs } from "../rpc/ws-loader.ts";
import { useAppStoreApi } from "../state/AppStoreProvider.tsx";
import { useReadCurrent } from "../state/useNetworks.ts";
import { AfterAnswer } from "./after-answer.ts";
import { flushNotifications } from "./notify-scheduler.ts";
import { noteDropped, noteLeaving, SEND_KEY } from "./sent.ts";

/**
 * The user's Send, from the click to the mutation the answer panel reads (docs/architecture.md, "A
 * request, from Send to view"): `useSendRequest().submit` reads the network and its key at that
 * moment, plans the body, puts it on the wire and tells the mutation; what the send leaves for
 * later (the next id, the shell's browser-history entry) waits until its answer is painted.
 */
export type SendVariables = {
  network: Network;
  apiKey: string;
  transport: Transport;
  /**
   * What the views and the history read: the request's method, params and id (for a body that is
   * not one readable request, an empty method and params and id null).
   */
  body: JsonRpcRequest;
  /** Set when the body goes exactly as written (with problems, a batch, not JSON); else `body` goes. */
  raw?: RawRequest;
  timeoutMs: number;
  /** The answer size limit (settings); the rpc layer's default when left out. */
  maxAnswerBytes?: number;
};

export type SentRequest = SendVariables & { answer: RpcAnswer };

/**
 * The send mutation's cache options. Only the answer on screen stays: a send the panel no longer
 * shows is dropped at once, not kept for TanStack's default 5 minutes (six re-sends of a 16 MB
 * block held +116 MB). The history keeps its own bounded copies.
 */
export const SEND_MUTATION = { mutationKey: SEND_KEY, gcTime: 0 } as const;

/**
 * Sends one request over the chosen transport; the key goes only into the chosen network's URL.
 * The answer is whole: a big one (rpc/answer-parse.ts) is waited for until every row is in, since
 * the views' own reads and the QA run read all of it at once. Only the user's send
 * (`progressive`) takes it from its first piece, to show rows as they come.
 */
export async function sendOnce(
  vars: SendVariables,
  signal: AbortSignal,
  { progressive = false }: { progressive?: boolean } = {},
): Promise<RpcAnswer> {
  const opts = {
    signal,
    timeoutMs: vars.timeoutMs,
    ...(vars.maxAnswerBytes !== undefined ? { maxAnswerBytes: vars.maxAnswerBytes } : {}),
  };
  const wire = vars.raw ?? vars.body;
  // The WebSocket client is its own chunk, almost always loaded by now (ws-loader.ts).
  const answer =
    vars.transport === "ws"
      ? await (loadedWs() ?? (await loadWs()))
          .getWsClient(wsEndpoint(vars.network, vars.apiKey))
          .send(wire, opts)
      : await sendHttp(httpEndpoint(vars.network, vars.apiKey), wire, opts);
  return progressive ? answer : wholeAnswer(answer);
}

/** `answer` once every row has arrived, without its arrival (read all at once, as it is). */
export async function wholeAnswer(answer: RpcAnswer): Promise<RpcAnswer> {
  if (!answer.arrival) return answer;
  await whenDone(answer.arrival);
  const { arrival: _done, ...whole } = answer;
  return whole;
}

/**
 * An answer over the size limit as a file, unparsed: the WebSocket message already here, or the
 * same request sent again over HTTP and streamed into a Blob. The key goes only to the network.
 */
export function answerFile(vars: SendVariables, error: AnswerTooLargeError): Promise<Blob> {
  if (error.blob) return Promise.resolve(error.blob);
  return fetchAnswerBlob(httpEndpoint(vars.network, vars.apiKey), vars.raw ?? vars.body);
}

/** A send for people: its method, "a batch of 3 requests", or "the body" (no method to name). */
export function describeSent(vars: Pick<SendVariables, "body" | "raw">): string {
  if (vars.raw?.batch)
    return `a batch of ${vars.raw.ids.length} request${vars.raw.ids.length === 1 ? "" : "s"}`;
  return vars.body.method || "the body";
}

/**
 * What became of a Send: sent; not sent, and why in a sentence for the user (the body has problems
 * and goes only with `anyway`, Send anyway); or no key for a network that needs one.
 */
export type SendOutcome = "sent" | "no-key" | { notSent: string };

/** How a send ended, as the mutation holds it: its answer, or why it failed. */
export type SendSettled = { status: "success"; data: SentRequest } | { status: "error"; error: unknown };

/**
 * What the shell does beside a send (the playground's browser-history entry): `sent` runs as the
 * request leaves, and what it returns once the answer is painted; `settled` hears how it ended
 * (only the last send: one replaced or stopped before its answer is never heard of).
 */
export type SendFollow = {
  sent(): () => void;
  settled(outcome: SendSettled): void;
};

/**
 * Sends what the editor holds (docs/decisions.md, "Send anyway"): a body with problems goes only
 * when confirmed (`anyway`), then exactly as written; a valid one in canonical form, after which
 * a number id goes up (the body is rewritten with the next one). `text` is the editor's live
 * text (Ctrl+Enter passes it, so a send right after typing never uses a stale copy); `follow` is
 * the shell's step beside the send (SendFollow). The component that calls it does not render
 * again as sends go and come: the one that shows them reads `useSendState(state)`.
 */
export function useSendRequest() {
  const { observer, send, cancel, sendingQuietly } = useSendMutation();
  const readCurrent = useReadCurrent();
  const store = useAppStoreApi();
  const [after] = useState(() => new AfterAnswer());
  const submit = useCallback(
    (editorText?: string, anyway = false, follow?: SendFollow): SendOutcome => {
      // What the last send left runs first: its next id and its entry come before this send.
      const waiting = after.sentText;
      after.run();
      // The editor does not show the next id yet: its text is the body just sent, which the
      // advance has replaced in the store; the store's is the one to send.
      const text = waiting !== undefined && editorText === waiting ? undefined : editorText;
      const { state: s, network, apiKey } = readCurrent();
      // Only a missing key stops a send before it leaves: the caller says so at the key field.
      if (apiKey === "" && needsKey(network)) return "no-key";
      const plan = planSend(text ?? s.bodyText, network.kind);
      const first = plan.problems[0];
      if (first && !anyway)
        return {
          notSent: `Not sent: the body has problems (${first.message}). Send anyway sends it as written.`,
        };
      // A send right after typing: the store gets the editor's text first, so advancing the id
      // rewrites the body from this text's values, not from the ones before the edit.
      if (text !== undefined && text !== s.bodyText) s.draftActions.setBodyText(text);
      const id = plan.body.id;
      const { transport, timeoutMs } = s;
      const maxAnswerBytes = s.maxAnswerMiB * 1024 * 1024;
      const vars = { network, apiKey, transport, body: plan.body, timeoutMs, maxAnswerBytes };
      // Only a canonical body with a number id is rewritten with the next id; a body sent as
      // written (and a string or null id) stays as it is, so the same bytes can go again. The
      // rewrite waits until the answer is shown; a body edited meanwhile is the user's and keeps
      // its text (only the next id is noted).
      const sentText = store.getState().bodyText;
      const sendNumber = after.wait(typeof id === "number" ? sentText : undefined);
      if (typeof id === "number")
        after.add(() => {
          const untouched = store.getState().bodyText === sentText;
          store.getState().draftActions.advanceId(id, untouched && plan.canonical !== undefined);
        });
      send(plan.canonical ? vars : { ...vars, raw: plan.raw }, {
        onSuccess: (data) => follow?.settled({ status: "success", data }),
        onError: (error) => follow?.settled({ status: "error", error }),
        // A big answer's rows still arriving: after the last, so the work does not hold them back.
        onSettled: (data) => {
          const arrival = data?.answer.arrival;
          if (arrival) void whenDone(arrival).then(() => after.answered(sendNumber));
          else after.answered(sendNumber);
        },
      });
      // The request is out: a body the app writes before the id goes up on screen (another method
      // chosen while the answer comes) gets the next id, not the one just sent.
      if (typeof id === "number") store.getState().draftActions.noteSentId(id);
      if (follow) after.add(follow.sent());
      return "sent";
    },
    [send, readCurrent, store, after],
  );
  /** A send is out: the mutation shows it as waiting, or it is still in its quiet wait. */
  const sending = useCallback(
    () => observer.getCurrentResult().status === "pending" || sendingQuietly(),
    [observer, sendingQuietly],
  );
  /** Stops the send under way; work held for its rows (`AfterAnswer.release`) then runs. */
  const stop = useCallback(() => {
    cancel();
    after.release();
  }, [cancel, after]);
  return { state: observer as SendState, submit, cancel: stop, sending };
}

/** The user's sends as `useSendState` reads them (useSendRequest's `state`). */
type SendState = Pick<MutationObserver<SentRequest, Error, SendVariables>, "subscribe" | "getCurrentResult">;

/**
 * The last send's `status`, `data`, `error` and `variables`, for the component that shows them: it
 * alone renders again when they change (an answer redraws the answer panel, not the shell).
 */
export function useSendState(state: SendState) {
  const subscribe = useCallback(
    (changed: () => void) => state.subscribe(notifyManager.batchCalls(changed)),
    [state],
  );
  const now = useCallback(() => state.getCurrentResult(), [state]);
  const { status, data, error, variables } = useSyncExternalStore(subscribe, now, now);
  return { status, data, error, variables };
}

/**
 * How long a send may stay unsaid: an answer within it is shown at once, with no "Waiting…" drawn
 * first; a slower one shows "Waiting…" (and Cancel) from then on. 40 ms flashed the line, and the
 * last answer outlined below it, for a few frames before an answer of 40-190 ms (the devnet's
 * 1,000 and 2,000-transaction blocks): the whole answer moved down and back up, two layouts of the
 * page in the frames the answer waited on, seen as a flicker. A loading state is best not shown
 * for a wait under about 0.2 s; Escape stops a send in it all the same (`sendingQuietly`).
 */
const QUIET_WAIT_MS = 190;

/** Stops the send under way and makes the handle of the next. */
function begin(controller: { current: AbortController | null }): AbortController {
  controller.current?.abort();
  const own = new AbortController();
  controller.current = own;
  return own;
}

/**
 * The user's request is a mutation: never re-sent on focus or reconnect. A new send cancels the
 * one still under way, so a stale answer can never replace a newer one. `send` puts the request on
 * the wire first, in the same task as the click, and only then tells the mutation (and so React):
 * the renders of "Waiting…" run while the request travels, not before it leaves.
 */
function useSendMutation() {
  const client = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  /** The request `send` started, handed to the mutation that it then runs. */
  const started = useRef<Started | null>(null);
  // TanStack's useMutation, without its subscription: the caller is not drawn again with each
  // state (useSendState is), and its options are set once, not again after every render.
  const [observer] = useState(() => new MutationObserver(client, sendOptions(controller, started)));
  // A listener of its own: a send's own callbacks (`send`'s options) run only while someone listens.
  useEffect(() => observer.subscribe(() => {}), [observer]);
  const mutate = useCallback(
    (vars: SendVariables, options?: Parameters<typeof observer.mutate>[1]) =>
      void observer.mutate(vars, options).catch(() => undefined),
    [observer],
  );
  /** The send whose mutation is not told yet (see `send`); a newer send replaces it. */
  const quiet = useRef<{ vars: SendVariables } | null>(null);
  const send = useCallback(
    (vars: SendVariables, options?: Parameters<typeof observer.mutate>[1]) => {
      // A send that replaces one shown as waiting is told at once, so the one it stops is never
      // shown as cancelled in between.
      const replacesShown = controller.current !== null && quiet.current === null;
      // One replaced before it was shown is never told to the mutation: the history drops it.
      if (quiet.current) noteDropped(client, quiet.current.vars);
      const own = begin(controller);
      const answer = sendOnce(vars, own.signal, { progressive: true });
      // Resolved where the send is first drawn (`tell`): the history keeps the request then, after
      // that frame, not in the tasks between the click and a quick answer, which it would hold back.
      let shown = () => {};
      noteLeaving(client, vars, new Promise<void>((resolve) => (shown = resolve)));
      // The mutation reads the outcome; this only keeps an early failure from being "unhandled".
      answer.catch(() => undefined);
      // The mutation (and so "Waiting…", Cancel) hears of the send when its answer is in or after
      // QUIET_WAIT_MS, whichever comes first: a quick answer is drawn in one go, without a frame of
      // "Waiting…" before it. A send replaced before then is never told (its answer is stopped).
      const mine = { vars };
      quiet.current = mine;
      const tell = () => {
        shown();
        if (quiet.current !== mine) return;
        quiet.current = null;
        clearTimeout(timer);
        started.current = { vars, answer, own };
        mutate(vars, {
          ...options,
          // Drawn in the task that read the answer, not after the browser's own queued tasks.
          onSettled: (...settled) => {
            options?.onSettled?.(...settled);
            queueMicrotask(flushNotifications);
          },
        });
      };
      // Timer: a send still unanswered after QUIET_WAIT_MS shows "Waiting…" (and Cancel) from then on.
      const timer = setTimeout(tell, QUIET_WAIT_MS);
      if (replacesShown) tell();
      else answer.then(tell, tell);
    },
    [mutate, client],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  /** A send is out that the mutation has not heard of yet (its first QUIET_WAIT_MS): Escape stops it too. */
  const sendingQuietly = useCallback(() => quiet.current !== null, []);
  return { observer, send, cancel, sendingQuietly };
}

type Started = { vars: SendVariables; answer: Promise<RpcAnswer>; own: AbortController };

/**
 * The send mutation's options: its function runs the request `send` started (`started`), or
 * starts it (a retry of TanStack's own), and lets go of its abort handle once the answer is whole.
 */
function sendOptions(controller: { current: AbortController | null }, started: { current: Started | null }) {
  return {
    ...SEND_MUTATION,
    mutationFn: async (vars: SendVariables): Promise<SentRequest> => {
      const ready = started.current?.vars === vars ? started.current : null;
      started.current = null;
      const own = ready?.own ?? begin(controller);
      const release = () => {
        if (controller.current === own) controller.current = null;
      };
      try {
        const answer = await (ready?.answer ?? sendOnce(vars, own.signal, { progressive: true }));
        // Rows still arriving: a newer send (or Cancel) stops them, so the handle stays until then.
        if (answer.arrival) void whenDone(answer.arrival).then(release);
        else release();
        return { ...vars, answer };
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}
