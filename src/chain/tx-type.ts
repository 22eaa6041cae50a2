/**
 * Transaction types (EIP-2718 envelopes) by name: Ethereum's, and the ones a chain family adds
 * (`families/`). A type nobody defined shows its hex and number, never a borrowed name.
 */
import { ethereum } from "./families/ethereum.ts";
import type { ChainFamily, TxTypeSpec } from "./families/types.ts";
import { parseQuantity } from "./quantity.ts";

/** A transaction type decoded for display. */
export interface TxType {
  /** The type number, or null when the field is missing or not a quantity. */
  code: bigint | null;
  /** `"legacy"`, `"EIP-1559"`, `"deposit"`, `"type 0x6a (106)"`; for a bad value, `"invalid type …"`. */
  name: string;
  /** What a table, a badge and a field show: `"EIP-1559"`, `"deposit (OP Stack, 0x7e)"`. */
  label: string;
  /** What the type is, for a hover; null for an unknown type. */
  description: string | null;
  /** The EIP that introduced the type, or null (legacy, a family's own, unknown). */
  eip: string | null;
  /** The family's spec, when the family defines this type: what it leaves out by design. */
  spec: TxTypeSpec | null;
}

const KNOWN: ReadonlyMap<bigint, { name: string; eip: string | null; description: string }> = new Map([
  [0n, { name: "legacy", eip: null, description: "A transaction from before typed envelopes (EIP-2718)." }],
  [
    1n,
    { name: "access list (EIP-2930)", eip: "EIP-2930", description: "A transaction with an access list." },
  ],
  [
    2n,
    { name: "EIP-1559", eip: "EIP-1559", description: "A transaction with a base fee and a priority fee." },
  ],
  [
    3n,
    { name: "blob (EIP-4844)", eip: "EIP-4844", description: "A transaction that carries blobs of data." },
  ],
  [
    4n,
    {
      name: "set code (EIP-7702)",
      eip: "EIP-7702",
      description: "A transaction that sets code on accounts.",
    },
  ],
]);

const hex = (n: bigint) => `0x${n.toString(16)}`;

function ofSpec(code: bigint | null, spec: TxTypeSpec, family: ChainFamily): TxType {
  const where = spec.name.includes(family.name) ? "" : `${family.name}, `;
  const label = code === null ? `${spec.name}` : `${spec.name} (${where}${hex(code)})`;
  return { code, name: spec.name, label, description: spec.description, eip: null, spec };
}

/**
 * Decodes a `type` field for a family (Ethereum's when none is given). A missing field (answers
 * from before EIP-2718) means legacy. `tx`, when given, lets the family recognize a transaction
 * it marks by its fields (Polygon's state sync, BSC's system transactions).
 */
export function describeTxType(
  type: unknown,
  family: ChainFamily = ethereum,
  tx?: Readonly<Record<string, unknown>>,
): TxType {
  const marked = tx && family.classify ? family.classify(tx) : null;
  if (type === undefined) {
    if (marked) return ofSpec(null, marked, family);
    return {
      code: null,
      name: "legacy",
      label: "legacy",
      description: KNOWN.get(0n)?.description ?? null,
      eip: null,
      spec: null,
    };
  }
  const parsed = parseQuantity(type, { allowLeadingZeros: true });
  if (!parsed.ok) {
    const name = `invalid type ${JSON.stringify(type) ?? "?"}`;
    return { code: null, name, label: name, description: null, eip: null, spec: null };
  }
  const code = parsed.value;
  if (marked) return ofSpec(code, marked, family);
  const own = family.txTypes.find((t) => t.code !== null && BigInt(t.code) === code);
  if (own) return ofSpec(code, own, family);
  const known = KNOWN.get(code);
  if (known) return { code, ...known, label: known.name, spec: null };
  const name = `type ${hex(code)} (${code})`;
  return {
    code,
    name,
    label: name,
    description: `A type ${family.id === "ethereum" ? "Ethereum" : family.name} does not define: shown as it came.`,
    eip: null,
    spec: null,
  };
}

/**
 * Fields of the common model a transaction of this type may leave out: `type` itself (answers
 * from before EIP-2718 have none) and what its family's type leaves out by design (a deposit's
 * signature). The view model and the shape check both read it.
 */
export function omittedByDesign(type: TxType): string[] {
  return ["type", ...(type.spec?.absent ?? [])];
}

/** The name alone: `txTypeName("0x2")` → `"EIP-1559"`. */
export function txTypeName(type: unknown, family?: ChainFamily): string {
  return describeTxType(type, family).name;
}
