import { type Ref, useId, useState } from "react";

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
      <label htmlFor={id} className="text-sm text-fg-muted">
        API key
      </label>
      <input
        id={id}
        type={revealed ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        className="w-56 rounded border border-border bg-surface px-2 py-1 font-mono text-sm"
        placeholder="paste your key"
        ref={inputRef}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <button
        type="button"
        className="rounded border border-border px-2 py-1 text-xs"
        aria-pressed={revealed}
        onClick={() => setRevealed((r) => !r)}
      >
        {revealed ? "Hide key" : "Reveal key"}
      </button>
      {problem && (
        <p id={problemId} role="alert" className="basis-full text-sm text-bad">
          {problem}
        </p>
      )}
    </>
  );
}
