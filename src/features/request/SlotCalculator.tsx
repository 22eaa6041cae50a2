import { useId, useState } from "react";
import type { MappingKeyType } from "../../chain/storage.ts";
import { Button } from "../../components/ui/Button.tsx";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import type { KnownContract } from "../../networks/known-contracts.ts";
import {
  computeSlot,
  KEY_PLACEHOLDERS,
  KEY_TYPES,
  type SlotForm,
  type SlotKeyRow,
  type SlotResult,
} from "./slot-calculator.ts";

/**
 * Computes a storage position for `eth_getStorageAt`: a simple variable's slot, or a (nested)
 * mapping entry's keccak256(pad32(key) ++ pad32(slot)). "Use as position" hands it to the form.
 */
export function SlotCalculator({
  known = [],
  onUse,
}: {
  /** The network's well-known contracts: their mappings are offered as a starting point. */
  known?: readonly KnownContract[];
  /** `address`: the known contract whose mapping the position is in. */
  onUse(position: string, address?: string): void;
}) {
  const [form, setForm] = useState<SlotForm>({
    kind: "mapping",
    slot: "",
    keys: [{ id: 0, type: "address", value: "" }],
  });
  const [nextId, setNextId] = useState(1);
  const [presetId, setPresetId] = useState("");
  const id = useId();
  const result = computeSlot(form);
  const presets = knownMappings(known);
  // The chosen mapping holds while its slot does; another slot is the user's own variable.
  const preset = presets.find((p) => p.id === presetId && form.kind === "mapping" && p.slot === form.slot);
  const choose = (value: string) => {
    setPresetId(value);
    const p = presets.find((x) => x.id === value);
    if (!p) return;
    setForm({
      kind: "mapping",
      slot: p.slot,
      keys: p.keys.map((type, i) => ({ id: nextId + i, type, value: "" })),
    });
    setNextId((x) => x + p.keys.length);
  };
  const slotError = result.status === "invalid" ? result.slotError : undefined;
  const keyErrors = result.status === "invalid" ? result.keyErrors : {};

  const setKey = (rowId: number, patch: Partial<SlotKeyRow>) =>
    setForm((f) => ({ ...f, keys: f.keys.map((k) => (k.id === rowId ? { ...k, ...patch } : k)) }));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded border border-border bg-surface-muted p-3 text-sm"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Storage slot calculator
      </h3>
      {presets.length > 0 && (
        <Select label="Known mapping" value={presetId} onChange={choose} className="max-w-full">
          <option value="">None: enter a slot</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.contract}: {p.what} at slot {p.slot}
            </option>
          ))}
        </Select>
      )}
      <KindChoice
        name={`${id}-kind`}
        kind={form.kind}
        onChange={(kind) => setForm((f) => ({ ...f, kind }))}
      />
      <FormField
        label={form.kind === "mapping" ? "Mapping slot" : "Slot"}
        htmlFor={`${id}-slot`}
        error={slotError}
        errorId={`${id}-slot-error`}
      >
        <TextInput
          id={`${id}-slot`}
          mono
          className="w-48"
          placeholder="0, 1, 0x2…"
          value={form.slot}
          aria-invalid={slotError !== undefined}
          aria-describedby={slotError ? `${id}-slot-error` : undefined}
          onChange={(e) => setForm((f) => ({ ...f, slot: e.target.value }))}
        />
      </FormField>
      {form.kind === "mapping" && (
        <div className="grid gap-2">
          {form.keys.map((k, i) => (
            <KeyRow
              key={k.id}
              row={k}
              n={i + 1}
              base={`${id}-key-${k.id}`}
              error={keyErrors[k.id]}
              onChange={(patch) => setKey(k.id, patch)}
              {...(form.keys.length > 1
                ? { onRemove: () => setForm((f) => ({ ...f, keys: f.keys.filter((x) => x.id !== k.id) })) }
                : {})}
            />
          ))}
          <div>
            <Button
              onClick={() => {
                setForm((f) => ({ ...f, keys: [...f.keys, { id: nextId, type: "address", value: "" }] }));
                setNextId((x) => x + 1);
              }}
            >
              Add key (nested mapping)
            </Button>
          </div>
        </div>
      )}
      <SlotOutput
        result={result}
        kind={form.kind}
        slotId={`${id}-slot`}
        onUse={(position) => onUse(position, preset?.address)}
      />
      {preset && result.status === "ok" && (
        <p className="text-fg-muted text-xs">
          The position is in {preset.contract}'s storage: using it also sets the address to{" "}
          <code className="font-mono break-all">{preset.address}</code>.
        </p>
      )}
    </section>
  );
}

function KindChoice(props: { name: string; kind: SlotForm["kind"]; onChange(kind: SlotForm["kind"]): void }) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="sr-only">Variable kind</legend>
      {(["mapping", "simple"] as const).map((kind) => (
        <label key={kind} className="flex items-center gap-1">
          <input
            type="radio"
            name={props.name}
            checked={props.kind === kind}
            onChange={() => props.onChange(kind)}
          />
          {kind === "mapping" ? "Mapping entry" : "Simple variable"}
        </label>
      ))}
    </fieldset>
  );
}

/** One key of a (nested) mapping: its type, its value, and Remove when there is more than one. */
function KeyRow(props: {
  row: SlotKeyRow;
  n: number;
  base: string;
  error: string | undefined;
  onChange(patch: Partial<SlotKeyRow>): void;
  onRemove?: () => void;
}) {
  const { row, n, base, error } = props;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Select
        id={`${base}-type`}
        label={`Key ${n} type`}
        mono
        value={row.type}
        onChange={(type) => props.onChange({ type: type as MappingKeyType })}
      >
        {KEY_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
      <FormField
        label={`Key ${n}`}
        htmlFor={`${base}-value`}
        error={error}
        errorId={`${base}-error`}
        className="min-w-0 flex-1"
      >
        <TextInput
          id={`${base}-value`}
          mono
          className="w-full min-w-48"
          placeholder={KEY_PLACEHOLDERS[row.type]}
          value={row.value}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${base}-error` : undefined}
          onChange={(e) => props.onChange({ value: e.target.value })}
        />
      </FormField>
      {props.onRemove && (
        <Button className="mt-6" aria-label={`Remove key ${n}`} onClick={props.onRemove}>
          Remove
        </Button>
      )}
    </div>
  );
}

/** The computed position with its formula and "Use as position", or what is still missing. */
function SlotOutput(props: {
  result: SlotResult;
  kind: SlotForm["kind"];
  slotId: string;
  onUse(position: string): void;
}) {
  const { result } = props;
  return (
    <output aria-label="Computed position" className="grid gap-1" htmlFor={props.slotId}>
      {result.status === "ok" ? (
        <>
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-fg-muted">Position</span>
            <code className="font-mono text-xs break-all">{result.word}</code>
            <CopyButton text={result.word} label="Copy" what="storage position" size="xs" />
          </span>
          <span className="text-fg-muted text-xs">= {result.formula}</span>
          <span>
            <Button variant="primary" onClick={() => props.onUse(result.quantity)}>
              Use as position
            </Button>
          </span>
        </>
      ) : (
        <span className="text-fg-muted text-xs">
          {result.status === "incomplete"
            ? props.kind === "mapping"
              ? "Enter the mapping's slot and each key to compute the entry's position."
              : "Enter the variable's slot."
            : "Fix the fields marked above."}
        </span>
      )}
    </output>
  );
}

type MappingPreset = {
  id: string;
  contract: string;
  address: string;
  slot: string;
  what: string;
  keys: MappingKeyType[];
};

/** Every mapping of the network's known contracts, one choice each (its key types, outer first). */
function knownMappings(known: readonly KnownContract[]): MappingPreset[] {
  return known.flatMap((c) =>
    (c.mappings ?? []).map((m) => ({
      id: `${c.address}:${m.slot}`,
      contract: c.name,
      address: c.address,
      slot: m.slot,
      what: m.what,
      keys: [...(m.keys ?? ["address"])],
    })),
  );
}
