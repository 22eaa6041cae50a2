import type { QueryClient } from "@tanstack/react-query";
import type { SendVariables } from "./useSendRequest.ts";

/**
 * A request the user just sent, before its answer; or (`dropped`) one a newer send replaced before
 * anything of it was shown (its answer stopped, never told to the mutation).
 */
type SendingEvent = { vars: SendVariables; at: number; dropped?: true };
type SendingListener = (e: SendingEvent) => void;

/** Who hears of sends as they leave, per client (an embed's client is not the playground's). */
const listeners = new WeakMap<QueryClient, Set<SendingListener>>();

/** Calls `listener`; one that throws is reported and stops no other. */
function tell(listener: SendingListener, e: SendingEvent): void {
  try {
    listener(e);
  } catch (err) {
    console.warn("A listener of sent requests failed:", err instanceof Error ? err.message : String(err));
  }
}

/**
 * Said by the send as the request goes on the wire, in the click's own task: the mutation hears of
 * it only with its answer or 40 ms later (useSendRequest.ts), and a reload in between must not
 * lose it. The history listens (`subscribeSending`).
 */
export function noteLeaving(client: QueryClient, vars: SendVariables): void {
  const e = { vars, at: Date.now() };
  for (const listener of [...(listeners.get(client) ?? [])]) tell(listener, e);
}

/** Said by the send when a newer one replaces it before it was shown: it gets no answer, ever. */
export function noteDropped(client: QueryClient, vars: SendVariables): void {
  const e = { vars, at: Date.now(), dropped: true } as const;
  for (const listener of [...(listeners.get(client) ?? [])]) tell(listener, e);
}

/**
 * Follows the user's sends as they leave, told by {@link noteLeaving} (the history keeps the
 * request at once, so a reload before or right after its answer still has it), until the returned
 * function is called. A listener that throws is reported and stops no other.
 */
export function subscribeSending(client: QueryClient, listener: SendingListener): () => void {
  const set = listeners.get(client) ?? new Set<SendingListener>();
  listeners.set(client, set);
  set.add(listener);
  return () => set.delete(listener);
}
