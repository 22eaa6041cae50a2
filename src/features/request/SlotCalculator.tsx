import { useId, useState } from "react";
import type { MappingKeyType } from "../../chain/storage.ts";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import {
  computeSlot,
  KEY_PLACEHOLDERS,
  KEY_TYPES,
  type SlotForm,
  type SlotKeyRow,
} from "./slot-calculator.ts";

const INPUT = "rounded border border-border bg-surface px-2 py-1 font-mono text-sm aria-invalid:border-bad";

/**
 * Computes a storage position for `eth_getStorageAt`: a simple variable's slot, or a (nested)
 * mapping entry's keccak256(pad32(key) ++ pad32(slot)). "Use as position" hands it to the form.
 */
export function SlotCalculator({ onUse }: { onUse(position: string): void }) {
  const [form, setForm] = useState<SlotForm>({
    kind: "mapping",
    slot: "",
    keys: [{ id: 0, type: "address", value: "" }],
  });
  const [nextId, setNextId] = useState(1);
  const id = useId();
  const result = computeSlot(form);
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
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Variable kind</legend>
        {(["mapping", "simple"] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={form.kind === kind}
              onChange={() => setForm((f) => ({ ...f, kind }))}
            />
            {kind === "mapping" ? "Mapping entry" : "Simple variable"}
          </label>
        ))}
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-slot`} className="text-fg-muted">
          {form.kind === "mapping" ? "Mapping slot" : "Slot"}
        </label>
        <input
          id={`${id}-slot`}
          className={`${INPUT} w-48`}
          placeholder="0, 1, 0x2…"
          value={form.slot}
          aria-invalid={slotError !== undefined}
          aria-describedby={slotError ? `${id}-slot-error` : undefined}
          onChange={(e) => setForm((f) => ({ ...f, slot: e.target.value }))}
        />
        {slotError && (
          <p id={`${id}-slot-error`} className="text-bad text-xs">
            {slotError}
          </p>
        )}
      </div>

      {form.kind === "mapping" && (
        <div className="grid gap-2">
          {form.keys.map((k, i) => {
            const n = i + 1;
            const error = keyErrors[k.id];
            const base = `${id}-key-${k.id}`;
            return (
              <div key={k.id} className="flex flex-wrap items-start gap-2">
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${base}-type`} className="text-fg-muted">
                    Key {n} type
                  </label>
                  <select
                    id={`${base}-type`}
                    className={INPUT}
                    value={k.type}
                    onChange={(e) => setKey(k.id, { type: e.target.value as MappingKeyType })}
                  >
                    {KEY_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <label htmlFor={`${base}-value`} className="text-fg-muted">
                    Key {n}
                  </label>
                  <input
                    id={`${base}-value`}
                    className={`${INPUT} w-full min-w-48`}
                    placeholder={KEY_PLACEHOLDERS[k.type]}
                    value={k.value}
                    aria-invalid={error !== undefined}
                    aria-describedby={error ? `${base}-error` : undefined}
                    onChange={(e) => setKey(k.id, { value: e.target.value })}
                  />
                  {error && (
                    <p id={`${base}-error`} className="text-bad text-xs">
                      {error}
                    </p>
                  )}
                </div>
                {form.keys.length > 1 && (
                  <button
                    type="button"
                    className="mt-6 rounded border border-border px-2 py-1 text-xs hover:bg-surface"
                    aria-label={`Remove key ${n}`}
                    onClick={() => setForm((f) => ({ ...f, keys: f.keys.filter((x) => x.id !== k.id) }))}
                  >
                    Remove
                  </button>
                )}
              </div>
            );
          })}
          <div>
            <button
              type="button"
              className="rounded border border-border px-2 py-1 text-xs hover:bg-surface"
              onClick={() => {
                setForm((f) => ({ ...f, keys: [...f.keys, { id: nextId, type: "address", value: "" }] }));
                setNextId((x) => x + 1);
              }}
            >
              Add key (nested mapping)
            </button>
          </div>
        </div>
      )}

      <output aria-label="Computed position" className="grid gap-1" htmlFor={`${id}-slot`}>
        {result.status === "ok" ? (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-fg-muted">Position</span>
              <code className="font-mono text-xs break-all">{result.word}</code>
              <CopyButton text={result.word} label="Copy" className="px-1 py-0 text-[10px]" />
            </span>
            <span className="text-fg-muted text-xs">= {result.formula}</span>
            <span>
              <button
                type="button"
                className="rounded bg-accent px-3 py-1 font-medium text-accent-fg"
                onClick={() => onUse(result.quantity)}
              >
                Use as position
              </button>
            </span>
          </>
        ) : (
          <span className="text-fg-muted text-xs">
            {result.status === "incomplete"
              ? form.kind === "mapping"
                ? "Enter the mapping's slot and each key to compute the entry's position."
                : "Enter the variable's slot."
              : "Fix the fields marked above."}
          </span>
        )}
      </output>
    </section>
  );
}
