/**
 * What a chain family adds to the common Ethereum model: its transaction types (name, meaning,
 * fields left out by design), its extra block / transaction / receipt fields (label, unit), how a
 * fee is made up, and which figures it makes meaningless. One family is one data file beside this
 * one (`families/<id>.ts`), listed in `families/index.ts`. Pure data and functions: no React.
 */

/** The families the catalog's networks belong to. */
export const FAMILY_IDS = [
  "ethereum",
  "op-stack",
  "arbitrum",
  "zksync",
  "polygon-pos",
  "bsc",
  "avalanche",
  "celo",
  "linea",
  "scroll",
  "starknet",
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/** How a chain field is shown. */
export type ChainFieldUnit =
  /** An amount of the network's native coin, in its smallest unit (wei). */
  | "native"
  /** A price per gas in wei, shown in gwei. */
  | "gwei"
  /** A plain number (gas, a block number, a count, a scalar). */
  | "quantity"
  /** A 32-byte hash or root. */
  | "hash"
  | "address"
  /** Hex data of any length. */
  | "data"
  /** Unix seconds. */
  | "timestamp"
  | "boolean"
  /** A string as it came (a decimal scalar such as OP's `l1FeeScalar` "0.684"). */
  | "text"
  /** An array (zkSync's `l2ToL1Logs`). */
  | "list";

/** One field a family adds: its label, how to show it, and a line for the hover. */
export interface ChainFieldSpec {
  label: string;
  unit: ChainFieldUnit;
  /** What the field means, for the hover (`title`). */
  hint?: string;
}

/** A transaction type a family defines (or a kind of transaction it marks without a type code). */
export interface TxTypeSpec {
  /** The type byte; null for a kind recognized by its fields (Polygon's state sync). */
  code: number | null;
  /** Short name: `"deposit"`, `"Arbitrum internal"`. */
  name: string;
  /** What it is, for the hover. */
  description: string;
  /** Fields the common model lists that this type leaves out by design (no signature on a deposit). */
  absent?: readonly string[];
}

/** A receipt's fee split as the chain charges it; amounts in wei of the native coin. */
export interface FeeParts {
  /** The execution (L2) part: gas used × effective gas price, less any L1 part counted in it. */
  l2: bigint | null;
  /** The part paid for publishing on L1 (OP-stack and Scroll `l1Fee`, Arbitrum's `gasUsedForL1`). */
  l1: bigint | null;
  /** Any other part the chain charges (OP-stack's operator fee). */
  other: { label: string; amount: bigint } | null;
  /** What the sender paid in all, or null when a part is unknown. */
  total: bigint | null;
  /** How the chain makes the fee up, in a sentence (shown beside the figures). */
  note: string;
  /**
   * The fee was paid in a token, not the native coin (Celo's `feeCurrency`): its address. The
   * amounts are then in that token's units.
   */
  feeCurrency?: string;
}

/** A chain family: one per file, listed in `families/index.ts`. */
export interface ChainFamily {
  id: FamilyId;
  /** `"OP Stack"`, `"Arbitrum"`: names the family's section in a view. */
  name: string;
  /** The transaction types the family adds (Ethereum's are everyone's). */
  txTypes: readonly TxTypeSpec[];
  /** Recognizes a transaction the family marks by its fields rather than its type byte. */
  classify?: (tx: Readonly<Record<string, unknown>>) => TxTypeSpec | null;
  blockFields: Readonly<Record<string, ChainFieldSpec>>;
  txFields: Readonly<Record<string, ChainFieldSpec>>;
  receiptFields: Readonly<Record<string, ChainFieldSpec>>;
  /** Fields of the common block model a block of this family may leave out. */
  blockMayOmit?: readonly string[];
  /** Fields of the common receipt model a receipt of this family may leave out. */
  receiptMayOmit?: readonly string[];
  /**
   * Why the block's gas limit bounds nothing (so "gas used, % of the limit" means nothing), or
   * null when it is a real limit.
   */
  symbolicGasLimit?: (block: Readonly<Record<string, unknown>>) => string | null;
  /** The receipt's fee in parts; absent: gas used × effective gas price, as on Ethereum. */
  receiptFee?: (receipt: Readonly<Record<string, unknown>>) => FeeParts;
}
