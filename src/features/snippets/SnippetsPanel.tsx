import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../components/ui/CodeBlock.tsx";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { planSend } from "../../methods/body-reading.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import type { AppState } from "../../state/store.ts";
import { useIdleAppState } from "../../state/useIdleValue.ts";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import { SNIPPET_LANGUAGES, type SnippetLanguage, snippetFor } from "./snippets.ts";

const selectBodyText = (s: AppState) => s.bodyText;

/**
 * The current request as code: pick a language, copy it. The key is `<API_KEY>` until the user
 * reveals it here (for this panel only; not remembered).
 */
export function SnippetsPanel() {
  const network = useSelectedNetwork();
  const apiKey = useSelectedKey();
  // Follows the body when the browser is idle: typing does not re-render the snippet each keystroke.
  const bodyText = useIdleAppState(selectBodyText);
  const transport = useAppStore((s) => s.transport);
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const [reveal, setReveal] = useState(false);
  const revealId = useId();

  // The snippet sends what Send sends: the canonical request, or the body exactly as written.
  const plan = useMemo(() => planSend(bodyText, network.kind), [bodyText, network.kind]);
  const snippet = snippetFor(language, {
    network,
    request: plan.body,
    apiKey,
    revealKey: reveal,
    transport,
    asWritten: plan.canonical ? undefined : plan.raw.text,
  });

  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Select
          label="Language"
          layout="inline"
          value={language}
          onChange={(l) => setLanguage(l as SnippetLanguage)}
        >
          {SNIPPET_LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </Select>
        <label htmlFor={revealId} className="flex items-center gap-1 text-fg-muted">
          <input
            id={revealId}
            type="checkbox"
            checked={reveal}
            onChange={(e) => setReveal(e.target.checked)}
          />
          Reveal key in snippets
        </label>
        {snippet && "code" in snippet && (
          <CopyButton className="ml-auto" text={snippet.code} label={`Copy ${snippet.label} snippet`} />
        )}
      </div>
      {plan.problems.length > 0 && (
        <p role="status" className="rounded border border-warn bg-warn-bg p-2">
          The body has problems ({plan.problems[0]?.message}): the snippet sends it exactly as written, as
          Send anyway does.
        </p>
      )}
      {snippet && "unavailable" in snippet ? (
        <p role="status" className="rounded border border-border bg-surface-muted p-2">
          {snippet.unavailable}
        </p>
      ) : snippet ? (
        <>
          <CodeBlock data-testid="snippet-code" data-language={snippet.language} code={snippet.code} />
          {reveal && apiKey !== "" && (
            <p className="text-xs text-warn">
              This snippet holds your key: keep it out of shared code and logs.
            </p>
          )}
          {apiKey === "" && <p className="text-xs text-fg-muted">No key entered for this network yet.</p>}
        </>
      ) : null}
    </div>
  );
}
