import type { QueryClient } from "@tanstack/react-query";
import type { RpcAnswer } from "../rpc/types.ts";
import type { SendVariables, SentRequest } from "./useSendRequest.ts";

/**
 * What the rest of the app hears of the user's sends, in one place: as each leaves, in the click's
 * own task (`noteLeaving`, `subscribeSending`: the history keeps the request once it is shown), when one is
 * replaced before it was shown (`noteDropped`), and as each ends (`subscribeSent`, from TanStack
 * Query's mutation cache: the history keeps the answer, an embed tells its host), and when each
 * left (`sentAt`: what "Waiting…" counts from). Both events of one send carry the same `vars`
 * object. A listener that throws is reported and stops no other.
 */

/** The mutation key of the user's sends (useSendRequest.ts's `SEND_MUTATION`); `subscribeSent` follows them by it. */
export const SEND_KEY = ["send"] as const;

/**
 * A request the user just sent, before its answer, with `shown`: it resolves in the task in which
 * the send is first drawn (its answer, or its "Waiting…" line after the quiet wait), or once a newer
 * send replaced it. Or (`dropped`) one a newer send replaced before anything of it was shown (its
 * answer stopped, never told to the mutation).
 */
type SendingEvent =
  | { vars: SendVariables; at: number; shown: Promise<void>; dropped?: undefined }
  | { vars: SendVariables; at: number; dropped: true };
type SendingListener = (e: SendingEvent) => void;

/** One request the user sent, as it ended: an answer (result or JSON-RPC error) or a failure. */
export type SentEvent = {
  /** The send's variables: the same object in its `subscribeSending` event. */
  vars: SendVariables;
  at: number;
} & ({ ok: true; answer: RpcAnswer } | { ok: false; error: unknown });

/** Calls `listener`; one that throws is reported and stops no other. */
function tell<E>(listener: (e: E) => void, e: E): void {
  try {
    listener(e);
  } catch (err) {
    console.warn("A listener of sent requests failed:", err instanceof Error ? err.message : String(err));
  }
}

/** Who hears of sends as they leave, per client (an embed's client is not the playground's). */
const leavingListeners = new WeakMap<QueryClient, Set<SendingListener>>();

function tellLeaving(client: QueryClient, e: SendingEvent): void {
  for (const listener of [...(leavingListeners.get(client) ?? [])]) tell(listener, e);
}

/** When each send left (`performance.now()`, a steady clock), by its variables, as `noteLeaving` heard it. */
const leftAt = new WeakMap<SendVariables, number>();

/**
 * Said by the send as the request goes on the wire, in the click's own task: the mutation hears of
 * it only with its answer or up to 190 ms later (useSendRequest.ts, `QUIET_WAIT_MS`), when `shown`
 * resolves, and a reload after that must not lose it. The history listens (`subscribeSending`).
 */
export function noteLeaving(client: QueryClient, vars: SendVariables, shown: Promise<void>): void {
  leftAt.set(vars, performance.now());
  tellLeaving(client, { vars, at: Date.now(), shown });
}

/**
 * When a send left, for the time its "Waiting…" line shows: from the click, not from when the line
 * appeared (the send's quiet wait later), and a newer send from its own. Undefined for variables
 * never said to leave.
 */
export function sentAt(vars: SendVariables): number | undefined {
  return leftAt.get(vars);
}

/** Said by the send when a newer one replaces it before it was shown: it gets no answer, ever. */
export function noteDropped(client: QueryClient, vars: SendVariables): void {
  tellLeaving(client, { vars, at: Date.now(), dropped: true });
}

/**
 * Follows the user's sends as they leave, told by {@link noteLeaving} and {@link noteDropped} (the
 * history keeps the request once it is shown, so a reload while its answer is awaited or right after
 * it came still has it), until the returned function is called.
 */
export function subscribeSending(client: QueryClient, listener: SendingListener): () => void {
  const set = leavingListeners.get(client) ?? new Set<SendingListener>();
  leavingListeners.set(client, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Follows the user's sends as they end, from TanStack Query's mutation cache, until the returned function is called. */
export function subscribeSent(client: QueryClient, listener: (e: SentEvent) => void): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== "updated") return;
    const { mutation, action } = event;
    if (mutation.options.mutationKey?.[0] !== SEND_KEY[0]) return;
    if (action.type !== "success" && action.type !== "error") return;
    const vars = mutation.state.variables as SendVariables | undefined;
    if (!vars) return;
    const at = mutation.state.submittedAt;
    tell(
      listener,
      action.type === "success"
        ? { vars, at, ok: true, answer: (action.data as SentRequest).answer }
        : { vars, at, ok: false, error: action.error },
    );
  });
}
