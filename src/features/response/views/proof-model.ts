/**
 * View model of the proof view: the account fields, each trie node as labelled rows, and the
 * outcome of a verification in words. The decoding and the verification themselves are in
 * src/chain/proof.ts; this only arranges them for display.
 */

import { type ChainProfile, ETHEREUM_PROFILE, formatNative } from "../../../chain/chain-profile.ts";
import {
  addressValue,
  decodeContext,
  decodeFields,
  type Field,
  type FieldSpec,
  hashValue,
  isRecord,
  otherFields,
  quantityValue,
  weiValue,
} from "../../../chain/field.ts";
import {
  type ChildRef,
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  type ProofNodeView,
  type ProofReport,
  ZERO_HASH,
} from "../../../chain/proof.ts";
import { formatDecimal, shortenHex } from "../../../chain/quantity.ts";
import { BLOCK_TAGS } from "../../../methods/types.ts";
import type { BlockHeader } from "./block-header.ts";

/** True for `latest`, `pending`, `safe`, `finalized`, `earliest`. */
export function isBlockTag(block: string): boolean {
  return (BLOCK_TAGS as readonly string[]).includes(block);
}

/** The block an `eth_getProof` request names (its third param); `latest` when it names none. */
export function proofBlockParam(params: unknown): string {
  const block = Array.isArray(params) ? params[2] : undefined;
  return typeof block === "string" && block !== "" ? block : "latest";
}

const isEmptyRoot = (v: Field["value"]) =>
  v.kind === "hash" && [EMPTY_TRIE_ROOT, ZERO_HASH].includes(v.raw.toLowerCase() as typeof ZERO_HASH);
const isEmptyCode = (v: Field["value"]) =>
  v.kind === "hash" && [EMPTY_CODE_HASH, ZERO_HASH].includes(v.raw.toLowerCase() as typeof ZERO_HASH);

const ACCOUNT: readonly FieldSpec[] = [
  { key: "address", label: "Address", decode: addressValue },
  { key: "balance", label: "Balance", decode: weiValue("native") },
  { key: "nonce", label: "Nonce", decode: quantityValue },
  {
    key: "codeHash",
    label: "Code hash",
    decode: hashValue,
    detail: (v) => (isEmptyCode(v) ? "no code: an externally owned account, or no account" : null),
  },
  {
    key: "storageHash",
    label: "Storage hash",
    decode: hashValue,
    detail: (v) =>
      isEmptyRoot(v) ? "empty storage (the root of the empty trie)" : "root of the storage trie",
  },
];

/** The account fields of an `eth_getProof` result, and the fields beyond the spec. */
export function accountFields(
  result: unknown,
  chain: ChainProfile = ETHEREUM_PROFILE,
): { fields: Field[]; other: Field[]; problems: string[] } {
  const ctx = decodeContext(isRecord(result) ? result : {}, false, chain);
  const fields = decodeFields(ACCOUNT, ctx);
  ctx.used.add("accountProof");
  ctx.used.add("storageProof");
  return { fields, other: otherFields(ctx), problems: ctx.problems };
}

/** One labelled line of a decoded trie node. */
interface NodeRow {
  label: string;
  value: string;
  /** The whole value, for the title and copy, when `value` is shortened. */
  full?: string;
}

const childText = (c: ChildRef): { value: string; full: string } =>
  c.kind === "hash"
    ? { value: `→ ${shortenHex(c.hash, 6)}`, full: c.hash }
    : { value: `embedded node ${shortenHex(c.rlp, 6)}`, full: c.rlp };

const pathText = (p: { nibbles: string; odd: boolean }) =>
  p.nibbles === ""
    ? "(empty)"
    : `${p.nibbles} (${p.nibbles.length} nibble${p.nibbles.length === 1 ? "" : "s"}, ${p.odd ? "odd" : "even"})`;

/** A one-line summary of a node, for the line that opens its details. */
export function nodeSummary(node: ProofNodeView, index: number): string {
  const size = `${node.bytes} bytes`;
  switch (node.kind) {
    case "branch": {
      const n = node.children.filter((c) => c !== null).length;
      return `#${index + 1} branch · ${n} of 16 children${node.value ? " · value" : ""} · ${size}`;
    }
    case "extension":
      return `#${index + 1} extension · path ${node.path.nibbles || "(empty)"} · ${size}`;
    case "leaf":
      return `#${index + 1} leaf · ${node.account ? "account" : node.storageValue !== null ? "storage value" : "value"} · ${size}`;
    case "invalid":
      return `#${index + 1} not a trie node: ${node.problem}`;
  }
}

/** The fields of one decoded node as rows: children, paths, values, the account in a leaf. */
export function nodeRows(node: ProofNodeView, chain: ChainProfile = ETHEREUM_PROFILE): NodeRow[] {
  const rows: NodeRow[] = [];
  if (node.hash) rows.push({ label: "Node hash", value: shortenHex(node.hash, 6), full: node.hash });
  switch (node.kind) {
    case "branch":
      node.children.forEach((c, i) => {
        if (c) rows.push({ label: `Child ${i.toString(16)}`, ...childText(c) });
      });
      rows.push(
        node.value
          ? { label: "Value", value: shortenHex(node.value, 8), full: node.value }
          : { label: "Value", value: "(none)" },
      );
      break;
    case "extension":
      rows.push({ label: "Shared path", value: pathText(node.path) });
      rows.push(node.next ? { label: "Next", ...childText(node.next) } : { label: "Next", value: "(none)" });
      break;
    case "leaf":
      rows.push({ label: "Key end (path)", value: pathText(node.path) });
      if (node.account) {
        const a = node.account;
        rows.push({ label: "Account nonce", value: formatDecimal(a.nonce) });
        rows.push({ label: "Account balance", value: formatNative(a.balance, chain.currency) });
        rows.push({ label: "Storage root", value: shortenHex(a.storageRoot, 6), full: a.storageRoot });
        rows.push({ label: "Code hash", value: shortenHex(a.codeHash, 6), full: a.codeHash });
      } else if (node.storageValue !== null) {
        rows.push({ label: "Stored value", value: formatDecimal(node.storageValue) });
      }
      rows.push({ label: "Value (RLP)", value: shortenHex(node.value, 8), full: node.value });
      break;
    case "invalid":
      rows.push({ label: "Problem", value: node.problem });
      break;
  }
  return rows;
}

/** One proof's verdict, for a row of the verification result. */
interface VerdictRow {
  name: string;
  ok: boolean;
  /** `"Verified"` or `"Failed: <reason>"`. */
  verdict: string;
  reason: string;
}

/** A verification in words: one row per proof, what it was checked against, and a caveat. */
export interface VerificationView {
  ok: boolean;
  rows: VerdictRow[];
  /** `Checked against the state root 0x… of block 10 (0x…).` */
  against: string;
  /** Said when the request named a tag, whose block may have moved between the two requests. */
  caveat: string | null;
}

/** Arranges a {@link ProofReport} for display. */
export function verificationView(report: ProofReport, block: string, header: BlockHeader): VerificationView {
  const row = (name: string, r: { ok: boolean; reason: string }): VerdictRow => ({
    name,
    ok: r.ok,
    verdict: r.ok ? "Verified" : `Failed: ${r.reason}`,
    reason: r.reason,
  });
  const rows = [
    row("Account proof", report.account),
    ...report.storage.map((s, i) => row(`Storage proof ${i + 1} (key ${shortenHex(s.key, 6)})`, s)),
  ];
  const number = header.number === null ? "" : ` ${formatDecimal(header.number)}`;
  const named = isBlockTag(block) ? ` (the "${block}" block at the time of the check)` : "";
  const hash = header.hash ? `, hash ${header.hash}` : "";
  return {
    ok: report.ok,
    rows,
    against: `Checked against the state root ${header.stateRoot} of block${number}${named}${hash}.`,
    caveat: isBlockTag(block)
      ? `The request named the tag "${block}": the header was fetched after the proof. If the chain moved in between, the state root is of a newer block and the account proof fails although it is right; send the proof with a block number to avoid that.`
      : null,
  };
}

/**
 * Params of `eth_getStorageAt` that read a proven slot directly: the key as a quantity (the
 * position field takes no leading zeros), at the block the proof named.
 */
export function storageAtParams(
  address: string,
  key: string,
  block: string,
): [string, string, string] | null {
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(key) || address === "") return null;
  return [address, `0x${BigInt(key).toString(16)}`, block];
}
