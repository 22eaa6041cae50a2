import type { QueryClient } from "@tanstack/react-query";
import type { RpcAnswer } from "../rpc/types.ts";
import { SEND_KEY, type SendVariables, type SentRequest } from "./useSendRequest.ts";

/** One request the user sent, as it ended: an answer (result or JSON-RPC error) or a failure. */
export type SentEvent = {
  /** The send's variables: the same object in its `subscribeSending` event (leaving.ts). */
  vars: SendVariables;
  at: number;
} & ({ ok: true; answer: RpcAnswer } | { ok: false; error: unknown });

/**
 * Follows the user's sends as they end, from TanStack Query's mutation cache (the history records
 * them, an embed tells its host). A listener that throws is reported and does not stop the others.
 */
export function subscribeSent(client: QueryClient, listener: (e: SentEvent) => void): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== "updated") return;
    const { mutation, action } = event;
    if (mutation.options.mutationKey?.[0] !== SEND_KEY[0]) return;
    if (action.type !== "success" && action.type !== "error") return;
    const vars = mutation.state.variables as SendVariables | undefined;
    if (!vars) return;
    const at = mutation.state.submittedAt;
    const e: SentEvent =
      action.type === "success"
        ? { vars, at, ok: true, answer: (action.data as SentRequest).answer }
        : { vars, at, ok: false, error: action.error };
    try {
      listener(e);
    } catch (err) {
      console.warn("A listener of sent requests failed:", err instanceof Error ? err.message : String(err));
    }
  });
}
