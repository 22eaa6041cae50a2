import type {
  BlockOverrideValue,
  CallObjectValue,
  FieldValue,
  ParamDef,
  StarknetBlockIdValue,
  StateOverrideValue,
} from "../types.ts";

/** Problems keyed by the param name (or `name.field`, `name.row`); each message says how to fix it. */
export type Problems = Record<string, string>;
export type FromWire = { ok: true; value: FieldValue } | { ok: false; message: string };
export type JsonSchema = Record<string, unknown>;

/**
 * Everything about one param kind: its empty value, its validation (a message that says what is
 * wrong and how to fix it), its wire form, how a body's value comes back into the form, and its
 * JSON Schema for the editor. The field that edits it is in src/features/request/fields.
 */
export type ParamKindDef = {
  /** The value of a fresh, empty field (a new one each call: forms edit it). */
  empty(): FieldValue;
  /** Whether the value counts as unset: an optional param is then neither checked nor sent. */
  isEmpty(v: FieldValue): boolean;
  /** The problem of the param as a whole; rows and fields put their own problems into `out`. */
  check(p: ParamDef, v: FieldValue, out: Problems): string | undefined;
  /** The value as it goes into the body. Values that do not validate go as typed, so the body shows them. */
  toWire(v: FieldValue): unknown;
  /**
   * A body's value back into the form. Lenient on purpose: a value of the right JSON type comes in
   * even when it does not validate, so the form can show it with its message. Only a value the
   * field cannot hold (an object for an address) is refused.
   */
  fromWire(p: ParamDef, w: unknown): FromWire;
  /** The JSON Schema of the param (draft-07, with Monaco's markdownDescription and defaultSnippets). */
  schema(p: ParamDef): JsonSchema;
  /**
   * What an unset optional param goes on the wire as when a later param is set (positional
   * params leave no holes). Without it, its empty value's wire form.
   */
  gap?(): unknown;
};

/** A set of named text fields (a call object, a block override): neither a block id nor a state override. */
const isFieldSet = (v: FieldValue): v is CallObjectValue | BlockOverrideValue =>
  typeof v === "object" && !Array.isArray(v) && !("form" in v) && !("accounts" in v);
export const isCall = (v: FieldValue): v is CallObjectValue => isFieldSet(v);
export const isBlockOverride = (v: FieldValue): v is BlockOverrideValue => isFieldSet(v);
export const isBlockId = (v: FieldValue): v is StarknetBlockIdValue =>
  typeof v === "object" && !Array.isArray(v) && "form" in v;
export const isStateOverride = (v: FieldValue): v is StateOverrideValue =>
  typeof v === "object" && !Array.isArray(v) && "accounts" in v && Array.isArray(v.accounts);

/**
 * Empty text, a set of fields with none set, or a state override with no account; a flag, a list
 * of rows or a block id is never empty.
 */
export function isBlank(v: FieldValue): boolean {
  if (typeof v === "string") return v === "";
  if (Array.isArray(v)) return false;
  if (isStateOverride(v)) return v.accounts.length === 0;
  if (isFieldSet(v)) return Object.values(v).every((x) => x === undefined || x === "");
  return false;
}

/** "beyond the service spec; accepted by …" for a param the spec does not list, else undefined. */
export const beyondSpecNote = (p: ParamDef): string | undefined =>
  p.beyondSpec ? `beyond the service spec; ${p.beyondSpec}` : undefined;

/** The check of a text kind: a value that is not text is refused as such. */
export const checkText = (v: FieldValue, check: (s: string) => string | undefined): string | undefined =>
  typeof v === "string" ? check(v) : "must be text.";

/** The refusal of a body's value the field cannot hold. */
export const refuse = (p: ParamDef, what: string): FromWire => ({
  ok: false,
  message: `${p.label} must be ${what}.`,
});

/** A body's string comes in as typed. */
export const stringFromWire = (p: ParamDef, w: unknown): FromWire =>
  typeof w === "string" ? { ok: true, value: w } : refuse(p, "a string");

/** Text goes on the wire as typed. */
export const asTyped = (v: FieldValue): unknown => v;

export const hexPattern = (digits: number) => `^0x[0-9a-fA-F]{${digits}}$`;
export const QUANTITY_SCHEMA = { type: "string", pattern: "^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$" };

export function describeParam(
  p: ParamDef,
  extra = "",
): { title: string; markdownDescription: string; description: string } {
  const notes = [p.required ? undefined : "optional", beyondSpecNote(p)].filter(Boolean);
  const text = `**${p.label}**${notes.length ? ` (${notes.join(", ")})` : ""}: ${p.description}${extra}`;
  return { title: p.label, markdownDescription: text, description: text.replace(/\*\*/g, "") };
}

/** The param's examples, in their wire form and each once, as the editor's snippets. */
export function snippets(p: ParamDef, toWire: (v: FieldValue) => unknown): JsonSchema {
  const values = [p.example, ...(p.examples ?? [])].map(toWire);
  const unique = [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
  return { defaultSnippets: unique.map((body) => ({ label: JSON.stringify(body), body })) };
}

/** A fixed number of bytes in hex (an address, a hash), typed as text and sent as typed. */
export function fixedHexKind(bytes: number, check: (s: string) => string | undefined): ParamKindDef {
  return {
    empty: () => "",
    isEmpty: isBlank,
    check: (_p, v) => checkText(v, check),
    toWire: asTyped,
    fromWire: stringFromWire,
    schema: (p) => ({
      type: "string",
      pattern: hexPattern(bytes * 2),
      ...describeParam(p, `\n\n${bytes} bytes: 0x and ${bytes * 2} hex digits.`),
      ...snippets(p, asTyped),
    }),
  };
}
