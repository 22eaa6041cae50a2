import { useId } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { CALL_FIELD_INFO } from "../../../methods/param-kinds/call-object.ts";
import { isCall } from "../../../methods/param-kinds/kind.ts";
import { CALL_FIELDS, type CallField, type CallObjectValue } from "../../../methods/types.ts";
import { AddFieldSelect, FieldError, type FieldProps, Help } from "./FieldChrome.tsx";

/** A transaction call object: `to` always, the other fields added and removed as needed. */
export function CallObjectField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const value = raw !== undefined && isCall(raw) ? raw : { to: "" };
  const id = useId();
  const present = CALL_FIELDS.filter((f) => f === "to" || value[f] !== undefined);
  const missing = CALL_FIELDS.filter((f) => !present.includes(f));
  const setField = (f: CallField, v: string | undefined) => {
    const next: CallObjectValue = { ...value };
    if (v === undefined) delete next[f];
    else next[f] = v;
    onChange(next);
  };
  return (
    <fieldset
      className="flex flex-col gap-2 rounded border border-border p-2"
      aria-describedby={`${id}-help`}
    >
      <legend className="px-1 text-sm font-medium">{p.label}</legend>
      {present.map((f) => {
        const fid = `${id}-${f}`;
        const err = errors[`${p.name}.${f}`];
        const info = CALL_FIELD_INFO[f];
        return (
          <div key={f} className="flex flex-col gap-1">
            <label htmlFor={fid} className="font-mono text-sm">
              {f}
              {f === "to" && <span className="ml-1 font-sans text-fg-muted">(empty: contract creation)</span>}
            </label>
            <div className="flex gap-2">
              <TextInput
                id={fid}
                type="text"
                mono
                className="w-full"
                value={value[f] ?? ""}
                placeholder={info.kind === "address" ? "0x… (20 bytes)" : info.kind === "data" ? "0x" : "0x0"}
                spellCheck={false}
                autoComplete="off"
                title={info.description}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${fid}-err` : undefined}
                onChange={(e) => setField(f, e.target.value.trim())}
              />
              {f !== "to" && (
                <Button aria-label={`Remove ${f}`} onClick={() => setField(f, undefined)}>
                  Remove
                </Button>
              )}
            </div>
            <FieldError id={`${fid}-err`} message={err} />
          </div>
        );
      })}
      <AddFieldSelect id={`${id}-add`} label="Add field" missing={missing} onAdd={(f) => setField(f, "")} />
      <Help id={`${id}-help`} text={p.description} />
    </fieldset>
  );
}
