import type { RpcAnswer } from "../../rpc/types.ts";
import type { SendVariables } from "./useSendRequest.ts";

/** One request the user sent, as it ended: an answer (result or JSON-RPC error) or a failure. */
export type SentEvent = {
  vars: SendVariables;
  at: number;
} & ({ ok: true; answer: RpcAnswer } | { ok: false; error: unknown });

type Listener = (e: SentEvent) => void;
const listeners = new Set<Listener>();

/** Features that follow what is sent (history, embed host messages) listen here. */
export function subscribeSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSent(e: SentEvent): void {
  for (const l of listeners) {
    try {
      l(e);
    } catch (err) {
      console.warn("A listener of sent requests failed:", err instanceof Error ? err.message : String(err));
    }
  }
}
