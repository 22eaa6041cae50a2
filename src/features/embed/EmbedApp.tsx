import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { devnetConfigQuery } from "../../app/useDevnetConfig.ts";
import { useResolvedTheme } from "../../app/useTheme.ts";
import { checkForSend } from "../../methods/body.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";
import { ResponsePanel } from "../response/ResponsePanel.tsx";
import { useSendDraft } from "../send/useSendDraft.ts";
import { EmbedRequest } from "./EmbedRequest.tsx";
import { type EmbedConfig, parseEmbedConfig } from "./embed-config.ts";
import { applyKeyForSend, prepareEmbedStore } from "./embed-store.ts";
import { useHostBridge } from "./useHostBridge.ts";
import { useReportHeight } from "./useReportHeight.ts";

/** `/embed?…`: one method for a documentation page, set up from the address (see docs/embed.md). */
export function EmbedApp() {
  const [parsed] = useState(() => parseEmbedConfig(window.location.search));
  return parsed.ok ? <EmbedMain config={parsed.config} /> : <EmbedProblems problems={parsed.problems} />;
}

const anyParent = () => undefined;

/** A bad address: say what is wrong inside the frame (and still fit the host's iframe to it). */
function EmbedProblems({ problems }: { problems: string[] }) {
  useReportHeight(anyParent);
  return (
    <div className="p-3">
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
    </div>
  );
}

const guideUrl = () => {
  const url = new URL(window.location.href);
  url.pathname = url.pathname.replace(/\/embed\/*$/, "/").replace(/\/*$/, "/guide");
  url.search = "";
  return url.toString();
};

function EmbedMain({ config }: { config: EmbedConfig }) {
  // Before any child renders: the store is set from the address and stops persisting.
  useState(() => prepareEmbedStore(config));
  const theme = useResolvedTheme();

  // The local devnet's real addresses; messages are taken only once they are known.
  const devnet = useQuery(devnetConfigQuery);
  const setDevnet = useAppStore((s) => s.networkActions.setDevnet);
  useEffect(() => {
    if (devnet.data) setDevnet(devnet.data);
  }, [devnet.data, setDevnet]);

  const send = useSendDraft();
  const [key, setKeyState] = useState("");
  const keyRef = useRef("");
  const setKey = useCallback((k: string) => {
    keyRef.current = k;
    setKeyState(k);
  }, []);
  const { submit } = send;
  const sendNow = useCallback(
    (text?: string): string | undefined => {
      if (!keyRef.current)
        return config.keyField
          ? "Enter your API key to send."
          : "No API key yet: the page around this embed has not handed one in.";
      applyKeyForSend(keyRef.current);
      if (submit(text)) return undefined;
      const s = useAppStore.getState();
      const check = checkForSend(text ?? s.bodyText, selectedNetwork(s).kind);
      return check.ok ? "The request could not be sent." : check.message;
    },
    [submit, config.keyField],
  );

  const { state, target } = useHostBridge(config, !devnet.isPending, { setKey, send: () => sendNow() });
  useReportHeight(target);

  return (
    <div
      className="flex flex-col gap-3 p-3"
      data-embed=""
      data-ignored-messages={state.ignored}
      data-key-set={key ? "yes" : "no"}
    >
      <EmbedRequest
        panels={config.panels}
        readonly={config.readonly}
        theme={theme}
        onSend={sendNow}
        keyField={config.keyField ? { value: key, onChange: setKey } : undefined}
      />
      {config.panels.includes("response") && (
        <ResponsePanel
          status={send.status}
          data={send.data}
          error={send.error}
          pendingMethod={send.variables?.body.method}
          onCancel={send.cancel}
        />
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
    </div>
  );
}
