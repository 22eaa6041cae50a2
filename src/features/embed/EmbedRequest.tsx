import { useId, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { MaskedKeyInput } from "../../components/ui/MaskedKeyInput.tsx";
import { checkForSend } from "../../methods/body.ts";
import { getMethod } from "../../methods/registry.ts";
import { requestSchema } from "../../methods/schema.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { useAppStore } from "../../state/store.ts";
import { BodyEditor } from "../editor/BodyEditor.tsx";
import { MethodForm } from "../request/MethodForm.tsx";
import type { Panel } from "./embed-config.ts";

type Props = {
  panels: readonly Panel[];
  readonly: boolean;
  theme: "light" | "dark";
  /** Sends what the editor holds (`text` is its live text); returns why not when it cannot. */
  onSend(text?: string): string | undefined;
  /** The key field, when the embed shows one. */
  keyField?: { value: string; onChange(key: string): void } | undefined;
};

/**
 * One method, no picker: its form and the JSON body (each only if the address shows it), and Send.
 * Composed from the playground's MethodForm and BodyEditor; read-only disables both.
 */
export function EmbedRequest({ panels, readonly, theme, onSend, keyField }: Props) {
  const { chain, methodName, values, bodyText, actions } = useAppStore(
    useShallow((s) => ({
      chain: selectedNetwork(s).kind,
      methodName: s.methodName,
      values: s.valuesByMethod[s.methodName],
      bodyText: s.bodyText,
      actions: s.draftActions,
    })),
  );
  const def = getMethod(methodName);
  const check = useMemo(() => checkForSend(bodyText, chain), [bodyText, chain]);
  const schema = useMemo(() => (def ? requestSchema(def) : {}), [def]);
  const liveText = useRef<(() => string) | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const ids = { blocked: useId(), problem: useId() };
  const send = (text?: string) => setProblem(onSend(text ?? liveText.current?.() ?? undefined));
  const blocked = check.ok ? undefined : check.message;

  return (
    <section aria-label="Request" className="flex min-w-0 flex-col gap-3">
      <div>
        <h1 className="font-mono text-sm font-semibold">{methodName}</h1>
        {def && <p className="text-sm text-fg-muted">{def.summary}</p>}
      </div>
      {keyField && <EmbedKeyField {...keyField} />}
      {panels.includes("form") && def && values && (
        <fieldset disabled={readonly} className="min-w-0 disabled:opacity-80">
          <MethodForm
            def={def}
            values={values}
            onChange={actions.setValues}
            {...(!check.ok && check.fieldErrors ? { errors: check.fieldErrors } : {})}
          />
        </fieldset>
      )}
      {panels.includes("editor") && (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-fg-muted">JSON-RPC body{readonly ? " (read-only)" : ""}</span>
          <BodyEditor
            modelId="embed-request"
            value={bodyText}
            onChange={actions.setBodyText}
            schemaId={methodName}
            schema={schema}
            onSubmit={(text) => send(text)}
            onProblems={() => undefined}
            liveText={liveText}
            theme={theme}
            readOnly={readonly}
            height={200}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="rounded bg-accent px-4 py-1.5 font-medium text-accent-fg disabled:opacity-50"
          disabled={blocked !== undefined}
          aria-describedby={blocked ? ids.blocked : problem ? ids.problem : undefined}
          onClick={() => send()}
        >
          Send
        </button>
        {blocked && (
          <p id={ids.blocked} role="status" className="text-sm text-bad">
            {blocked}
          </p>
        )}
        {!blocked && problem && (
          <p id={ids.problem} role="status" className="text-sm text-bad">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}

/** A masked key field: the key stays in this page's memory and goes only into the request's address. */
function EmbedKeyField({ value, onChange }: { value: string; onChange(key: string): void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <MaskedKeyInput value={value} onChange={onChange} />
    </div>
  );
}
