import { useCallback, useRef } from "react";
import { planSend } from "../methods/body-reading.ts";
import { needsKey } from "../networks/network.ts";
import { useReadCurrent } from "../state/useNetworks.ts";
import { useSendRequest } from "./useSendRequest.ts";

/**
 * What became of a Send: sent; "confirm": the body has problems (shown where they are) and goes
 * only with `anyway` (Send anyway); or no key for a network that needs one.
 */
export type SendOutcome = "sent" | "confirm" | "no-key";

/**
 * Sends what the editor holds (docs/decisions.md, "Send anyway"): a body with problems goes only
 * when confirmed (`anyway`), then exactly as written; a valid one in canonical form, after which
 * a number id goes up (the body is rewritten with the next one). `text` is the editor's live
 * text (Ctrl+Enter passes it, so a send right after typing never uses a stale copy).
 */
export function useSendDraft() {
  const mutation = useSendRequest();
  const readCurrent = useReadCurrent();
  const { mutate } = mutation;
  /** The id advance of the last send, still to run: a send that follows runs it first. */
  const advancing = useRef<{ timer: ReturnType<typeof setTimeout>; run(): void } | null>(null);
  const submit = useCallback(
    (text?: string, anyway = false): SendOutcome => {
      if (advancing.current) {
        clearTimeout(advancing.current.timer);
        advancing.current.run();
      }
      const { state: s, network, apiKey } = readCurrent();
      // Only a missing key stops a send before it leaves: the caller says so at the key field.
      if (apiKey === "" && needsKey(network)) return "no-key";
      const plan = planSend(text ?? s.bodyText, network.kind);
      if (plan.problems.length > 0 && !anyway) return "confirm";
      // A send right after typing: the store gets the editor's text first, so advancing the id
      // rewrites the body from this text's values, not from the ones before the edit.
      if (text !== undefined && text !== s.bodyText) s.draftActions.setBodyText(text);
      const id = plan.body.id;
      const { transport, timeoutMs } = s;
      const maxAnswerBytes = s.maxAnswerMiB * 1024 * 1024;
      const vars = { network, apiKey, transport, body: plan.body, timeoutMs, maxAnswerBytes };
      mutate(plan.canonical ? vars : { ...vars, raw: plan.raw });
      // Only a canonical body with a number id is rewritten with the next id; a body sent as
      // written (and a string or null id) stays as it is, so the same bytes can go again. The
      // rewrite (the editor and the form redrawn) waits until the request is on its way.
      if (typeof id === "number") {
        const run = () => {
          advancing.current = null;
          s.draftActions.advanceId(id, plan.canonical !== undefined);
        };
        advancing.current = { timer: setTimeout(run, 0), run };
      }
      return "sent";
    },
    [mutate, readCurrent],
  );
  return { ...mutation, submit };
}

export type SendDraft = ReturnType<typeof useSendDraft>;
