/**
 * `eth_getProof` (EIP-1186): each RLP trie node decoded for reading (branch, extension, leaf with
 * its hex-prefix path), and the account and storage proofs verified against a state root with
 * @ethereumjs/mpt.
 *
 * The account trie is keyed by keccak256(address) and holds RLP([nonce, balance, storageRoot,
 * codeHash]); a storage trie is keyed by keccak256(pad32(key)) and holds RLP(value).
 */

import { compactBytesToNibbles, verifyMerkleProof } from "@ethereumjs/mpt";
import { decode as rlpDecode, encode as rlpEncode } from "@ethereumjs/rlp";
import { bigIntToUnpaddedBytes, equalsBytes, KECCAK256_NULL_S, KECCAK256_RLP_S } from "@ethereumjs/util";
import type { Hex } from "viem";
import { bytesToHex, hexToBytes, isAddress, keccak256, pad } from "viem/utils";
import { ETH, formatNative, type NativeCurrency } from "./chain-profile.ts";
import { isRecord } from "./field.ts";
import { isHexData } from "./hexdata.ts";
import {
  describeJsonType,
  fail,
  formatDecimal,
  ok,
  type Parsed,
  quantityOrNull,
  shortenHex,
} from "./quantity.ts";

/** Root of the empty trie: keccak256(RLP("")). An account without storage has it as storageHash. */
export const EMPTY_TRIE_ROOT: Hex = KECCAK256_RLP_S;
/** keccak256 of empty code: the codeHash of an account without code. */
export const EMPTY_CODE_HASH: Hex = KECCAK256_NULL_S;
/** 32 zero bytes. Some nodes (Erigon) report it as codeHash and storageHash of an absent account. */
export const ZERO_HASH: Hex = `0x${"00".repeat(32)}`;

/** Where a branch or extension points: a child by hash, or a small child embedded in place. */
export type ChildRef = { kind: "hash"; hash: Hex } | { kind: "embedded"; rlp: Hex };

/** A hex-prefix (compact) encoded path of an extension or leaf. */
interface CompactPath {
  /** The path's nibbles as hex digits (`"3a7"`). */
  nibbles: string;
  /** The flag nibble: 0 extension even, 1 extension odd, 2 leaf even, 3 leaf odd. */
  flag: number;
  leaf: boolean;
  odd: boolean;
}

/** An account as stored in the state trie. */
interface AccountState {
  nonce: bigint;
  balance: bigint;
  storageRoot: Hex;
  codeHash: Hex;
}

/** One decoded proof node. `hash` is keccak256 of the node, what its parent refers to. */
export type ProofNodeView =
  | { kind: "branch"; hash: Hex; bytes: number; children: (ChildRef | null)[]; value: Hex | null }
  | { kind: "extension"; hash: Hex; bytes: number; path: CompactPath; next: ChildRef | null }
  | {
      kind: "leaf";
      hash: Hex;
      bytes: number;
      path: CompactPath;
      value: Hex;
      /** The value read as an account (4-item RLP list), when it is one. */
      account: AccountState | null;
      /** The value read as a storage word (RLP string), when it is one. */
      storageValue: bigint | null;
    }
  | { kind: "invalid"; hash: Hex | null; bytes: number; problem: string };

/** Decodes the hex-prefix encoding of a path (Yellow Paper appendix C). */
export function decodeCompactPath(encoded: Uint8Array): CompactPath | null {
  const first = encoded[0];
  if (first === undefined) return null;
  const flag = first >> 4;
  if (flag > 3) return null;
  if ((flag & 1) === 0 && (first & 0x0f) !== 0) return null;
  // compactBytesToNibbles keeps the leaf terminator (nibble 16) at the end: drop it.
  const nibbles = Array.from(compactBytesToNibbles(encoded))
    .filter((n) => n < 16)
    .map((n) => n.toString(16))
    .join("");
  return { nibbles, flag, leaf: flag >= 2, odd: (flag & 1) === 1 };
}

/** Decodes one RLP-serialized trie node of a proof; never throws. */
export function decodeProofNode(node: unknown): ProofNodeView {
  if (!isHexData(node)) return { kind: "invalid", hash: null, bytes: 0, problem: "not hex data" };
  const bytes = hexToBytes(node);
  const hash = keccak256(bytes);
  let items: unknown;
  try {
    items = rlpDecode(bytes);
  } catch (e) {
    return { kind: "invalid", hash, bytes: bytes.length, problem: `not RLP: ${(e as Error).message}` };
  }
  if (!Array.isArray(items))
    return { kind: "invalid", hash, bytes: bytes.length, problem: "RLP string, not a list" };
  if (items.length === 17) {
    const children = items.slice(0, 16).map(childRef);
    const value = items[16];
    return {
      kind: "branch",
      hash,
      bytes: bytes.length,
      children,
      value: value instanceof Uint8Array && value.length > 0 ? bytesToHex(value) : null,
    };
  }
  if (items.length === 2) {
    const [encodedPath, second] = items as unknown[];
    const path = encodedPath instanceof Uint8Array ? decodeCompactPath(encodedPath) : null;
    if (path === null) return { kind: "invalid", hash, bytes: bytes.length, problem: "bad hex-prefix path" };
    if (!path.leaf) return { kind: "extension", hash, bytes: bytes.length, path, next: childRef(second) };
    if (!(second instanceof Uint8Array)) {
      return { kind: "invalid", hash, bytes: bytes.length, problem: "leaf value is a list" };
    }
    return {
      kind: "leaf",
      hash,
      bytes: bytes.length,
      path,
      value: bytesToHex(second),
      account: readAccount(second),
      storageValue: readStorageValue(second),
    };
  }
  return {
    kind: "invalid",
    hash,
    bytes: bytes.length,
    problem: `a list of ${items.length} items (2 or 17 expected)`,
  };
}

function childRef(item: unknown): ChildRef | null {
  if (item instanceof Uint8Array) {
    if (item.length === 0) return null;
    return item.length === 32
      ? { kind: "hash", hash: bytesToHex(item) }
      : { kind: "embedded", rlp: bytesToHex(item) };
  }
  if (Array.isArray(item)) return { kind: "embedded", rlp: bytesToHex(rlpEncode(item as Uint8Array[])) };
  return null;
}

/** Reads an account from its RLP encoding, or null when it is not RLP([nonce, balance, root, codeHash]). */
function readAccount(rlp: Uint8Array): AccountState | null {
  let items: unknown;
  try {
    items = rlpDecode(rlp);
  } catch {
    return null;
  }
  if (!Array.isArray(items) || items.length !== 4) return null;
  const [nonce, balance, storageRoot, codeHash] = items as unknown[];
  if (
    !(nonce instanceof Uint8Array) ||
    !(balance instanceof Uint8Array) ||
    !(storageRoot instanceof Uint8Array) ||
    !(codeHash instanceof Uint8Array) ||
    storageRoot.length !== 32 ||
    codeHash.length !== 32 ||
    nonce.length > 8 ||
    balance.length > 32
  ) {
    return null;
  }
  return {
    nonce: bytesToBig(nonce),
    balance: bytesToBig(balance),
    storageRoot: bytesToHex(storageRoot),
    codeHash: bytesToHex(codeHash),
  };
}

function readStorageValue(rlp: Uint8Array): bigint | null {
  try {
    const item = rlpDecode(rlp);
    return item instanceof Uint8Array && item.length <= 32 ? bytesToBig(item) : null;
  } catch {
    return null;
  }
}

function bytesToBig(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

/** The outcome of verifying the account part of a proof. */
interface AccountProofResult {
  ok: boolean;
  /** Why it holds or fails, for people. */
  reason: string;
  /** Whether the trie has the account (false: a valid exclusion proof). Absent when unverified. */
  exists?: boolean;
  /** The account as proven by the trie (absent when the proof does not verify or the account does not exist). */
  account?: AccountState;
}

/** The outcome of verifying one storage proof. */
interface StorageProofResult {
  ok: boolean;
  reason: string;
  /** The value as proven by the trie (0 for a valid exclusion proof). Absent when unverified. */
  value?: bigint;
}

/**
 * Verifies the account proof of an `eth_getProof` result against `stateRoot` (the block's
 * `stateRoot`): the nodes must lead from the root along keccak256(address), and the account they
 * prove must equal the answer's `nonce`, `balance`, `storageHash` and `codeHash`. An exclusion
 * proof is valid when the answer reports the empty account.
 */
export async function verifyAccountProof(
  stateRoot: string,
  address: string,
  proof: unknown,
): Promise<AccountProofResult> {
  if (!isHash(stateRoot)) return { ok: false, reason: "the state root is not 32 bytes of hex" };
  if (!isAddress(address, { strict: false })) return { ok: false, reason: "not a 20-byte address" };
  if (!isRecord(proof))
    return { ok: false, reason: `expected a proof object, got ${describeJsonType(proof)}` };
  if (typeof proof.address === "string" && proof.address.toLowerCase() !== address.toLowerCase()) {
    return { ok: false, reason: `the answer is for ${proof.address}, not ${address}` };
  }
  const nodes = parseNodes(proof.accountProof);
  if (!nodes.ok) return { ok: false, reason: `accountProof: ${nodes.error}` };
  const claimed = claimedAccount(proof);
  if (!claimed.ok) return { ok: false, reason: claimed.error };
  const key = hexToBytes(keccak256(address.toLowerCase() as Hex));

  const proven = await provenValue(stateRoot, key, nodes.value, "state root");
  if (!proven.ok) return { ok: false, reason: proven.error };
  if (proven.value === null) {
    const c = claimed.value;
    const empty =
      c.nonce === 0n &&
      c.balance === 0n &&
      (c.codeHash === EMPTY_CODE_HASH || c.codeHash === ZERO_HASH) &&
      (c.storageHash === EMPTY_TRIE_ROOT || c.storageHash === ZERO_HASH);
    return empty
      ? {
          ok: true,
          exists: false,
          reason: "the account does not exist at this state root (exclusion proof), as answered",
        }
      : {
          ok: false,
          exists: false,
          reason: "the proof shows no such account, but the answer reports a non-empty one",
        };
  }
  const account = readAccount(proven.value);
  if (account === null) return { ok: false, exists: true, reason: "the proven leaf is not an account" };
  const c = claimed.value;
  const mismatches: string[] = [];
  if (account.nonce !== c.nonce) mismatches.push(`nonce ${account.nonce} ≠ ${c.nonce}`);
  if (account.balance !== c.balance) mismatches.push(`balance ${account.balance} ≠ ${c.balance}`);
  if (account.storageRoot !== c.storageHash)
    mismatches.push(`storageHash ${shortenHex(account.storageRoot)} ≠ ${shortenHex(c.storageHash)}`);
  if (account.codeHash !== c.codeHash)
    mismatches.push(`codeHash ${shortenHex(account.codeHash)} ≠ ${shortenHex(c.codeHash)}`);
  if (mismatches.length > 0) {
    return {
      ok: false,
      exists: true,
      account,
      reason: `the proven account differs from the answer: ${mismatches.join("; ")}`,
    };
  }
  return {
    ok: true,
    exists: true,
    account,
    reason: `the account is in the state trie with nonce ${account.nonce} and balance ${formatNative(account.balance, ETH)} (in wei ${account.balance}), as answered`,
  };
}

/**
 * Verifies one storage proof against the account's `storageHash`: the nodes must lead from it
 * along keccak256(pad32(key)) to RLP(value), or prove the key absent when the value is 0. An empty
 * proof is valid only for value 0 against the empty trie root.
 */
export async function verifyStorageProof(
  storageHash: string,
  key: string,
  value: unknown,
  proof: unknown,
): Promise<StorageProofResult> {
  if (!isHash(storageHash)) return { ok: false, reason: "the storage hash is not 32 bytes of hex" };
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(key))
    return { ok: false, reason: "the key is not hex of at most 32 bytes" };
  const claimed = quantityOrNull(value);
  if (claimed === null) return { ok: false, reason: "the value is not a hex quantity" };
  const nodes = parseNodes(proof);
  if (!nodes.ok) return { ok: false, reason: `proof: ${nodes.error}` };
  if (nodes.value.length === 0) {
    if (storageHash.toLowerCase() !== EMPTY_TRIE_ROOT) {
      return {
        ok: false,
        reason: "an empty proof proves nothing unless the storage hash is the empty trie root",
      };
    }
    return claimed === 0n
      ? {
          ok: true,
          value: 0n,
          reason: "the storage is empty (empty trie root), so the value is 0, as answered",
        }
      : {
          ok: false,
          value: 0n,
          reason: `the storage is empty, but the answer says ${formatDecimal(claimed)}`,
        };
  }
  const slotKey = hexToBytes(keccak256(pad(evenHex(key), { size: 32 })));
  const proven = await provenValue(storageHash, slotKey, nodes.value, "storage hash");
  if (!proven.ok) return { ok: false, reason: proven.error };
  if (proven.value === null) {
    return claimed === 0n
      ? {
          ok: true,
          value: 0n,
          reason: "the slot is absent from the storage trie (exclusion proof): value 0, as answered",
        }
      : {
          ok: false,
          value: 0n,
          reason: `the slot is absent (value 0), but the answer says ${formatDecimal(claimed)}`,
        };
  }
  const expected = rlpEncode(bigIntToUnpaddedBytes(claimed));
  const stored = readStorageValue(proven.value);
  if (claimed === 0n || !equalsBytes(proven.value, expected)) {
    return {
      ok: false,
      ...(stored === null ? {} : { value: stored }),
      reason: `the trie holds ${stored === null ? bytesToHex(proven.value) : formatDecimal(stored)}, the answer says ${formatDecimal(claimed)}`,
    };
  }
  return {
    ok: true,
    value: claimed,
    reason: `the slot holds ${formatDecimal(claimed)} in the storage trie, as answered`,
  };
}

/** The whole verification of an `eth_getProof` result. */
export interface ProofReport {
  /** True when the account proof and every storage proof hold. */
  ok: boolean;
  account: AccountProofResult;
  storage: (StorageProofResult & { key: string })[];
}

/**
 * Verifies an `eth_getProof` result: the account against `stateRoot`, then each storage proof
 * against the proven storage root. When the account does not exist its storage is empty, so each
 * requested slot is valid exactly when its value is 0 (whatever `storageHash` the node reports).
 */
export async function verifyProofResult(
  stateRoot: string,
  address: string,
  result: unknown,
): Promise<ProofReport> {
  const account = await verifyAccountProof(stateRoot, address, result);
  const entries = isRecord(result) && Array.isArray(result.storageProof) ? result.storageProof : [];
  const storage: ProofReport["storage"] = [];
  for (const entry of entries) {
    const e = isRecord(entry) ? entry : {};
    const key = typeof e.key === "string" ? e.key : "?";
    if (!account.ok) {
      storage.push({ key, ok: false, reason: "not checked: the account proof does not hold" });
    } else if (account.exists === false) {
      const value = quantityOrNull(e.value);
      storage.push(
        value === 0n
          ? { key, ok: true, value: 0n, reason: "the account does not exist, so the slot is 0, as answered" }
          : { key, ok: false, reason: "the account does not exist, but the answer gives a non-zero value" },
      );
    } else {
      const root = account.account?.storageRoot ?? "";
      storage.push({ key, ...(await verifyStorageProof(root, key, e.value, e.proof)) });
    }
  }
  return { ok: account.ok && storage.every((s) => s.ok), account, storage };
}

/** An `eth_getProof` result decoded for display. */
export interface ProofView {
  address: string;
  balance: bigint | null;
  balanceText: string;
  nonce: bigint | null;
  codeHash: string;
  /** codeHash is keccak256("") or zero: an account without code. */
  noCode: boolean;
  storageHash: string;
  /** storageHash is the empty trie root or zero: no storage. */
  emptyStorage: boolean;
  accountProof: ProofNodeView[];
  storageProof: { key: string; value: bigint | null; valueText: string; proof: ProofNodeView[] }[];
}

/** Decodes an `eth_getProof` result for display (no verification: see {@link verifyProofResult}). */
export function decodeProof(result: unknown, currency: NativeCurrency | null = ETH): Parsed<ProofView> {
  if (!isRecord(result)) return fail(`expected a proof object, got ${describeJsonType(result)}`);
  const balance = quantityOrNull(result.balance);
  const codeHash = typeof result.codeHash === "string" ? result.codeHash.toLowerCase() : "";
  const storageHash = typeof result.storageHash === "string" ? result.storageHash.toLowerCase() : "";
  const nodes = (raw: unknown) => (Array.isArray(raw) ? raw.map(decodeProofNode) : []);
  const storageProof = Array.isArray(result.storageProof) ? result.storageProof : [];
  return ok({
    address: typeof result.address === "string" ? result.address : "",
    balance,
    balanceText: balance === null ? "?" : formatNative(balance, currency),
    nonce: quantityOrNull(result.nonce),
    codeHash,
    noCode: codeHash === EMPTY_CODE_HASH || codeHash === ZERO_HASH,
    storageHash,
    emptyStorage: storageHash === EMPTY_TRIE_ROOT || storageHash === ZERO_HASH,
    accountProof: nodes(result.accountProof),
    storageProof: storageProof.map((entry) => {
      const e = isRecord(entry) ? entry : {};
      const value = quantityOrNull(e.value);
      return {
        key: typeof e.key === "string" ? e.key : "",
        value,
        valueText: value === null ? "?" : formatDecimal(value),
        proof: nodes(e.proof),
      };
    }),
  });
}

function isHash(value: unknown): value is Hex {
  return isHexData(value) && value.length === 66;
}

function evenHex(hex: string): Hex {
  const digits = hex.slice(2);
  return `0x${digits.length % 2 === 0 ? digits : `0${digits}`}`.toLowerCase() as Hex;
}

function parseNodes(raw: unknown): Parsed<Uint8Array[]> {
  if (!Array.isArray(raw)) return fail(`expected an array of nodes, got ${describeJsonType(raw)}`);
  const nodes: Uint8Array[] = [];
  for (const [i, node] of raw.entries()) {
    if (!isHexData(node) || node === "0x") return fail(`node ${i} is not hex data`);
    nodes.push(hexToBytes(node));
  }
  return ok(nodes);
}

interface ClaimedAccount {
  nonce: bigint;
  balance: bigint;
  storageHash: string;
  codeHash: string;
}

function claimedAccount(proof: Readonly<Record<string, unknown>>): Parsed<ClaimedAccount> {
  const nonce = quantityOrNull(proof.nonce);
  const balance = quantityOrNull(proof.balance);
  if (nonce === null) return fail(`the answer's nonce is not a quantity`);
  if (balance === null) return fail(`the answer's balance is not a quantity`);
  if (!isHash(proof.storageHash)) return fail(`the answer's storageHash is not 32 bytes`);
  if (!isHash(proof.codeHash)) return fail(`the answer's codeHash is not 32 bytes`);
  return ok({
    nonce,
    balance,
    storageHash: proof.storageHash.toLowerCase(),
    codeHash: proof.codeHash.toLowerCase(),
  });
}

/** Walks the proof from `root` along `key` with @ethereumjs/mpt: the leaf value, or null (absent). */
async function provenValue(root: Hex, key: Uint8Array, nodes: Uint8Array[], rootName: string) {
  const first = nodes[0];
  if (first === undefined) return fail<Uint8Array | null>("the proof is empty");
  const firstHash = keccak256(first);
  if (firstHash !== root.toLowerCase()) {
    return fail<Uint8Array | null>(
      `the first node hashes to ${shortenHex(firstHash)}, not the ${rootName} ${shortenHex(root)}`,
    );
  }
  try {
    return ok(await verifyMerkleProof(key, nodes, { root: hexToBytes(root) }));
  } catch {
    return fail<Uint8Array | null>(
      `the nodes do not form a path from the ${rootName} along the key (a node is missing or altered)`,
    );
  }
}
