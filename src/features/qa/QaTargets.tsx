import { useId } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import type { Network } from "../../networks/network.ts";

/** A target added for a comparison: a network and where its key comes from. */
export type TargetChoice = {
  id: string;
  networkId: string;
  keyMode: "stored" | "typed";
  /** Typed for this comparison only: kept in this component's state, never stored or exported. */
  typedKey: string;
};

function networkGroups(networks: readonly Network[]) {
  return [
    { label: "Local", items: networks.filter((n) => n.local) },
    { label: "Ethereum & L2s", items: networks.filter((n) => !n.local && !n.custom && n.kind === "evm") },
    { label: "Starknet", items: networks.filter((n) => !n.local && !n.custom && n.kind === "starknet") },
    { label: "Your networks", items: networks.filter((n) => n.custom) },
  ].filter((g) => g.items.length > 0);
}

/** The comparison's extra targets (B, C), each with its network and its key. */
export function QaTargets(props: {
  first: Network;
  networks: readonly Network[];
  targets: readonly TargetChoice[];
  problems: Readonly<Record<string, string | undefined>>;
  disabled: boolean;
  onChange(targets: TargetChoice[]): void;
  onAdd(): void;
  canAdd: boolean;
}) {
  const update = (id: string, change: Partial<TargetChoice>) =>
    props.onChange(props.targets.map((t) => (t.id === id ? { ...t, ...change } : t)));
  return (
    <div className="flex flex-col gap-2">
      <p>
        Target A: <strong>{props.first.name}</strong>, with the key in the key field.
      </p>
      {props.targets.map((t) => (
        <TargetEditor
          key={t.id}
          target={t}
          networks={props.networks}
          problem={props.problems[t.id]}
          disabled={props.disabled}
          onChange={(change) => update(t.id, change)}
          onRemove={() => props.onChange(props.targets.filter((x) => x.id !== t.id))}
        />
      ))}
      {props.canAdd && (
        <div>
          <Button onClick={props.onAdd} disabled={props.disabled}>
            Add a target to compare
          </Button>
        </div>
      )}
    </div>
  );
}

function TargetEditor(props: {
  target: TargetChoice;
  networks: readonly Network[];
  problem: string | undefined;
  disabled: boolean;
  onChange(change: Partial<TargetChoice>): void;
  onRemove(): void;
}) {
  const { target } = props;
  const name = useId();
  const keyId = useId();
  const network = props.networks.find((n) => n.id === target.networkId);
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-x-4 gap-y-2 rounded border border-border p-2">
      <legend className="px-1 font-semibold">Target {target.id}</legend>
      <Select
        label={`Network of target ${target.id}`}
        labelSize="xs"
        className="max-w-full"
        value={target.networkId}
        disabled={props.disabled}
        onChange={(networkId) => props.onChange({ networkId })}
      >
        {networkGroups(props.networks).map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="text-xs text-fg-muted">Key of target {target.id}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={target.keyMode === "stored"}
            disabled={props.disabled}
            onChange={() => props.onChange({ keyMode: "stored" })}
          />
          The stored key{network ? ` for ${network.name}` : ""}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={target.keyMode === "typed"}
            disabled={props.disabled}
            onChange={() => props.onChange({ keyMode: "typed" })}
          />
          Another key, for this comparison only
        </label>
      </fieldset>
      {target.keyMode === "typed" && (
        <FormField label={`Key for target ${target.id}, this comparison only`} htmlFor={keyId} labelSize="xs">
          <TextInput
            id={keyId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            mono
            className="w-56 max-w-full"
            placeholder="paste a key"
            value={target.typedKey}
            disabled={props.disabled}
            onChange={(e) => props.onChange({ typedKey: e.target.value.trim() })}
          />
        </FormField>
      )}
      <Button variant="link-danger" onClick={props.onRemove} disabled={props.disabled}>
        Remove target {target.id}
      </Button>
      {props.problem && (
        <p role="alert" className="basis-full text-xs text-bad">
          {props.problem}
        </p>
      )}
    </fieldset>
  );
}
