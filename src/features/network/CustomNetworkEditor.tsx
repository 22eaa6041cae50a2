import { useId, useState } from "react";
import { revealBidi } from "../../chain/bidi.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import {
  type CustomNetworkDraft,
  type DraftErrors,
  type Network,
  suggestWsUrl,
} from "../../networks/network.ts";
import { parseCustomNetwork } from "../../networks/network-schema.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { FAMILY_NAMES } from "./family-names.ts";

const EMPTY: CustomNetworkDraft = { name: "", kind: "evm", base_url: "", ws_url: "" };

/** Add, edit and delete the user's own networks; every field says what is wrong where it is. */
export function CustomNetworkEditor({ onClose }: { onClose(): void }) {
  const custom = useAppStore((s) => s.customNetworks);
  const actions = useAppStore((s) => s.networkActions);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState<CustomNetworkDraft>(EMPTY);
  return (
    <Dialog
      title="Custom networks"
      onClose={onClose}
      initialFocus={(content) => content.querySelector<HTMLElement>("input")}
    >
      {custom.length > 0 && (
        <NetworkList
          networks={custom}
          onEdit={(n) => {
            setEditingId(n.id);
            setDraft({
              name: n.name,
              kind: n.kind,
              base_url: n.base_url,
              ws_url: n.ws_url,
              noKey: n.noKey === true,
              chainId: n.chainId === undefined ? "" : String(n.chainId),
              family: n.family ?? "",
            });
          }}
          onDelete={(n) => actions.removeCustom(n.id)}
        />
      )}
      <NetworkForm
        key={editingId ?? "new"}
        draft={draft}
        setDraft={setDraft}
        editing={editingId !== null}
        onSave={() => {
          const parsed = parseCustomNetwork(draft, editingId ?? `custom-${Date.now().toString(36)}`);
          if (!parsed.ok) return parsed.errors;
          if (editingId) actions.updateCustom(parsed.network);
          else actions.addCustom(parsed.network);
          setDraft(EMPTY);
          setEditingId(null);
          return {};
        }}
        onCancel={() => {
          setEditingId(null);
          setDraft(EMPTY);
        }}
      />
    </Dialog>
  );
}

function NetworkList(props: {
  networks: readonly Network[];
  onEdit(network: Network): void;
  onDelete(network: Network): void;
}) {
  return (
    <ul className="mb-3 divide-y divide-border rounded border border-border">
      {props.networks.map((n) => (
        <li key={n.id} className="flex items-center justify-between gap-2 px-2 py-1 text-sm">
          <span>
            {revealBidi(n.name)}{" "}
            <span className="text-fg-muted">({n.kind === "evm" ? "EVM" : "Starknet"})</span>
            {n.fromLink && <span className="ml-1 text-xs text-warn">added from a link</span>}
          </span>
          <span className="flex gap-2">
            <Button variant="link" onClick={() => props.onEdit(n)}>
              Edit {n.name}
            </Button>
            <Button variant="link-danger" onClick={() => props.onDelete(n)}>
              Delete {n.name}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

type DraftKey = "name" | "base_url" | "ws_url" | "chainId";

/** The fields of a new network (or the one being edited); `onSave` returns the errors to show. */
function NetworkForm(props: {
  draft: CustomNetworkDraft;
  setDraft(update: (d: CustomNetworkDraft) => CustomNetworkDraft): void;
  editing: boolean;
  onSave(): DraftErrors;
  onCancel(): void;
}) {
  const [errors, setErrors] = useState<DraftErrors>({});
  const ids = { name: useId(), kind: useId(), base: useId(), ws: useId(), chainId: useId(), family: useId() };
  const field = (key: DraftKey, id: string, label: string, placeholder: string) => (
    <FormField
      label={label}
      htmlFor={id}
      labelSize="xs"
      error={errors[key]}
      errorId={`${id}-err`}
      errorRole="alert"
    >
      <TextInput
        id={id}
        mono
        placeholder={placeholder}
        value={props.draft[key] ?? ""}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-err` : undefined}
        onChange={(e) => {
          const value = e.target.value;
          props.setDraft((d) => ({
            ...d,
            [key]: value,
            ...(key === "base_url" && (d.ws_url === "" || d.ws_url === suggestWsUrl(d.base_url))
              ? { ws_url: suggestWsUrl(value) }
              : {}),
          }));
          setErrors((er) => ({ ...er, [key]: undefined }));
        }}
      />
    </FormField>
  );
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors(props.onSave());
      }}
    >
      {field("name", ids.name, "Name", "My node")}
      <Select
        id={ids.kind}
        label="Chain kind"
        labelSize="xs"
        value={props.draft.kind}
        onChange={(kind) => props.setDraft((d) => ({ ...d, kind: kind === "starknet" ? "starknet" : "evm" }))}
      >
        <option value="evm">EVM</option>
        <option value="starknet">Starknet</option>
      </Select>
      {field("base_url", ids.base, "HTTP base address (the app adds /v3/<key>)", "https://node.example")}
      {field("ws_url", ids.ws, "WebSocket base address (the app adds /ws/v3/<key>)", "wss://node.example")}
      {props.draft.kind === "evm" && (
        <>
          {field(
            "chainId",
            ids.chainId,
            "Chain id (optional; sets the coin, types and explorer)",
            "137 or 0x89",
          )}
          <Select
            id={ids.family}
            label="Chain family"
            labelSize="xs"
            value={props.draft.family ?? ""}
            onChange={(family) => props.setDraft((d) => ({ ...d, family }))}
          >
            <option value="">From the chain id (Ethereum's model if unknown)</option>
            {FAMILY_NAMES.filter((f) => f.id !== "starknet").map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        </>
      )}
      <label className="flex items-center gap-2 text-xs text-fg-muted">
        <input
          type="checkbox"
          checked={props.draft.noKey === true}
          onChange={(e) => {
            const noKey = e.target.checked;
            props.setDraft((d) => ({ ...d, noKey }));
          }}
        />
        No key: this node answers without one
      </label>
      <div className="flex gap-2">
        <Button submit variant="primary" className="text-sm">
          {props.editing ? "Save network" : "Add network"}
        </Button>
        {props.editing && (
          <Button size="md" onClick={props.onCancel}>
            Cancel edit
          </Button>
        )}
      </div>
    </form>
  );
}
