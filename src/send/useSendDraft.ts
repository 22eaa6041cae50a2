import { notifyManager } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { planSend } from "../methods/body-reading.ts";
import { needsKey } from "../networks/network.ts";
import { useAppStoreApi } from "../state/AppStoreProvider.tsx";
import { useReadCurrent } from "../state/useNetworks.ts";
import { useSendRequest } from "./useSendRequest.ts";

/**
 * What became of a Send: sent; "confirm": the body has problems (shown where they are) and goes
 * only with `anyway` (Send anyway); or no key for a network that needs one.
 */
export type SendOutcome = "sent" | "confirm" | "no-key";

/** The id goes up once the answer is shown, or this long after the send if it is slower. */
const ID_ADVANCE_AT_LATEST_MS = 250;

/**
 * Sends what the editor holds (docs/decisions.md, "Send anyway"): a body with problems goes only
 * when confirmed (`anyway`), then exactly as written; a valid one in canonical form, after which
 * a number id goes up (the body is rewritten with the next one). `text` is the editor's live
 * text (Ctrl+Enter passes it, so a send right after typing never uses a stale copy).
 */
export function useSendDraft() {
  const mutation = useSendRequest();
  const readCurrent = useReadCurrent();
  const store = useAppStoreApi();
  const { send } = mutation;
  /** The id advance of the last send, still to run: a send that follows runs it first. */
  const advancing = useRef<{ cancel(): void; run(): void; sentText: string } | null>(null);
  const submit = useCallback(
    (editorText?: string, anyway = false): SendOutcome => {
      let text = editorText;
      if (advancing.current) {
        const { sentText } = advancing.current;
        advancing.current.cancel();
        advancing.current.run();
        // The editor does not show the next id yet: its text is the body just sent, which the
        // advance has replaced in the store; the store's is the one to send.
        if (text === sentText) text = undefined;
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
      // Only a canonical body with a number id is rewritten with the next id; a body sent as
      // written (and a string or null id) stays as it is, so the same bytes can go again. The
      // rewrite (the editor and the form redrawn) waits until the answer is shown (or 250 ms),
      // so it never delays it; a body edited meanwhile is the user's and keeps its text.
      let afterAnswer: (() => void) | undefined;
      if (typeof id === "number") {
        const sentText = store.getState().bodyText;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let frame: number | undefined;
        const run = () => {
          advancing.current = null;
          if (timer !== undefined) clearTimeout(timer);
          if (frame !== undefined) cancelAnimationFrame(frame);
          const untouched = store.getState().bodyText === sentText;
          store.getState().draftActions.advanceId(id, untouched && plan.canonical !== undefined);
        };
        const cancel = () => {
          if (timer !== undefined) clearTimeout(timer);
          if (frame !== undefined) cancelAnimationFrame(frame);
        };
        timer = setTimeout(run, ID_ADVANCE_AT_LATEST_MS);
        advancing.current = { cancel, run, sentText };
        // After the answer's frame is painted: once React has drawn the answer (TanStack tells it in
        // the batch this joins), the next frame's start, then a task after that frame. Asked for
        // any earlier, a frame could start before the answer is drawn and the rewrite (with the
        // editor's own redraw) would land in the answer's frame, delaying it.
        afterAnswer = () =>
          notifyManager.schedule(() => {
            if (advancing.current?.run !== run) return;
            frame = requestAnimationFrame(() => {
              if (timer !== undefined) clearTimeout(timer);
              timer = setTimeout(run, 0);
            });
          });
      }
      send(plan.canonical ? vars : { ...vars, raw: plan.raw }, { onSettled: () => afterAnswer?.() });
      return "sent";
    },
    [send, readCurrent, store],
  );
  return { ...mutation, submit };
}
