import { useCallback } from "react";
import { checkForSend } from "../methods/body.ts";
import { needsKey } from "../networks/network.ts";
import { useReadCurrent } from "../state/useNetworks.ts";
import { useSendRequest } from "./useSendRequest.ts";

/** What became of a Send: sent, refused for the body's problems (shown where they are), or no key. */
export type SendOutcome = "sent" | "invalid" | "no-key";

/**
 * Sends what the editor holds, if it is a valid request for the selected network; the id goes up
 * with every request. `text` is the editor's live text (Ctrl+Enter passes it, so a send right
 * after typing never uses a stale copy).
 */
export function useSendDraft() {
  const mutation = useSendRequest();
  const readCurrent = useReadCurrent();
  const { mutate } = mutation;
  const submit = useCallback(
    (text?: string): SendOutcome => {
      const { state: s, network, apiKey } = readCurrent();
      // Only a missing key stops a send before it leaves: the caller says so at the key field.
      if (apiKey === "" && needsKey(network)) return "no-key";
      const checked = checkForSend(text ?? s.bodyText, network.kind);
      if (!checked.ok) return "invalid";
      // A send right after typing: the store gets the editor's text first, so advancing the id
      // rewrites the body from this text's values, not from the ones before the edit.
      if (text !== undefined && text !== s.bodyText) s.draftActions.setBodyText(text);
      s.draftActions.advanceId(checked.request.id);
      mutate({ network, apiKey, transport: s.transport, body: checked.request, timeoutMs: s.timeoutMs });
      return "sent";
    },
    [mutate, readCurrent],
  );
  return { ...mutation, submit };
}

export type SendDraft = ReturnType<typeof useSendDraft>;
