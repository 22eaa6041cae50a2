import { useCallback, useEffect, useState } from "react";
import { ThemeSelect } from "../../app/ThemeSelect.tsx";
import { useDevnetConfig } from "../../app/useDevnetConfig.ts";
import { useResolvedTheme } from "../../app/useTheme.ts";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { isRecord, parseJson } from "../../rpc/response.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";
import { HistoryPanel } from "../history/HistoryPanel.tsx";
import { KeyField } from "../network/KeyField.tsx";
import { NetworkPicker } from "../network/NetworkPicker.tsx";
import { QaPanel } from "../qa/QaPanel.tsx";
import { RequestPanel } from "../request/RequestPanel.tsx";
import { ResponsePanel } from "../response/ResponsePanel.tsx";
import { type OpenRequest, OpenRequestProvider } from "../response/views/links.tsx";
import { useSendDraft } from "../send/useSendDraft.ts";
import { ShareButton } from "../share/ShareButton.tsx";
import { ShareLinkNotice } from "../share/ShareLinkNotice.tsx";
import { SnippetsPanel } from "../snippets/SnippetsPanel.tsx";
import { TransportSwitch } from "../transport/TransportSwitch.tsx";
import { WsStatus } from "../transport/WsStatus.tsx";

/** The main screen: the chrome on top, the request on the left, the answer on the right. */
export function Playground() {
  useDevnetConfig();
  const theme = useResolvedTheme();
  const chain = useAppStore((s) => selectedNetwork(s).kind);
  const fitChain = useAppStore((s) => s.draftActions.fitChain);
  useEffect(() => fitChain(chain), [chain, fitChain]);
  const send = useSendDraft();
  const openRequest = useRequestNavigation(send.submit);
  const [tool, setTool] = useState<ToolTab>("snippets");

  return (
    <div className="flex h-full flex-col">
      <header className="relative flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface-muted px-4 py-2">
        <h1 className="font-semibold">RPC Playground</h1>
        <NetworkPicker />
        <KeyField />
        <div className="flex items-center gap-2">
          <TransportSwitch />
          <WsStatus />
        </div>
        <div className="ml-auto flex items-center gap-3">
          <ShareButton />
          <a className="text-sm text-link underline" href="/guide">
            Embed guide
          </a>
          <ThemeSelect />
        </div>
      </header>
      <ShareLinkNotice />
      <OpenRequestProvider value={openRequest}>
        <main className="grid min-h-0 flex-1 grid-cols-1 content-start gap-4 overflow-auto p-4 lg:grid-cols-2">
          <RequestPanel theme={theme} send={send} />
          <ResponsePanel
            status={send.status}
            data={send.data}
            error={send.error}
            pendingMethod={send.variables?.body.method}
            onCancel={send.cancel}
          />
          <section aria-label="Tools" className="rounded border border-border p-3 lg:col-span-2">
            <Tabs<ToolTab>
              label="Tools"
              active={tool}
              onChange={setTool}
              tabs={[
                { key: "snippets", label: "Code snippets", content: () => <SnippetsPanel /> },
                { key: "history", label: "History", content: () => <HistoryPanel /> },
                { key: "qa", label: "QA run", content: () => <QaPanel /> },
              ]}
            />
          </section>
        </main>
      </OpenRequestProvider>
    </div>
  );
}

type ToolTab = "snippets" | "history" | "qa";

type HistoryEntry = { rpcRequest: { method: string; params: unknown[] | Record<string, unknown> } };

const isHistoryEntry = (v: unknown): v is HistoryEntry =>
  typeof v === "object" &&
  v !== null &&
  "rpcRequest" in v &&
  typeof (v as HistoryEntry).rpcRequest?.method === "string";

/**
 * Links in a view open the next request: fill that method's form and send it. Each step is an
 * entry in the browser history, so Back and Forward walk the path (re-sending each request).
 */
function useRequestNavigation(submit: (text?: string) => boolean): OpenRequest {
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      if (!isHistoryEntry(e.state)) return;
      const { method, params } = e.state.rpcRequest;
      if (useAppStore.getState().draftActions.load(method, params)) submit();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [submit]);
  return useCallback<OpenRequest>(
    (method, params) => {
      const s = useAppStore.getState();
      // The entry we leave remembers its own request, so Back can return to it.
      // The body may be half-typed JSON: then there is no request to remember, and the link still opens.
      const parsed = parseJson(s.bodyText);
      const current = parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
      if (current && typeof current.method === "string" && !isHistoryEntry(window.history.state)) {
        window.history.replaceState({ rpcRequest: { method: current.method, params: current.params } }, "");
      }
      if (!s.draftActions.load(method, params)) return;
      window.history.pushState({ rpcRequest: { method, params } } satisfies HistoryEntry, "");
      submit();
    },
    [submit],
  );
}
