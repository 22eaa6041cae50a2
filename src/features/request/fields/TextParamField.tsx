import { useId } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { BLOCK_TAGS, type ParamKind } from "../../../methods/types.ts";
import { FieldError, type FieldProps, Help, Label } from "./FieldChrome.tsx";

const PLACEHOLDER: Partial<Record<ParamKind, string>> = {
  address: "0x… (20 bytes)",
  hash32: "0x… (32 bytes)",
  quantity: "0x0",
  blockParam: "latest, or 0x1b4",
  blockParamOrDecimal: "latest, 0x1b4 or 436",
};

/** The tags a kind offers as buttons under its text. */
const TAGS: Partial<Record<ParamKind, readonly string[]>> = {
  blockParam: BLOCK_TAGS,
  blockParamOrDecimal: BLOCK_TAGS,
};

/** A param typed as one line of text (an address, a hash, a quantity, a block), kept as typed. */
export function TextParamField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const value = typeof raw === "string" ? raw : "";
  const error = errors[p.name];
  const tags = TAGS[p.kind];
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} param={p} />
      <TextInput
        id={id}
        type="text"
        mono
        className="w-full"
        value={value}
        placeholder={PLACEHOLDER[p.kind]}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-err` : ""}`}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      {tags && (
        <fieldset className="flex flex-wrap gap-1" aria-label={`${p.label} tags`}>
          {tags.map((t) => (
            <Button
              key={t}
              aria-pressed={value === t}
              className="font-mono aria-pressed:bg-accent aria-pressed:text-accent-fg"
              onClick={() => onChange(t)}
            >
              {t}
            </Button>
          ))}
        </fieldset>
      )}
      <FieldError id={`${id}-err`} message={error} />
      <Help id={`${id}-help`} text={p.description} />
    </div>
  );
}
