import { type Ref, useId, useState } from "react";
import { Button } from "./Button.tsx";
import { labelClass } from "./FormField.tsx";
import { TextInput } from "./TextInput.tsx";

/**
 * The API key field: masked, with a reveal toggle. Where the key is kept is the caller's choice.
 * `problem` is said at the field (a Send without a key).
 */
export function MaskedKeyInput({
  value,
  onChange,
  problem,
  inputRef,
}: {
  value: string;
  onChange(key: string): void;
  problem?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  const problemId = `${id}-problem`;
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
        {...(inputRef ? { ref: inputRef } : {})}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <Button aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
        {revealed ? "Hide key" : "Reveal key"}
      </Button>
      {problem && (
        <p id={problemId} role="alert" className="basis-full text-sm text-bad">
          {problem}
        </p>
      )}
    </>
  );
}
