import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { httpEndpoint, type Network, wsEndpoint } from "../networks/network.ts";
import { whenDone } from "../rpc/answer-parse.ts";
import type { AnswerTooLargeError } from "../rpc/errors.ts";
import { fetchAnswerBlob, sendHttp } from "../rpc/http.ts";
import type { RawRequest } from "../rpc/raw-request.ts";
import type { Transport } from "../rpc/transport.ts";
import type { JsonRpcRequest, RpcAnswer } from "../rpc/types.ts";
import { loadedWs, loadWs } from "../rpc/ws-loader.ts";
import { flushNotifications } from "./notify-scheduler.ts";

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

/** The mutation key of the user's sends; `sent.ts` follows them by it. */
export const SEND_KEY = ["send"] as const;

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
 * How long a send may stay unsaid: an answer within it is shown at once, with no "Waiting…" drawn
 * first; a slower one shows "Waiting…" (and Cancel) from then on.
 */
const QUIET_WAIT_MS = 40;

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
export function useSendRequest() {
  const controller = useRef<AbortController | null>(null);
  /** The request `send` started, handed to the mutation that it then runs. */
  const started = useRef<{ vars: SendVariables; answer: Promise<RpcAnswer>; own: AbortController } | null>(
    null,
  );
  const mutation = useMutation({
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
  });
  const { mutate } = mutation;
  /** The send whose mutation is not told yet (see `send`); a newer send replaces it. */
  const quiet = useRef<object | null>(null);
  const send = useCallback(
    (vars: SendVariables, options?: Parameters<typeof mutate>[1]) => {
      // A send that replaces one shown as waiting is told at once, so the one it stops is never
      // shown as cancelled in between.
      const replacesShown = controller.current !== null && quiet.current === null;
      const own = begin(controller);
      const answer = sendOnce(vars, own.signal, { progressive: true });
      // The mutation reads the outcome; this only keeps an early failure from being "unhandled".
      answer.catch(() => undefined);
      // The mutation (and so "Waiting…", Cancel) hears of the send when its answer is in or after
      // QUIET_WAIT_MS, whichever comes first: a quick answer is drawn in one go, without a frame of
      // "Waiting…" before it. A send replaced before then is never told (its answer is stopped).
      const mine = {};
      quiet.current = mine;
      const tell = () => {
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
      const timer = setTimeout(tell, QUIET_WAIT_MS);
      if (replacesShown) tell();
      else answer.then(tell, tell);
    },
    [mutate],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  /** A send is out that the mutation has not heard of yet (its first QUIET_WAIT_MS): Escape stops it too. */
  const sendingQuietly = useCallback(() => quiet.current !== null, []);
  return { ...mutation, send, cancel, sendingQuietly };
}
