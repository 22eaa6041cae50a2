/** Transaction types (EIP-2718 envelopes) by name. */
import { parseQuantity } from "./quantity.ts";

/** A transaction type decoded for display. */
export interface TxType {
  /** The type number, or null when the field is missing or not a quantity. */
  code: bigint | null;
  /** `"legacy"`, `"access list (EIP-2930)"`, …, `"type 5"`; for a bad value, `"invalid type …"`. */
  name: string;
  /** The EIP that introduced the type, or null (legacy, unknown). */
  eip: string | null;
}

const KNOWN: ReadonlyMap<bigint, { name: string; eip: string | null }> = new Map([
  [0n, { name: "legacy", eip: null }],
  [1n, { name: "access list (EIP-2930)", eip: "EIP-2930" }],
  [2n, { name: "EIP-1559", eip: "EIP-1559" }],
  [3n, { name: "blob (EIP-4844)", eip: "EIP-4844" }],
  [4n, { name: "set code (EIP-7702)", eip: "EIP-7702" }],
]);

/**
 * Decodes a `type` field. A missing field (answers from before EIP-2718) means legacy; any other
 * number is shown as `"type N"`.
 */
export function describeTxType(type: unknown): TxType {
  if (type === undefined) return { code: null, name: "legacy", eip: null };
  const parsed = parseQuantity(type, { allowLeadingZeros: true });
  if (!parsed.ok) return { code: null, name: `invalid type ${JSON.stringify(type) ?? "?"}`, eip: null };
  const known = KNOWN.get(parsed.value);
  return known
    ? { code: parsed.value, ...known }
    : { code: parsed.value, name: `type ${parsed.value}`, eip: null };
}

/** The name alone: `txTypeName("0x2")` → `"EIP-1559"`. */
export function txTypeName(type: unknown): string {
  return describeTxType(type).name;
}
