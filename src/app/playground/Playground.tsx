import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { whenIdle } from "../../chain/next-task.ts";
import { Counted } from "../../components/ui/Counted.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { lazyHistory } from "../../features/history/lazy-history.ts";
import { prefetchEntryCode, startHistoryRecording } from "../../features/history/recorder.ts";
import { prefetchCustomNetworkEditor } from "../../features/network/NetworkPicker.tsx";
import { followNetwork } from "../../features/request/apply-sample.ts";
import { prefetchRequestParts, RequestPanel } from "../../features/request/RequestPanel.tsx";
import { prefetchAnswer } from "../../features/response/lazy-answer.ts";
import { prefetchAbisDialog } from "../../features/response/names/AbisButton.tsx";
import { ResponsePanel } from "../../features/response/ResponsePanel.tsx";
import { AnswerViewWarmUp, warmAnswerView } from "../../features/response/warm-up.tsx";
import { ShareLinkNotice } from "../../features/share/ShareLinkNotice.tsx";
import { warmAnswerWorker } from "../../rpc/answer-parse.ts";
import { OpenRequestProvider } from "../../send/open-request.ts";
import { type SendOutcome, useSendRequest, useSendState } from "../../send/useSendRequest.ts";
import { useAppStore, useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { useResolvedTheme } from "../../state/useTheme.ts";
import { StorageNotice } from "../StorageNotice.tsx";
import { useCloseStaleSockets } from "../useCloseStaleSockets.ts";
import { useGlobalKeys } from "../useGlobalKeys.ts";
import { useKeyPrompt } from "../useKeyPrompt.ts";
import { type KeptAnswer, shownAnswer } from "./address-entries.ts";
import { PlaygroundHeader, prefetchShortcuts, Shortcuts } from "./PlaygroundHeader.tsx";
import { ToolsSection } from "./ToolsSection.tsx";
import { useOpenAddress, useRequestAddress } from "./useRequestAddress.ts";
import { useRequestNavigation } from "./useRequestNavigation.ts";

/**
 * The main screen: the chrome on top, the request on the left, the answer on the right, the tools
 * below. A Send goes from the request panel's `onSend` to `submit` here, then to the send
 * (`send/useSendRequest.ts`), whose mutation the answer panel reads (docs/architecture.md).
 */
export function Playground() {
  const theme = useResolvedTheme();
  useDraftFollowsNetwork();
  const history = useHistoryRecording();
  useCloseStaleSockets();
  const send = useSendRequest();
  const keyPrompt = useKeyPrompt();
  const address = useRequestAddress();
  const loadAbis = useAppStore((s) => s.abiActions.load);
  useIdlePrefetch(loadAbis, history.get);
  const { submit: sendDraft } = send;
  const { ask } = keyPrompt;
  const { follow } = address;
  /** Send: the answer's code and the ABIs on their way, the request with its browser-history entry. */
  const submit = useCallback(
    (text?: string, anyway?: boolean) => {
      void prefetchAnswer();
      loadAbis().catch(() => {});
      const outcome = sendDraft(text, anyway, follow);
      if (outcome === "no-key") ask();
      return outcome;
    },
    [sendDraft, follow, ask, loadAbis],
  );
  const opened = useOpenAddress(address.entries, submit);
  const { holdSend } = opened;
  // The same function every render: the request panel (memo) is not drawn again with an answer.
  // What it returns, why a send did not go, is said beside Send.
  const onSend = useCallback(
    (text?: string, anyway?: boolean) => (holdSend() ? undefined : whyNotSent(submit(text, anyway))),
    [holdSend, submit],
  );
  const openRequest = useRequestNavigation(submit);
  const { restored } = address;
  const [shortcuts, setShortcuts] = useState(false);
  const showShortcuts = useCallback(() => setShortcuts(true), []);
  const hideShortcuts = useCallback(() => setShortcuts(false), []);
  useGlobalKeys({ sending: send.sending, cancel: send.cancel, showShortcuts });
  const sendAgain = useCallback(() => whyNotSent(submit()), [submit]);

  return (
    // Phones and tablets scroll the whole page; from the two-column width the panels scroll inside.
    <div className="flex min-h-full flex-col lg:h-full">
      <PlaygroundHeader
        keyProblem={keyPrompt.problem}
        keyInput={keyPrompt.inputRef}
        onShortcuts={showShortcuts}
      />
      <StorageNotice />
      <ShareLinkNotice notice={opened.notice} onDismiss={opened.dismissNotice} />
      <Shortcuts open={shortcuts} onClose={hideShortcuts} />
      <OpenRequestProvider value={openRequest}>
        <main className="grid flex-1 grid-cols-1 content-start gap-4 p-3 sm:p-4 lg:min-h-0 lg:grid-cols-2 lg:overflow-auto">
          <ErrorBoundary what="the request panel">
            <RequestPanel theme={theme} header="picker" modelId="playground-request" onSend={onSend} />
          </ErrorBoundary>
          <PlaygroundAnswer
            send={send.state}
            restored={restored}
            onCancel={send.cancel}
            sendAgain={sendAgain}
          />
          <AnswerViewWarmUp />
          <ToolsSection history={history} />
        </main>
      </OpenRequestProvider>
    </div>
  );
}

/**
 * The answer panel: the last send (`useSendState`: an answer renders this part alone, not the
 * shell), or the entry's kept answer that Back or Forward brought back (`restored`).
 */
function PlaygroundAnswer(props: {
  send: Parameters<typeof useSendState>[0];
  restored: KeptAnswer | "none" | null;
  onCancel(): void;
  sendAgain(): string | undefined;
}) {
  const { restored } = props;
  const send = useSendState(props.send);
  return (
    <ErrorBoundary what="the answer" resetKey={restored ?? send.data ?? send.error}>
      <Counted id="ResponsePanel">
        <ResponsePanel
          {...shownAnswer(restored, send)}
          sending={send.variables}
          onCancel={props.onCancel}
          revealAnswers
          {...(restored !== null ? { fromHistory: { sendAgain: props.sendAgain } } : {})}
        />
      </Counted>
    </ErrorBoundary>
  );
}

/**
 * The draft follows the chosen network: its chain's methods and the examples its forms hold
 * (`followNetwork`, the one step besides the user's that changes the draft).
 */
function useDraftFollowsNetwork() {
  const store = useAppStoreApi();
  const client = useQueryClient();
  const readCurrent = useReadCurrent();
  useEffect(() => followNetwork(store, client, readCurrent), [store, client, readCurrent]);
}

/**
 * After the first paint, in idle time: the answer's code and the answer worker, so no answer waits
 * for them (a page's first big answer is as quick as its second); the user's stored ABIs (read and
 * checked, for naming); the history's code and store (not its stored entries: the History tab reads
 * them), which the first send would otherwise load while its answer is read; the dialogs' code, so
 * they open at once; last,
 * the answer view rendered once unseen (warm-up.tsx). One in each idle callback: each import starts
 * the requests of the chunks it needs (each 1 ms or more at CPU 2x; no preload links for them,
 * scripts/preload-links.ts), and all of them in one callback made a task of 50 to 80 ms.
 */
function useIdlePrefetch(loadAbis: () => Promise<unknown>, loadHistory: () => Promise<unknown>) {
  const readCurrent = useReadCurrent();
  useEffect(() => {
    const steps = [
      prefetchAnswer,
      warmAnswerWorker,
      () => void loadAbis().catch(() => {}),
      prefetchEntryCode,
      () => void loadHistory().catch(() => {}),
      prefetchAbisDialog,
      prefetchCustomNetworkEditor,
      prefetchShortcuts,
      prefetchRequestParts,
      () => warmAnswerView(readCurrent().network),
    ];
    let cancel = () => {};
    const next = () => {
      steps.shift()?.();
      if (steps.length > 0) cancel = whenIdle(next);
    };
    cancel = whenIdle(next);
    return () => cancel();
  }, [loadAbis, loadHistory, readCurrent]);
}

/**
 * The playground's history, kept in IndexedDB; every send is recorded from the moment it mounts.
 * Its code loads with the first entry to keep (in idle time after a send) or with the History tab.
 */
function useHistoryRecording() {
  const [history] = useState(lazyHistory);
  const client = useQueryClient();
  const readCurrent = useReadCurrent();
  useEffect(
    () => startHistoryRecording(client, history, () => readCurrent().secrets),
    [client, history, readCurrent],
  );
  return history;
}

/** Why a send did not go, for the place it was asked from; nothing when it went or waits for a key (said at the key field). */
function whyNotSent(outcome: SendOutcome): string | undefined {
  return typeof outcome === "object" ? outcome.notSent : undefined;
}
