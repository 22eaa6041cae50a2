import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { Counted } from "../../components/ui/Counted.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable, whenIdle } from "../../components/ui/preloadable.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { HistoryProvider } from "../../features/history/history-context.tsx";
import { lazyHistory } from "../../features/history/lazy-history.ts";
import { startHistoryRecording } from "../../features/history/recorder.ts";
import { KeyField } from "../../features/network/KeyField.tsx";
import { NetworkPicker, prefetchCustomNetworkEditor } from "../../features/network/NetworkPicker.tsx";
import { prefetchRequestParts, RequestPanel } from "../../features/request/RequestPanel.tsx";
import { AnswerView, prefetchAnswer } from "../../features/response/lazy-answer.ts";
import { AbisButton, prefetchAbisDialog } from "../../features/response/names/AbisButton.tsx";
import { ResponsePanel } from "../../features/response/ResponsePanel.tsx";
import { ShareButton } from "../../features/share/ShareButton.tsx";
import { ShareLinkNotice } from "../../features/share/ShareLinkNotice.tsx";
import { TransportSwitch } from "../../features/transport/TransportSwitch.tsx";
import { WsStatus } from "../../features/transport/WsStatus.tsx";
import { OpenRequestProvider } from "../../send/open-request.ts";
import { useSendDraft } from "../../send/useSendDraft.ts";
import { describeSent } from "../../send/useSendRequest.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { selectedKind } from "../../state/networks-slice.ts";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { useResolvedTheme } from "../../state/useTheme.ts";
import { StorageNotice } from "../StorageNotice.tsx";
import { ThemeSelect } from "../ThemeSelect.tsx";
import { useCloseStaleSockets } from "../useCloseStaleSockets.ts";
import { useGlobalKeys } from "../useGlobalKeys.ts";
import { useKeyPrompt } from "../useKeyPrompt.ts";
import { shownAnswer, useRequestAddress } from "./useRequestAddress.ts";
import { useRequestNavigation } from "./useRequestNavigation.ts";

// Tabs that are not open on the first screen: their code loads when opened (or in idle time).
const HistoryPanel = preloadable(() =>
  import("../../features/history/HistoryPanel.tsx").then((m) => m.HistoryPanel),
);
const QaPanel = preloadable(() => import("../../features/qa/QaPanel.tsx").then((m) => m.QaPanel));
// The snippets tab is open on the first screen, under the request and the answer: its chunk is
// asked for after the first paint (in idle time, at the latest 0.5 s later), so Send never waits
// for it, and the tab renders once it is there.
const SnippetsPanel = preloadable(() =>
  import("../../features/snippets/SnippetsPanel.tsx").then((m) => m.SnippetsPanel),
);
// The shortcut sheet opens once its chunk is there (prefetched in idle time, on hover/focus of its button).
const ShortcutsSheet = preloadable(() =>
  import("../../features/shortcuts/ShortcutsSheet.tsx").then((m) => m.ShortcutsSheet),
);
const prefetchShortcuts = () => void ShortcutsSheet.preload().catch(() => {});

const tabLoading = <p className="text-sm text-fg-muted">Loading…</p>;

let snippetsAsked = false;

/** The snippets tab: "Loading…" until the first paint is done, then the panel once its chunk is there. */
function SnippetsTab() {
  const [asked, setAsked] = useState(snippetsAsked);
  useEffect(() => {
    if (asked) return;
    return whenIdle(() => {
      snippetsAsked = true;
      setAsked(true);
    }, 500);
  }, [asked]);
  if (!asked) return tabLoading;
  return (
    <Suspense fallback={tabLoading}>
      <SnippetsPanel.Component />
    </Suspense>
  );
}

/** The main screen: the chrome on top, the request on the left, the answer on the right. */
export function Playground() {
  const theme = useResolvedTheme();
  const chain = useAppStore(selectedKind);
  const fitChain = useAppStore((s) => s.draftActions.fitChain);
  useEffect(() => fitChain(chain), [chain, fitChain]);
  const history = useHistoryRecording();
  useCloseStaleSockets();
  const send = useSendDraft();
  const keyPrompt = useKeyPrompt();
  const { submit: submitDraft } = send;
  const { ask } = keyPrompt;
  const loadAbis = useAppStore((s) => s.abiActions.load);
  // After the first paint, in idle time: the answer's code, so no answer waits for it; the user's
  // stored ABIs (read and checked, for naming); the dialogs' code, so they open at once.
  useEffect(
    () =>
      whenIdle(() => {
        prefetchAnswer();
        loadAbis().catch(() => {});
        prefetchAbisDialog();
        prefetchCustomNetworkEditor();
        prefetchShortcuts();
        prefetchRequestParts();
      }),
    [loadAbis],
  );
  const submit = useCallback(
    (text?: string, anyway?: boolean) => {
      prefetchAnswer();
      loadAbis().catch(() => {});
      const outcome = submitDraft(text, anyway);
      if (outcome === "no-key") ask();
      return outcome;
    },
    [submitDraft, ask, loadAbis],
  );
  const address = useRequestAddress(submit);
  const { keepAnswer } = address;
  useEffect(() => {
    if (send.status === "success") keepAnswer({ status: "success", data: send.data });
    if (send.status === "error") keepAnswer({ status: "error", error: send.error });
  }, [send.status, send.data, send.error, keepAnswer]);
  const openRequest = useRequestNavigation(address.submit);
  const restored = address.restored;
  const [tool, setTool] = useState<ToolTab>("snippets");
  const openTool = useCallback(
    (next: ToolTab) => {
      // The History tab's code and the history's own load side by side, not one after the other.
      if (next === "history") history.get().catch(() => {});
      setTool(next);
    },
    [history],
  );
  const [shortcuts, setShortcuts] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const showShortcuts = useCallback(() => setShortcuts(true), []);
  const hideShortcuts = useCallback(() => setShortcuts(false), []);
  useGlobalKeys({
    pending: send.status === "pending",
    sendingQuietly: send.sendingQuietly,
    cancel: send.cancel,
    showShortcuts,
  });

  return (
    // Phones and tablets scroll the whole page; from the two-column width the panels scroll inside.
    <div className="flex min-h-full flex-col lg:h-full">
      <header className="relative flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface-muted px-4 py-2">
        <div className="flex w-full items-center gap-3 lg:w-auto">
          <h1 className="font-semibold">RPC Playground</h1>
          {/* Below the two-column width, the page's own links sit behind a menu. */}
          <button
            type="button"
            className="ml-auto rounded border border-border px-2 py-1 text-sm lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
        </div>
        <Counted id="NetworkPicker">
          <NetworkPicker />
        </Counted>
        <Counted id="KeyField">
          <KeyField problem={keyPrompt.problem} inputRef={keyPrompt.inputRef} />
        </Counted>
        <div className="flex items-center gap-2">
          <Counted id="Transport">
            <TransportSwitch />
            <WsStatus />
          </Counted>
        </div>
        <div
          id={menuId}
          className={`${menuOpen ? "flex" : "hidden"} w-full flex-wrap items-center gap-3 lg:ml-auto lg:flex lg:w-auto`}
        >
          <Counted id="ShareButton">
            <ShareButton />
          </Counted>
          <AbisButton variant="secondary">ABIs</AbisButton>
          <button
            type="button"
            className="rounded border border-border px-2 py-1 text-xs"
            aria-keyshortcuts="?"
            onPointerEnter={prefetchShortcuts}
            onFocus={prefetchShortcuts}
            onClick={showShortcuts}
          >
            Keyboard shortcuts
          </button>
          <a className="text-sm text-link underline" href="/guide">
            Embed guide
          </a>
          <ThemeSelect />
        </div>
      </header>
      <StorageNotice />
      <ShareLinkNotice notice={address.notice} onDismiss={address.dismissNotice} />
      {shortcuts && (
        <ErrorBoundary what="the shortcut sheet" actions={<Button onClick={hideShortcuts}>Close</Button>}>
          <Suspense fallback={null}>
            <ShortcutsSheet.Component onClose={hideShortcuts} />
          </Suspense>
        </ErrorBoundary>
      )}
      <OpenRequestProvider value={openRequest}>
        <main className="grid flex-1 grid-cols-1 content-start gap-4 p-3 sm:p-4 lg:min-h-0 lg:grid-cols-2 lg:overflow-auto">
          <ErrorBoundary what="the request panel">
            <RequestPanel
              theme={theme}
              header="picker"
              modelId="playground-request"
              onSend={(text, anyway) => {
                address.submit(text, anyway);
                return undefined;
              }}
            />
          </ErrorBoundary>
          <ErrorBoundary what="the answer" resetKey={restored ?? send.data ?? send.error}>
            <Counted id="ResponsePanel">
              <ResponsePanel
                {...shownAnswer(restored, send)}
                pendingMethod={send.variables && describeSent(send.variables)}
                onCancel={send.cancel}
                failedSend={send.variables}
                revealAnswers
                {...(restored !== null ? { fromHistory: { sendAgain: () => address.submit() } } : {})}
              />
            </Counted>
          </ErrorBoundary>
          <section aria-label="Tools" className="min-w-0 rounded border border-border p-3 lg:col-span-2">
            <h2 className="sr-only">Tools</h2>
            <Counted id="Tools">
              <ErrorBoundary what="this tool">
                <HistoryProvider history={history}>
                  <Tabs<ToolTab>
                    label="Tools"
                    active={tool}
                    onChange={openTool}
                    tabs={[
                      {
                        key: "snippets",
                        label: "Code snippets",
                        content: () => <SnippetsTab />,
                      },
                      {
                        key: "history",
                        label: "History",
                        content: () => (
                          <Suspense fallback={tabLoading}>
                            <HistoryPanel.Component AnswerView={AnswerView} />
                          </Suspense>
                        ),
                      },
                      {
                        key: "qa",
                        label: "QA run",
                        content: () => (
                          <Suspense fallback={tabLoading}>
                            <QaPanel.Component />
                          </Suspense>
                        ),
                      },
                    ]}
                  />
                </HistoryProvider>
              </ErrorBoundary>
            </Counted>
          </section>
        </main>
      </OpenRequestProvider>
    </div>
  );
}

type ToolTab = "snippets" | "history" | "qa";

/**
 * The playground's history, kept in IndexedDB; every send is recorded from the moment it mounts.
 * Its code loads with the first entry to keep (in idle time after a send) or with the History tab.
 */
function useHistoryRecording() {
  const [history] = useState(lazyHistory);
  const client = useQueryClient();
  const readCurrent = useReadCurrent();
  useEffect(
    () => startHistoryRecording(client, history.get, () => readCurrent().secrets),
    [client, history, readCurrent],
  );
  return history;
}
