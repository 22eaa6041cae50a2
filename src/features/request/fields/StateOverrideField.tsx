import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { TextInput } from "../../../components/ui/TextInput.tsx";
import { isStateOverride } from "../../../methods/param-kinds/kind.ts";
import { ACCOUNT_OVERRIDE_INFO, isSlotsField } from "../../../methods/param-kinds/state-override.ts";
import {
  ACCOUNT_OVERRIDE_FIELDS,
  type AccountOverrideField,
  type AccountOverrideValue,
  type SlotValue,
} from "../../../methods/types.ts";
import { AddFieldSelect, FieldError, type FieldProps, Help, ParamTitle } from "./FieldChrome.tsx";

type Errors = Record<string, string>;
/** Moves the focus to an element (by id) once it is rendered: after a row is added or removed. */
type FocusLater = (id: string) => void;

const PLACEHOLDER: Record<Exclude<AccountOverrideField, "state" | "stateDiff">, string> = {
  balance: "0x0 (wei)",
  nonce: "0x0",
  code: "0x6080…",
  movePrecompileToAddress: "0x… (20 bytes)",
};
const SLOTS_NOTE = { state: "replaces all storage", stateDiff: "changes these slots" } as const;

/**
 * A state override: one row per account (its address, then the fields set: balance, nonce, code,
 * state or stateDiff as slot/value rows, movePrecompileToAddress). No account: not sent.
 */
export function StateOverrideField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const accounts = raw !== undefined && isStateOverride(raw) ? raw.accounts : [];
  const id = useId();
  const [focus, setFocus] = useState<string | undefined>();
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus(undefined);
  }, [focus]);
  const setAccounts = (next: AccountOverrideValue[]) => onChange({ accounts: next });
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2 rounded border border-border p-2"
      aria-describedby={`${id}-help`}
    >
      <legend className="px-1 text-sm font-medium">
        <ParamTitle param={p} />
      </legend>
      {accounts.length === 0 && <p className="text-xs text-fg-muted">No accounts overridden: not sent.</p>}
      {accounts.map((a, i) => (
        <AccountRow
          // Rows have no identity of their own; the index is their place in the body.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          key={i}
          id={`${id}-a${i}`}
          errorKey={`${p.name}.${i}`}
          index={i}
          account={a}
          errors={errors}
          focusLater={setFocus}
          onChange={(next) => setAccounts(accounts.map((x, j) => (j === i ? next : x)))}
          onRemove={() => {
            setAccounts(accounts.filter((_, j) => j !== i));
            setFocus(`${id}-add`);
          }}
        />
      ))}
      <div>
        <Button
          id={`${id}-add`}
          onClick={() => {
            setAccounts([...accounts, { address: "" }]);
            setFocus(`${id}-a${accounts.length}-address`);
          }}
        >
          Add account
        </Button>
      </div>
      <Help id={`${id}-help`} text={p.description} />
    </fieldset>
  );
}

function AccountRow(props: {
  id: string;
  errorKey: string;
  index: number;
  account: AccountOverrideValue;
  errors: Errors;
  focusLater: FocusLater;
  onChange(next: AccountOverrideValue): void;
  onRemove(): void;
}) {
  const { id, errorKey, account: a, errors, focusLater } = props;
  const who = `Account ${props.index + 1}`;
  const addressErr = errors[`${errorKey}.address`];
  // Present fields in the order written (a pasted body's order), so the body keeps it.
  const present = Object.keys(a).filter(
    (f): f is AccountOverrideField =>
      (ACCOUNT_OVERRIDE_FIELDS as readonly string[]).includes(f) &&
      a[f as AccountOverrideField] !== undefined,
  );
  const missing = ACCOUNT_OVERRIDE_FIELDS.filter(
    (f) =>
      !present.includes(f) &&
      // state and stateDiff do not go together: only the one not chosen yet is offered.
      !(f === "state" && present.includes("stateDiff")) &&
      !(f === "stateDiff" && present.includes("state")),
  );
  const set = <F extends AccountOverrideField>(f: F, v: AccountOverrideValue[F] | undefined) => {
    const next: AccountOverrideValue = { ...a };
    if (v === undefined) delete next[f];
    else next[f] = v;
    props.onChange(next);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded border border-border p-2">
      <legend className="px-1 text-sm font-medium">{who}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-address`} className="text-sm">
          <span className="sr-only">{who} </span>address
        </label>
        <div className="flex gap-2">
          <TextInput
            id={`${id}-address`}
            type="text"
            mono
            className="w-full min-w-0"
            value={a.address}
            placeholder="0x… (20 bytes)"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={addressErr ? true : undefined}
            aria-describedby={addressErr ? `${id}-address-err` : undefined}
            onChange={(e) => props.onChange({ ...a, address: e.target.value.trim() })}
          />
          <Button
            className="shrink-0"
            aria-label={`Remove account ${props.index + 1}`}
            onClick={props.onRemove}
          >
            Remove account
          </Button>
        </div>
        <FieldError id={`${id}-address-err`} message={addressErr} />
      </div>
      {present.map((f) =>
        isSlotsField(f) ? (
          <SlotRows
            key={f}
            id={`${id}-${f}`}
            field={f}
            who={who}
            errorKey={`${errorKey}.${f}`}
            rows={a[f] ?? []}
            errors={errors}
            focusLater={focusLater}
            onChange={(rows) => set(f, rows)}
            onRemove={() => {
              set(f, undefined);
              focusLater(`${id}-add`);
            }}
          />
        ) : (
          <TextRow
            key={f}
            id={`${id}-${f}`}
            field={f}
            who={who}
            value={a[f] ?? ""}
            error={errors[`${errorKey}.${f}`]}
            onChange={(v) => set(f, v)}
            onRemove={() => {
              set(f, undefined);
              focusLater(`${id}-add`);
            }}
          />
        ),
      )}
      <AddFieldSelect
        id={`${id}-add`}
        label={`Add to ${who.toLowerCase()}`}
        missing={missing}
        wrap
        onAdd={(f) => {
          if (isSlotsField(f)) {
            set(f, [{ slot: "", value: "" }]);
            focusLater(`${id}-${f}-0`);
          } else {
            set(f, "");
            focusLater(`${id}-${f}`);
          }
        }}
      />
    </fieldset>
  );
}

function TextRow(props: {
  id: string;
  field: Exclude<AccountOverrideField, "state" | "stateDiff">;
  who: string;
  value: string;
  error: string | undefined;
  onChange(v: string): void;
  onRemove(): void;
}) {
  const { id, field: f, who, error } = props;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-mono text-sm">
        <span className="sr-only font-sans">{who} </span>
        {f}
      </label>
      <div className="flex gap-2">
        <TextInput
          id={id}
          type="text"
          mono
          className="w-full min-w-0"
          value={props.value}
          placeholder={PLACEHOLDER[f]}
          spellCheck={false}
          autoComplete="off"
          title={ACCOUNT_OVERRIDE_INFO[f].description}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => props.onChange(e.target.value.trim())}
        />
        <Button className="shrink-0" aria-label={`Remove ${who.toLowerCase()} ${f}`} onClick={props.onRemove}>
          Remove
        </Button>
      </div>
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}

function SlotRows(props: {
  id: string;
  field: "state" | "stateDiff";
  who: string;
  errorKey: string;
  rows: readonly SlotValue[];
  errors: Errors;
  focusLater: FocusLater;
  onChange(rows: SlotValue[]): void;
  onRemove(): void;
}) {
  const { id, field: f, who, rows, errors, errorKey } = props;
  const name = `${who.toLowerCase()} ${f}`;
  const update = (j: number, next: SlotValue) => props.onChange(rows.map((r, k) => (k === j ? next : r)));
  const fieldErr = errors[errorKey];
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1 rounded border border-border p-2"
      aria-describedby={`${id}-help`}
    >
      <legend className="px-1 font-mono text-sm">
        <span className="sr-only font-sans">{who} </span>
        {f} <span className="font-sans text-fg-muted text-xs">({SLOTS_NOTE[f]})</span>
      </legend>
      {rows.length === 0 && (
        <p className="text-xs text-fg-muted">
          No slots{f === "state" ? ": every slot of the account reads as zero." : "."}
        </p>
      )}
      {rows.map((r, j) => {
        const slotErr = errors[`${errorKey}.${j}.slot`];
        const valueErr = errors[`${errorKey}.${j}.value`];
        const rowId = `${id}-${j}`;
        const slotName = `${who} ${f} slot ${j + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <div key={j} className="flex flex-col gap-1">
            <div className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
              <TextInput
                id={rowId}
                type="text"
                mono
                className="w-full min-w-0"
                value={r.slot}
                placeholder="slot: 0x… (32 bytes)"
                spellCheck={false}
                autoComplete="off"
                aria-label={slotName}
                aria-invalid={slotErr ? true : undefined}
                aria-describedby={slotErr ? `${rowId}-slot-err` : undefined}
                onChange={(e) => update(j, { ...r, slot: e.target.value.trim() })}
              />
              <TextInput
                type="text"
                mono
                className="w-full min-w-0"
                value={r.value}
                placeholder="value: 0x… (32 bytes)"
                spellCheck={false}
                autoComplete="off"
                aria-label={`${slotName} value`}
                aria-invalid={valueErr ? true : undefined}
                aria-describedby={valueErr ? `${rowId}-value-err` : undefined}
                onChange={(e) => update(j, { ...r, value: e.target.value.trim() })}
              />
              <Button
                className="justify-self-start"
                aria-label={`Remove ${name} slot ${j + 1}`}
                onClick={() => {
                  props.onChange(rows.filter((_, k) => k !== j));
                  props.focusLater(`${id}-add`);
                }}
              >
                Remove
              </Button>
            </div>
            <FieldError id={`${rowId}-slot-err`} message={slotErr} />
            <FieldError id={`${rowId}-value-err`} message={valueErr} />
          </div>
        );
      })}
      <FieldError id={`${id}-err`} message={fieldErr} />
      <div className="flex flex-wrap gap-2">
        <Button
          id={`${id}-add`}
          aria-label={`Add slot to ${name}`}
          onClick={() => {
            props.onChange([...rows, { slot: "", value: "" }]);
            props.focusLater(`${id}-${rows.length}`);
          }}
        >
          Add slot
        </Button>
        <Button aria-label={`Remove ${f} from ${who.toLowerCase()}`} onClick={props.onRemove}>
          Remove {f}
        </Button>
      </div>
      <p id={`${id}-help`} className="text-xs text-fg-muted">
        {ACCOUNT_OVERRIDE_INFO[f].description} Slots and values are full 32-byte words.
      </p>
    </fieldset>
  );
}
