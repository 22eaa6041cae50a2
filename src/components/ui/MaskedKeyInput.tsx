import { useId, useState } from "react";
import { Button } from "./Button.tsx";
import { labelClass } from "./FormField.tsx";
import { TextInput } from "./TextInput.tsx";

/** The API key field: masked, with a reveal toggle. Where the key is kept is the caller's choice. */
export function MaskedKeyInput({ value, onChange }: { value: string; onChange(key: string): void }) {
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClass.sm}>
        API key
      </label>
      <TextInput
        id={id}
        type={revealed ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        mono
        className="w-56"
        placeholder="paste your key"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <Button aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
        {revealed ? "Hide key" : "Reveal key"}
      </Button>
    </>
  );
}
