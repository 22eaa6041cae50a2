import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { BLOCK_OVERRIDE_INFO } from "../../../methods/param-kinds/block-override.ts";
import { isBlockOverride } from "../../../methods/param-kinds/kind.ts";
import {
  BLOCK_OVERRIDE_FIELDS,
  type BlockOverrideField as BlockField,
  type BlockOverrideValue,
} from "../../../methods/types.ts";
import { AddFieldSelect, FieldError, type FieldProps, Help, ParamTitle } from "./FieldChrome.tsx";

const PLACEHOLDER = {
  quantity: "0x0",
  uint64: "0x0",
  address: "0x… (20 bytes)",
  hash32: "0x… (32 bytes)",
} as const;

/** A block override: fields of the block context, added and removed as needed (none: not sent). */
export function BlockOverrideField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const value: BlockOverrideValue = raw !== undefined && isBlockOverride(raw) ? raw : {};
  const id = useId();
  const [focus, setFocus] = useState<string | undefined>();
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus(undefined);
  }, [focus]);
  // Present fields in the order written (a pasted body's order), so the body keeps it.
  const present = Object.keys(value).filter(
    (f): f is BlockField =>
      (BLOCK_OVERRIDE_FIELDS as readonly string[]).includes(f) && value[f as BlockField] !== undefined,
  );
  const missing = BLOCK_OVERRIDE_FIELDS.filter((f) => !present.includes(f));
  const setField = (f: BlockField, v: string | undefined) => {
    const next: BlockOverrideValue = { ...value };
    if (v === undefined) delete next[f];
    else next[f] = v;
    onChange(next);
  };
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2 rounded border border-border p-2"
      aria-describedby={`${id}-help`}
    >
      <legend className="px-1 text-sm font-medium">
        <ParamTitle param={p} />
      </legend>
      {present.length === 0 && <p className="text-xs text-fg-muted">No block fields overridden: not sent.</p>}
      {present.map((f) => {
        const fid = `${id}-${f}`;
        const err = errors[`${p.name}.${f}`];
        const info = BLOCK_OVERRIDE_INFO[f];
        return (
          <div key={f} className="flex flex-col gap-1">
            <label htmlFor={fid} className="font-mono text-sm">
              {f}
            </label>
            <div className="flex gap-2">
              <TextInput
                id={fid}
                type="text"
                mono
                className="w-full min-w-0"
                value={value[f] ?? ""}
                placeholder={PLACEHOLDER[info.kind]}
                spellCheck={false}
                autoComplete="off"
                title={info.description}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${fid}-err` : undefined}
                onChange={(e) => setField(f, e.target.value.trim())}
              />
              <Button
                aria-label={`Remove block override ${f}`}
                onClick={() => {
                  setField(f, undefined);
                  setFocus(`${id}-add`);
                }}
              >
                Remove
              </Button>
            </div>
            <FieldError id={`${fid}-err`} message={err} />
          </div>
        );
      })}
      <AddFieldSelect
        id={`${id}-add`}
        label="Add block field"
        missing={missing}
        onAdd={(f) => {
          setField(f, "");
          setFocus(`${id}-${f}`);
        }}
      />
      <Help id={`${id}-help`} text={p.description} />
    </fieldset>
  );
}
