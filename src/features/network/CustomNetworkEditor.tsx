import { useEffect, useId, useRef, useState } from "react";
import {
  type CustomNetworkDraft,
  type DraftErrors,
  parseCustomNetwork,
  suggestWsUrl,
} from "../../networks/network.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";

const EMPTY: CustomNetworkDraft = { name: "", kind: "evm", base_url: "", ws_url: "" };

/** Add, edit and delete the user's own networks; every field says what is wrong where it is. */
export function CustomNetworkEditor({ onClose }: { onClose(): void }) {
  const custom = useAppStore((s) => s.customNetworks);
  const actions = useAppStore((s) => s.networkActions);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState<CustomNetworkDraft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const dialog = useRef<HTMLDivElement>(null);
  const ids = { name: useId(), kind: useId(), base: useId(), ws: useId() };

  useEffect(() => {
    dialog.current?.querySelector<HTMLInputElement>("input")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const save = () => {
    const id = editingId ?? `custom-${Date.now().toString(36)}`;
    const parsed = parseCustomNetwork(draft, id);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    if (editingId) actions.updateCustom(parsed.network);
    else actions.addCustom(parsed.network);
    setDraft(EMPTY);
    setEditingId(null);
    setErrors({});
  };

  const field = (key: "name" | "base_url" | "ws_url", id: string, label: string, placeholder: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        className="rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
        placeholder={placeholder}
        value={draft[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-err` : undefined}
        onChange={(e) => {
          const value = e.target.value;
          setDraft((d) => ({
            ...d,
            [key]: value,
            ...(key === "base_url" && (d.ws_url === "" || d.ws_url === suggestWsUrl(d.base_url))
              ? { ws_url: suggestWsUrl(value) }
              : {}),
          }));
          setErrors((er) => ({ ...er, [key]: undefined }));
        }}
      />
      {errors[key] && (
        <p id={`${id}-err`} role="alert" className="text-xs text-bad">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-label="Custom networks"
      className="absolute top-12 left-4 z-20 w-[32rem] rounded border border-border bg-surface-raised p-4 shadow-lg"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold">Custom networks</h2>
        <button type="button" className="text-sm text-link" onClick={onClose}>
          Close
        </button>
      </div>
      {custom.length > 0 && (
        <ul className="mb-3 divide-y divide-border rounded border border-border">
          {custom.map((n) => (
            <li key={n.id} className="flex items-center justify-between gap-2 px-2 py-1 text-sm">
              <span>
                {n.name} <span className="text-fg-muted">({n.kind === "evm" ? "EVM" : "Starknet"})</span>
                {n.fromLink && <span className="ml-1 text-xs text-warn">added from a link</span>}
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className="text-link"
                  onClick={() => {
                    setEditingId(n.id);
                    setDraft({
                      name: n.name,
                      kind: n.kind,
                      base_url: n.base_url,
                      ws_url: n.ws_url,
                      noKey: n.noKey === true,
                    });
                  }}
                >
                  Edit {n.name}
                </button>
                <button type="button" className="text-bad" onClick={() => actions.removeCustom(n.id)}>
                  Delete {n.name}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {field("name", ids.name, "Name", "My node")}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.kind} className="text-xs text-fg-muted">
            Chain kind
          </label>
          <select
            id={ids.kind}
            className="rounded border border-border bg-surface px-2 py-1 text-sm"
            value={draft.kind}
            onChange={(e) =>
              setDraft((d) => ({ ...d, kind: e.target.value === "starknet" ? "starknet" : "evm" }))
            }
          >
            <option value="evm">EVM</option>
            <option value="starknet">Starknet</option>
          </select>
        </div>
        {field("base_url", ids.base, "HTTP base address (the app adds /v3/<key>)", "https://node.example")}
        {field("ws_url", ids.ws, "WebSocket base address (the app adds /ws/v3/<key>)", "wss://node.example")}
        <label className="flex items-center gap-2 text-xs text-fg-muted">
          <input
            type="checkbox"
            checked={draft.noKey === true}
            onChange={(e) => setDraft((d) => ({ ...d, noKey: e.target.checked }))}
          />
          No key: this node answers without one
        </label>
        <div className="flex gap-2">
          <button type="submit" className="rounded bg-accent px-3 py-1 text-sm text-accent-fg">
            {editingId ? "Save network" : "Add network"}
          </button>
          {editingId && (
            <button
              type="button"
              className="rounded border border-border px-3 py-1 text-sm"
              onClick={() => {
                setEditingId(null);
                setDraft(EMPTY);
                setErrors({});
              }}
            >
              Cancel edit
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
