import { type Ref, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { Button } from "./Button.tsx";
import { labelClass } from "./FormField.tsx";
import { TextInput } from "./TextInput.tsx";

type KeyLink = { url: string; text: string };

/** Where a reader gets a key: a link of its own tab. */
function GetKeyLink({ link }: { link: KeyLink }) {
  return (
    <a className="text-sm text-link underline" href={link.url} target="_blank" rel="noopener noreferrer">
      {link.text}
    </a>
  );
}

/**
 * The API key field: masked, with a reveal toggle. Where the key is kept is the caller's choice.
 * `label` names the field ("API key", or what the provider calls its key); `getKey` is where a
 * reader gets one, shown beside the field and with `problem` (said at the field: a Send without a key).
 */
export function MaskedKeyInput({
  value,
  onChange,
  problem,
  inputRef,
  label = "API key",
  getKey,
}: {
  value: string;
  onChange(key: string): void;
  problem?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
  getKey?: KeyLink | undefined;
}) {
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  // Uncontrolled on purpose: React mirrors a controlled input's value into its `value` attribute,
  // where any script or extension reading the DOM (outerHTML, a selector on [value]) finds the key.
  // The key is written to the element's property only, and read back from it on input.
  const own = useRef<HTMLInputElement | null>(null);
  const setRefs = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof inputRef === "function") inputRef(el);
      else if (inputRef) inputRef.current = el;
    },
    [inputRef],
  );
  useLayoutEffect(() => {
    const el = own.current;
    if (el && el.value.trim() !== value) el.value = value;
  }, [value]);
  const problemId = `${id}-problem`;
  return (
    <>
      <label htmlFor={id} className={labelClass.sm}>
        {label}
      </label>
      <TextInput
        id={id}
        type={revealed ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        mono
        className="w-56"
        placeholder="paste your key"
        ref={setRefs}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <Button aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
        {revealed ? "Hide key" : "Reveal key"}
      </Button>
      {getKey && !problem && <GetKeyLink link={getKey} />}
      {problem && (
        <p id={problemId} role="alert" className="basis-full text-sm text-bad">
          {problem} {getKey && <GetKeyLink link={getKey} />}
        </p>
      )}
    </>
  );
}
