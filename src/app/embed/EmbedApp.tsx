import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { whenIdle } from "../../chain/next-task.ts";
import { MaskedKeyInput } from "../../components/ui/MaskedKeyInput.tsx";
import { type EmbedConfig, parseEmbedConfig } from "../../features/embed/embed-config.ts";
import { errorMessage } from "../../features/embed/embed-messages.ts";
import { postToHost } from "../../features/embed/host-link.ts";
import { useHostBridge } from "../../features/embed/useHostBridge.ts";
import { useReportHeight } from "../../features/embed/useReportHeight.ts";
import { RequestPanel } from "../../features/request/RequestPanel.tsx";
import { prefetchAnswer } from "../../features/response/lazy-answer.ts";
import { ResponsePanel } from "../../features/response/ResponsePanel.tsx";
import { appPath } from "../../networks/app-path.ts";
import { devnetConfigQuery } from "../../networks/devnet-config.ts";
import { provider } from "../../networks/provider.ts";
import { startAnswerWorker } from "../../rpc/answer-parse.ts";
import { useSendRequest, useSendState } from "../../send/useSendRequest.ts";
import { AppStoreProvider, useAppStore, useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { ONE_KEY } from "../../state/key-slice.ts";
import { createAppStore } from "../../state/store.ts";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { useResolvedTheme } from "../../state/useTheme.ts";
import { useCloseStaleSockets } from "../useCloseStaleSockets.ts";
import { useGlobalKeys } from "../useGlobalKeys.ts";
import { keyPromptText, useKeyPrompt } from "../useKeyPrompt.ts";

/** `/embed?…`: one method for a documentation page, set up from the address (see docs/embed.md). */
export function EmbedApp() {
  const [parsed] = useState(() => parseEmbedConfig(window.location.search));
  return parsed.ok ? <EmbedStore config={parsed.config} /> : <EmbedProblems problems={parsed.problems} />;
}

const anyParent = () => undefined;
const noSheet = () => undefined;

/**
 * A bad address: say what is wrong inside the frame (and still fit the host's iframe to it), and
 * tell the host once (`about: "address"`), so its script (embed.js) stops waiting for `ready`.
 */
function EmbedProblems({ problems }: { problems: string[] }) {
  useReportHeight(anyParent);
  useEffect(() => postToHost(errorMessage(problems.join(" "), "address"), undefined, false), [problems]);
  return (
    <main aria-label={`${provider().productName} embed`} className="p-3">
      <div role="alert" className="rounded border border-bad bg-bad-bg p-3 text-sm">
        <p className="font-semibold text-bad">This embed's address has a problem</p>
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="mt-2 text-fg-muted">
          The{" "}
          <a className="text-link underline" href={guideUrl()} target="_blank" rel="noopener">
            embed guide
          </a>{" "}
          builds a working address.
        </p>
      </div>
    </main>
  );
}

const guideUrl = () => new URL(appPath("guide"), window.location.origin).href;

/**
 * Each embed has its own store, in memory: it starts from the address and never writes over the
 * playground's choices on the same origin. Its key (from the host or its key field) lives there.
 */
function EmbedStore({ config }: { config: EmbedConfig }) {
  const [store] = useState(() => {
    const s = createAppStore({
      persist: false,
      initial: {
        selectedNetworkId: config.network,
        transport: config.transport,
        theme: config.theme ?? "system",
      },
    });
    const { draftActions } = s.getState();
    if (config.params === undefined || !draftActions.load(config.method, config.params))
      draftActions.selectMethod(config.method);
    return s;
  });
  return (
    <AppStoreProvider store={store}>
      <EmbedMain config={config} />
    </AppStoreProvider>
  );
}

/**
 * In idle time after the embed's first screen: the answer's code (else its first answer waited for
 * it behind a "Loading the view…" that React keeps at least 300 ms), and, for an embed that sends
 * over WebSocket, the answer worker its socket lives in (else its first send waited for it to
 * start). An HTTP embed starts the worker only for a big answer: a docs page may hold several.
 */
function useIdleWarmUp(transport: EmbedConfig["transport"]) {
  useEffect(
    () =>
      whenIdle(() => {
        void prefetchAnswer();
        if (transport === "ws") startAnswerWorker();
      }),
    [transport],
  );
}

function EmbedMain({ config }: { config: EmbedConfig }) {
  const theme = useResolvedTheme();
  useCloseStaleSockets();
  // The local devnet's real addresses; messages are taken only once they are known.
  const devnet = useQuery(devnetConfigQuery);
  const store = useAppStoreApi();
  const readCurrent = useReadCurrent();
  const key = useAppStore((s) => s.keys[ONE_KEY] ?? "");
  const setKey = useCallback((k: string) => store.getState().keyActions.setKey(ONE_KEY, k), [store]);

  const send = useSendRequest();
  const keyPrompt = useKeyPrompt();
  useIdleWarmUp(config.transport);
  const { submit } = send;
  const { ask } = keyPrompt;
  /** Sends; says why not (the host hears every reason, the page shows a missing key at its field). */
  const trySend = useCallback(
    (text?: string, anyway?: boolean): { message: string | undefined; atKeyField: boolean } => {
      void prefetchAnswer();
      const outcome = submit(text, anyway);
      if (outcome === "sent") return { message: undefined, atKeyField: false };
      if (outcome === "no-key") {
        if (!config.keyField)
          return {
            message: `No ${provider().keyLabel} yet: the page around this embed has not handed one in.`,
            atKeyField: false,
          };
        ask();
        return { message: keyPromptText(readCurrent().network.name), atKeyField: true };
      }
      return { message: outcome.notSent, atKeyField: false };
    },
    [submit, readCurrent, config.keyField, ask],
  );
  const sendFromPage = useCallback(
    (text?: string, anyway?: boolean) => {
      const { message, atKeyField } = trySend(text, anyway);
      return atKeyField ? undefined : message;
    },
    [trySend],
  );

  // Escape cancels a request under way; the embed has no shortcut sheet.
  useGlobalKeys({
    sending: send.sending,
    cancel: send.cancel,
    showShortcuts: noSheet,
  });
  const { state, target } = useHostBridge(config, !devnet.isPending, {
    setKey,
    send: () => trySend().message,
  });
  useReportHeight(target);

  return (
    <main
      aria-label={`${provider().productName} embed`}
      className="flex flex-col gap-3 p-3"
      data-embed=""
      {...testAttributes(state.ignored, key !== "")}
    >
      <RequestPanel
        header="title"
        modelId="embed-request"
        showForm={config.panels.includes("form")}
        showEditor={config.panels.includes("editor")}
        readOnly={config.readonly}
        editorHeight={200}
        theme={theme}
        onSend={sendFromPage}
        keyField={
          config.keyField ? (
            <div className="flex flex-wrap items-center gap-2">
              <MaskedKeyInput
                value={key}
                onChange={setKey}
                problem={keyPrompt.problem}
                inputRef={keyPrompt.inputRef}
                label={provider().keyLabel}
                getKey={provider().keyLink}
              />
            </div>
          ) : undefined
        }
      />
      {config.panels.includes("response") && (
        <EmbedAnswer send={send.state} onCancel={send.cancel} explorerLinks={config.explorer} />
      )}
      {state.notice && (
        <p role="status" className="text-xs text-bad">
          The host page sent a message the embed could not apply: {state.notice}
        </p>
      )}
      {state.ignored > 0 && (
        <p role="status" data-testid="embed-ignored" className="text-xs text-fg-muted">
          Ignored {state.ignored} message{state.ignored === 1 ? "" : "s"} from{" "}
          {state.ignoredOrigin || "an unknown origin"}: not an origin this embed accepts.
        </p>
      )}
    </main>
  );
}

/**
 * The embed's answer: the last send (`useSendState`). It alone renders again as a send goes and
 * comes, not the embed around it (the request panel, the key field), as in the playground.
 */
function EmbedAnswer(props: {
  send: Parameters<typeof useSendState>[0];
  onCancel(): void;
  explorerLinks: boolean;
}) {
  const shown = useSendState(props.send);
  return (
    <ResponsePanel
      status={shown.status}
      data={shown.data}
      error={shown.error}
      sending={shown.variables}
      onCancel={props.onCancel}
      explorerLinks={props.explorerLinks}
    />
  );
}

/**
 * What the browser tests read of the embed's state (messages ignored, whether a key is set), in
 * test builds only (VITE_E2E=1: e2e/global-setup.ts); `npm run build` leaves them out.
 */
function testAttributes(ignored: number, keySet: boolean): Record<string, string | number> {
  return import.meta.env.VITE_E2E === "1"
    ? { "data-ignored-messages": ignored, "data-key-set": keySet ? "yes" : "no" }
    : {};
}
