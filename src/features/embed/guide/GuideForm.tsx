import { useId } from "react";
import { FormField } from "../../../components/ui/FormField.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextArea, TextInput } from "../../../components/ui/TextInput.tsx";
import { methodsForChain } from "../../../methods/registry.ts";
import { provider } from "../../../networks/provider.ts";
import { PANELS, type Panel } from "../embed-config.ts";
import type { GuideFields } from "../iframe-snippet.ts";
import { exampleParams, networkChange } from "./guide-fields.ts";

const PANEL_LABELS: Record<Panel, string> = { form: "Form", editor: "Editor", response: "Response" };

type FieldsProps = { fields: GuideFields; set(patch: Partial<GuideFields>): void };

/** The embed's settings: what it sends, how it looks, which pages may drive it. */
export function GuideForm(props: FieldsProps & { problems: readonly string[] | null }) {
  const problemsId = useId();
  return (
    <form
      aria-label="Embed settings"
      className="flex flex-col gap-3"
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      <RequestFields {...props} problemsId={props.problems ? problemsId : undefined} />
      <LookFields {...props} />
      <HostFields {...props} />
      {props.problems && (
        <div id={problemsId} role="alert" className="rounded border border-bad bg-bad-bg p-2 text-sm">
          <p className="font-semibold text-bad">The embed would show these problems:</p>
          <ul className="list-disc pl-5">
            {props.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

/** Network, method and params. */
function RequestFields({ fields, set, problemsId }: FieldsProps & { problemsId: string | undefined }) {
  const paramsId = useId();
  const { networks } = provider();
  const network = networks.find((n) => n.id === fields.network) ?? networks[0]!;
  return (
    <>
      <Select
        label="Network"
        value={fields.network}
        onChange={(id) => {
          const change = networkChange(fields, id);
          if (change) set(change);
        }}
      >
        {networks.map((n) => (
          <option key={n.id} value={n.id}>
            {n.name} ({n.id})
          </option>
        ))}
      </Select>
      <Select
        label="Method"
        mono
        value={fields.method}
        onChange={(method) => set({ method, params: exampleParams(method) })}
      >
        {methodsForChain(network.kind).map((m) => (
          <option key={m.name} value={m.name}>
            {m.name}
          </option>
        ))}
      </Select>
      <FormField label="Params (JSON)" htmlFor={paramsId}>
        <TextArea
          id={paramsId}
          mono
          className="h-20"
          spellCheck={false}
          value={fields.params}
          aria-describedby={problemsId}
          onChange={(e) => set({ params: e.target.value })}
        />
      </FormField>
    </>
  );
}

/** Transport, theme, panels, read-only params, the key field. */
function LookFields({ fields, set }: FieldsProps) {
  return (
    <>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="text-sm text-fg-muted">Transport</legend>
        {(["http", "ws"] as const).map((t) => (
          <label key={t} className="flex items-center gap-1">
            <input
              type="radio"
              name="guide-transport"
              checked={fields.transport === t}
              onChange={() => set({ transport: t })}
            />
            {t === "http" ? "HTTP" : "WebSocket"}
          </label>
        ))}
      </fieldset>
      <Select
        label="Theme"
        value={fields.theme}
        onChange={(theme) => set({ theme: theme as GuideFields["theme"] })}
      >
        <option value="">Follow the reader's system</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </Select>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="text-sm text-fg-muted">Panels</legend>
        {PANELS.map((p) => (
          <label key={p} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={fields.panels.includes(p)}
              onChange={(e) =>
                set({
                  panels: e.target.checked
                    ? PANELS.filter((x) => x === p || fields.panels.includes(x))
                    : fields.panels.filter((x) => x !== p),
                })
              }
            />
            {PANEL_LABELS[p]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={fields.readonly}
            onChange={(e) => set({ readonly: e.target.checked })}
          />
          Read-only params
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={fields.keyField}
            onChange={(e) => set({ keyField: e.target.checked })}
          />
          Key field in the embed
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={fields.explorer}
            onChange={(e) => set({ explorer: e.target.checked })}
          />
          Block explorer links
        </label>
      </div>
    </>
  );
}

/** The host pages allowed to drive the embed, and its height before it reports its own. */
function HostFields({ fields, set }: FieldsProps) {
  const ids = { origins: useId(), height: useId() };
  return (
    <>
      <FormField
        label="Allowed host origins"
        htmlFor={ids.origins}
        hint="Comma-separated, such as https://docs.example.com. Only these pages may send messages (key, params, send) and hear results."
      >
        <TextInput
          id={ids.origins}
          mono
          placeholder="https://docs.example.com"
          value={fields.origins}
          onChange={(e) => set({ origins: e.target.value })}
        />
      </FormField>
      <FormField label="Initial height (px)" htmlFor={ids.height}>
        <TextInput
          id={ids.height}
          type="number"
          min={100}
          max={4000}
          className="w-28"
          value={fields.height}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n > 0) set({ height: n });
          }}
        />
      </FormField>
    </>
  );
}
