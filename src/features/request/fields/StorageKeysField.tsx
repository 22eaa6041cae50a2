import { useId } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { FieldError, type FieldProps, Help } from "./FieldChrome.tsx";

/** Rows of storage keys, each with its own message; rows can be added and removed. */
export function StorageKeysField({ param: p, value, onChange, errors }: FieldProps) {
  const rows = Array.isArray(value) ? value : [];
  const id = useId();
  const update = (i: number, v: string) => onChange(rows.map((r, j) => (j === i ? v : r)));
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-help`}>
      <legend className="text-sm font-medium">{p.label}</legend>
      {rows.length === 0 && (
        <p className="text-xs text-fg-muted">No storage keys: only the account is proved.</p>
      )}
      {rows.map((row, i) => {
        const err = errors[`${p.name}.${i}`];
        const rowId = `${id}-${i}`;
        return (
          // Rows have no identity of their own; the index is what the wire order is.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <div key={i} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <TextInput
                id={rowId}
                type="text"
                mono
                className="w-full"
                value={row}
                placeholder="0x0, or a 32-byte key"
                spellCheck={false}
                autoComplete="off"
                aria-label={`Storage key ${i + 1}`}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${rowId}-err` : undefined}
                onChange={(e) => update(i, e.target.value.trim())}
              />
              <Button
                aria-label={`Remove storage key ${i + 1}`}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </div>
            <FieldError id={`${rowId}-err`} message={err} />
          </div>
        );
      })}
      <div>
        <Button onClick={() => onChange([...rows, "0x0"])}>Add storage key</Button>
      </div>
      <Help
        id={`${id}-help`}
        text={`${p.description} Short keys such as 0x0 are padded to 32 bytes when sent.`}
      />
    </fieldset>
  );
}
