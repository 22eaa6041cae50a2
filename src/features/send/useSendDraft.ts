import { useCallback } from "react";
import { checkForSend } from "../../methods/body.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";
import { useSendRequest } from "./useSendRequest.ts";

/**
 * Sends what the editor holds, if it is a valid request for the selected network; the id goes up
 * with every request. `text` is the editor's live text (Ctrl+Enter passes it, so a send right
 * after typing never uses a stale copy).
 */
export function useSendDraft() {
  const mutation = useSendRequest();
  const { mutate } = mutation;
  const submit = useCallback(
    (text?: string) => {
      const s = useAppStore.getState();
      const network = selectedNetwork(s);
      const checked = checkForSend(text ?? s.bodyText, network.kind);
      if (!checked.ok) return false;
      // A send right after typing: the store gets the editor's text first, so advancing the id
      // rewrites the body from this text's values, not from the ones before the edit.
      if (text !== undefined && text !== s.bodyText) s.draftActions.setBodyText(text);
      s.draftActions.advanceId(checked.request.id);
      mutate({
        network,
        apiKey: s.keys[network.keyGroup] ?? "",
        transport: s.transport,
        body: checked.request,
        timeoutMs: s.timeoutMs,
      });
      return true;
    },
    [mutate],
  );
  return { ...mutation, submit };
}

export type SendDraft = ReturnType<typeof useSendDraft>;
