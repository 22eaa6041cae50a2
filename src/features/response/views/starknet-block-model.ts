/**
 * View model of the Starknet block view, on top of src/chain/starknet-block.ts: the status badge's
 * tone, the note of a pending block, the field sections, the gas price table and the requests a
 * block leads to (its parent, the previous and next block by number).
 */
import type { Field } from "../../../chain/field.ts";
import { formatDecimal } from "../../../chain/quantity.ts";
import type { StarknetBlockView, StarknetStatus } from "../../../chain/starknet-block.ts";

const STARKNET_BLOCK_METHOD = "starknet_getBlockWithTxHashes";

/** A Starknet request a view links to. Its params are an object, as the method wants. */
export interface StarknetTarget {
  method: typeof STARKNET_BLOCK_METHOD;
  params: { block_id: { block_hash: string } | { block_number: number } };
  /** Accessible name of the link. */
  label: string;
}

/** Colour of the status badge. */
export function statusTone(status: StarknetStatus | "UNKNOWN"): "ok" | "warn" | "bad" | "neutral" {
  switch (status) {
    case "ACCEPTED_ON_L1":
    case "ACCEPTED_ON_L2":
      return "ok";
    case "PENDING":
    case "PRE_CONFIRMED":
      return "warn";
    case "REJECTED":
      return "bad";
    case "UNKNOWN":
      return "neutral";
  }
}

/** What a pending or pre-confirmed block lacks, said once instead of blank rows. */
export function pendingNote(view: StarknetBlockView): string | null {
  if (!view.pending) return null;
  if (view.status === "PRE_CONFIRMED") {
    return "Pre-confirmed block (Starknet JSON-RPC 0.9): not sealed yet. It has a number, but no block hash, parent hash, new root or status until it is.";
  }
  return "Pending block: not sealed yet. It has no block hash, block number or new root until it is.";
}

const byHash = (hash: string, label: string): StarknetTarget => ({
  method: STARKNET_BLOCK_METHOD,
  params: { block_id: { block_hash: hash } },
  label,
});

const byNumber = (n: bigint, label: string): StarknetTarget => ({
  method: STARKNET_BLOCK_METHOD,
  params: { block_id: { block_number: Number(n) } },
  label,
});

/** The parent (by hash) and the neighbours by number; a pending block has no next one yet. */
export function starknetNav(view: StarknetBlockView): {
  parent: StarknetTarget | null;
  prev: StarknetTarget | null;
  next: StarknetTarget | null;
} {
  const n = view.blockNumber;
  const safe = n !== null && n <= BigInt(Number.MAX_SAFE_INTEGER) - 1n;
  return {
    parent: view.parentHash ? byHash(view.parentHash, `Open parent block ${view.parentHash}`) : null,
    prev: safe && n > 0n ? byNumber(n - 1n, `Open previous block ${formatDecimal(n - 1n)}`) : null,
    next: safe && !view.pending ? byNumber(n + 1n, `Open next block ${formatDecimal(n + 1n)}`) : null,
  };
}

/**
 * The fields to list: identity (without the status, which is the badge), the DA mode, spec 0.10's
 * commitments and counts, the protocol version. The gas prices are a table of their own.
 */
export function starknetSections(view: StarknetBlockView): { title: string; id: string; fields: Field[] }[] {
  const group = (id: string) => view.groups.find((g) => g.id === id)?.fields ?? [];
  return [
    { id: "identity", title: "Block", fields: group("identity").filter((f) => f.key !== "status") },
    {
      id: "da",
      title: "Data availability",
      fields: group("fees").filter((f) => f.key === "l1_da_mode"),
    },
    { id: "commitments", title: "Commitments", fields: group("commitments") },
    { id: "protocol", title: "Protocol", fields: group("protocol") },
  ].filter((s) => s.fields.length > 0);
}

/** One row of the gas price table. */
export interface GasPriceRow {
  key: string;
  label: string;
  /** Decimal with separators, or null when the block does not give it. */
  fri: string | null;
  friHex: string | null;
  wei: string | null;
  weiHex: string | null;
}

/** The block's gas prices (L1 gas, L1 data gas, L2 gas), in fri and wei. */
export function gasPriceRows(view: StarknetBlockView): GasPriceRow[] {
  return view.gasPrices.map((p) => ({
    key: p.key,
    label: p.label,
    fri: p.fri?.text ?? null,
    friHex: p.fri?.hex ?? null,
    wei: p.wei?.text ?? null,
    weiHex: p.wei?.hex ?? null,
  }));
}
