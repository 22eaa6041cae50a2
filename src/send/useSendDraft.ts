import { useCallback } from "react";
import { checkForSend } from "../methods/body.ts";
import { useReadCurrent } from "../state/useNetworks.ts";
import { useSendRequest } from "./useSendRequest.ts";

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
    (text?: string) => {
      const { state: s, network, apiKey } = readCurrent();
      const checked = checkForSend(text ?? s.bodyText, network.kind);
      if (!checked.ok) return false;
      // A send right after typing: the store gets the editor's text first, so advancing the id
      // rewrites the body from this text's values, not from the ones before the edit.
      if (text !== undefined && text !== s.bodyText) s.draftActions.setBodyText(text);
      s.draftActions.advanceId(checked.request.id);
      mutate({ network, apiKey, transport: s.transport, body: checked.request, timeoutMs: s.timeoutMs });
      return true;
    },
    [mutate, readCurrent],
  );
  return { ...mutation, submit };
}

export type SendDraft = ReturnType<typeof useSendDraft>;
