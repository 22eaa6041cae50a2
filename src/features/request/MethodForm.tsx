import { useId } from "react";
import { CALL_FIELD_INFO } from "../../methods/param-kinds/call-object.ts";
import { isBlockId, isCall } from "../../methods/param-kinds/kind.ts";
import { STARKNET_BLOCK_ID_FORMS } from "../../methods/param-kinds/starknet-block-id.ts";
import {
  BLOCK_TAGS,
  CALL_FIELDS,
  type CallField,
  type CallObjectValue,
  type FieldValue,
  type FormValues,
  type MethodDef,
  type ParamDef,
  type StarknetBlockIdForm,
} from "../../methods/types.ts";

type Props = {
  def: MethodDef;
  values: FormValues;
  onChange(values: FormValues): void;
  /** Problems keyed by param name, `param.field` or `param.row` (methods/param-types.ts). */
  errors?: Record<string, string>;
};

const input =
  "w-full rounded border border-border bg-surface px-2 py-1 font-mono text-sm aria-[invalid=true]:border-bad";
const smallButton = "rounded border border-border px-2 py-0.5 text-xs hover:bg-surface-muted";

/** The form of one method, generated from its definition: one field per param, each with its message. */
export function MethodForm({ def, values, onChange, errors = {} }: Props) {
  const set = (name: string, v: FieldValue) => onChange({ ...values, [name]: v });
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={`${def.name} params`}
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      {def.params.map((p) => (
        <ParamField
          key={p.name}
          param={p}
          value={values[p.name]}
          onChange={(v) => set(p.name, v)}
          errors={errors}
        />
      ))}
    </form>
  );
}

function ParamField(props: {
  param: ParamDef;
  value: FieldValue | undefined;
  onChange(v: FieldValue): void;
  errors: Record<string, string>;
}) {
  const { param: p, value, onChange, errors } = props;
  switch (p.kind) {
    case "bool":
      return <BoolField param={p} value={value === true} onChange={onChange} error={errors[p.name]} />;
    case "storageKeys":
      return (
        <StorageKeysField
          param={p}
          rows={Array.isArray(value) ? value : []}
          onChange={onChange}
          errors={errors}
        />
      );
    case "callObject":
      return (
        <CallObjectField
          param={p}
          value={value !== undefined && isCall(value) ? value : { to: "" }}
          onChange={onChange}
          errors={errors}
        />
      );
    case "starknetBlockId": {
      const v = value !== undefined && isBlockId(value) ? value : { form: "latest" as const, value: "" };
      return (
        <StarknetBlockIdField
          param={p}
          form={v.form}
          text={v.value}
          onChange={onChange}
          error={errors[p.name]}
        />
      );
    }
    default:
      return (
        <TextField
          param={p}
          value={typeof value === "string" ? value : ""}
          onChange={onChange}
          error={errors[p.name]}
          tags={p.kind === "blockParam" || p.kind === "blockParamOrDecimal" ? BLOCK_TAGS : undefined}
        />
      );
  }
}

const PLACEHOLDER: Partial<Record<ParamDef["kind"], string>> = {
  address: "0x… (20 bytes)",
  hash32: "0x… (32 bytes)",
  quantity: "0x0",
  blockParam: "latest, or 0x1b4",
  blockParamOrDecimal: "latest, 0x1b4 or 436",
};

function Label({ htmlFor, param }: { htmlFor: string; param: ParamDef }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium">
      {param.label}
      {!param.required && <span className="ml-1 font-normal text-fg-muted">(optional)</span>}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-bad" data-testid="field-error">
      {message}
    </p>
  );
}

function Help({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-xs text-fg-muted">
      {text.replace(/`/g, "")}
    </p>
  );
}

function TextField(props: {
  param: ParamDef;
  value: string;
  onChange(v: string): void;
  error: string | undefined;
  tags: readonly string[] | undefined;
}) {
  const { param: p, value, onChange, error, tags } = props;
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} param={p} />
      <input
        id={id}
        type="text"
        className={input}
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
            <button
              key={t}
              type="button"
              aria-pressed={value === t}
              className={`${smallButton} font-mono aria-pressed:bg-accent aria-pressed:text-accent-fg`}
              onClick={() => onChange(t)}
            >
              {t}
            </button>
          ))}
        </fieldset>
      )}
      <FieldError id={`${id}-err`} message={error} />
      <Help id={`${id}-help`} text={p.description} />
    </div>
  );
}

function BoolField(props: {
  param: ParamDef;
  value: boolean;
  onChange(v: boolean): void;
  error: string | undefined;
}) {
  const { param: p, value, onChange, error } = props;
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={value}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <Label htmlFor={id} param={p} />
      </div>
      <FieldError id={`${id}-err`} message={error} />
      <Help id={`${id}-help`} text={p.description} />
    </div>
  );
}

function StorageKeysField(props: {
  param: ParamDef;
  rows: string[];
  onChange(v: string[]): void;
  errors: Record<string, string>;
}) {
  const { param: p, rows, onChange, errors } = props;
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
              <input
                id={rowId}
                type="text"
                className={input}
                value={row}
                placeholder="0x0, or a 32-byte key"
                spellCheck={false}
                autoComplete="off"
                aria-label={`Storage key ${i + 1}`}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${rowId}-err` : undefined}
                onChange={(e) => update(i, e.target.value.trim())}
              />
              <button
                type="button"
                className={smallButton}
                aria-label={`Remove storage key ${i + 1}`}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
            <FieldError id={`${rowId}-err`} message={err} />
          </div>
        );
      })}
      <div>
        <button type="button" className={smallButton} onClick={() => onChange([...rows, "0x0"])}>
          Add storage key
        </button>
      </div>
      <Help
        id={`${id}-help`}
        text={`${p.description} Short keys such as 0x0 are padded to 32 bytes when sent.`}
      />
    </fieldset>
  );
}

function CallObjectField(props: {
  param: ParamDef;
  value: CallObjectValue;
  onChange(v: CallObjectValue): void;
  errors: Record<string, string>;
}) {
  const { param: p, value, onChange, errors } = props;
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
              <input
                id={fid}
                type="text"
                className={input}
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
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Remove ${f}`}
                  onClick={() => setField(f, undefined)}
                >
                  Remove
                </button>
              )}
            </div>
            <FieldError id={`${fid}-err`} message={err} />
          </div>
        );
      })}
      {missing.length > 0 && (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-add`} className="text-xs text-fg-muted">
            Add field
          </label>
          <select
            id={`${id}-add`}
            className="rounded border border-border bg-surface px-1 py-0.5 font-mono text-xs"
            value=""
            onChange={(e) => {
              const f = e.target.value as CallField;
              if (f) setField(f, "");
            }}
          >
            <option value="">choose…</option>
            {missing.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
      )}
      <Help id={`${id}-help`} text={p.description} />
    </fieldset>
  );
}

function StarknetBlockIdField(props: {
  param: ParamDef;
  form: StarknetBlockIdForm;
  text: string;
  onChange(v: FieldValue): void;
  error: string | undefined;
}) {
  const { param: p, form, text, onChange, error } = props;
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
        <input
          type="text"
          className={input}
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
