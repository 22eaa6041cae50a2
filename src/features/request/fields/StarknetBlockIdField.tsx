import { useId } from "react";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { isBlockId } from "../../../methods/param-kinds/kind.ts";
import { STARKNET_BLOCK_ID_FORMS } from "../../../methods/param-kinds/starknet-block-id.ts";
import { FieldError, type FieldProps, Help } from "./FieldChrome.tsx";

/** Starknet's block_id: a radio per form, and the hash or number as text when the form needs one. */
export function StarknetBlockIdField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const v = raw !== undefined && isBlockId(raw) ? raw : { form: "latest" as const, value: "" };
  const { form, value: text } = v;
  const error = errors[p.name];
  const id = useId();
  const needsText = form === "hash" || form === "number";
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-help`}>
      <legend className="text-sm font-medium">{p.label}</legend>
      <div className="flex flex-wrap gap-3" role="radiogroup" aria-label="Block ID form">
        {STARKNET_BLOCK_ID_FORMS.map((f) => (
          <label key={f.form} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={`${id}-form`}
              checked={form === f.form}
              onChange={() => onChange({ form: f.form, value: f.form === form ? text : "" })}
            />
            {f.label}
          </label>
        ))}
      </div>
      {needsText && (
        <TextInput
          type="text"
          mono
          className="w-full"
          value={text}
          aria-label={form === "hash" ? "Starknet block hash" : "Starknet block number"}
          placeholder={form === "hash" ? "0x… (a felt)" : "42"}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => onChange({ form, value: e.target.value.trim() })}
        />
      )}
      <FieldError id={`${id}-err`} message={error} />
      <Help id={`${id}-help`} text={p.description} />
    </fieldset>
  );
}
