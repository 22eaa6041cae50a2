import { createMerkleProof, createMPT, type MerklePatriciaTrie } from "@ethereumjs/mpt";
import { encode as rlpEncode } from "@ethereumjs/rlp";
import { bytesToHex, hexToBytes, keccak256, numberToBytes, pad } from "viem/utils";
import { beforeAll, describe, expect, it } from "vitest";
import {
  decodeCompactPath,
  decodeProof,
  decodeProofNode,
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  verifyAccountProof,
  verifyProofResult,
  verifyStorageProof,
  ZERO_HASH,
} from "./proof.ts";
import { mainnetFixture, mainnetFixtures } from "./test-fixtures.ts";

interface ProofResult {
  address: string;
  accountProof: string[];
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  storageProof: { key: string; value: string; proof: string[] }[];
}

const proofs = mainnetFixtures("eth_getProof").map((f) => ({
  name: f.name,
  address: f.params[0] as string,
  result: f.result as ProofResult,
}));

/**
 * The fixtures carry no block header, so there is no independent stateRoot for their blocks: the
 * root used here is keccak256 of the first accountProof node (the root node, by EIP-1186). What
 * the tests then prove is that the rest of the path hangs together from that root down to the
 * account, and that any change to a node, a value or the root breaks it.
 */
const stateRootOf = (p: ProofResult) => keccak256(p.accountProof[0] as `0x${string}`);

/** Flips one byte in the middle of a hex string. */
function flipByte(hex: string): string {
  const bytes = hexToBytes(hex as `0x${string}`);
  const i = Math.floor(bytes.length / 2);
  bytes[i] = (bytes[i] ?? 0) ^ 0x01;
  return bytesToHex(bytes);
}

describe("decodeCompactPath (hex-prefix encoding)", () => {
  it.each<[number[], { nibbles: string; flag: number; leaf: boolean; odd: boolean } | null]>([
    [[0x00, 0x12], { nibbles: "12", flag: 0, leaf: false, odd: false }],
    [[0x1a, 0xbc], { nibbles: "abc", flag: 1, leaf: false, odd: true }],
    [[0x20], { nibbles: "", flag: 2, leaf: true, odd: false }],
    [[0x20, 0x0f, 0x1c], { nibbles: "0f1c", flag: 2, leaf: true, odd: false }],
    [[0x3f], { nibbles: "f", flag: 3, leaf: true, odd: true }],
    [[0x41], null],
    [[0x01], null],
    [[], null],
  ])("%j", (bytes, expected) => {
    expect(decodeCompactPath(new Uint8Array(bytes))).toEqual(expected);
  });
});

describe("decodeProofNode", () => {
  it.each(proofs.map((p) => [p.name, p.result] as const))("%s: every node decodes", (_name, result) => {
    const nodes = result.accountProof.map(decodeProofNode);
    expect(nodes.map((n) => n.kind)).not.toContain("invalid");
    expect(nodes[0]?.kind).toBe("branch");
    expect(nodes[0]?.hash).toBe(stateRootOf(result));
    // Each node is referenced by hash from the node before it.
    for (let i = 1; i < nodes.length; i++) {
      const parent = nodes[i - 1];
      const child = nodes[i];
      const refs =
        parent?.kind === "branch" ? parent.children : parent?.kind === "extension" ? [parent.next] : [];
      expect(refs.some((r) => r?.kind === "hash" && r.hash === child?.hash)).toBe(true);
    }
  });

  it("reads the account leaf of eth_getProof.22", () => {
    const result = mainnetFixture("eth_getProof.22.json").result as ProofResult;
    const leaf = decodeProofNode(result.accountProof[result.accountProof.length - 1]);
    expect(leaf.kind).toBe("leaf");
    if (leaf.kind !== "leaf") return;
    expect(leaf.path.leaf).toBe(true);
    expect(leaf.account).toEqual({
      nonce: 2n,
      balance: 0n,
      storageRoot: result.storageHash,
      codeHash: result.codeHash,
    });
    // The leaf's path is the tail of keccak256(address).
    expect(keccak256(result.address as `0x${string}`).endsWith(leaf.path.nibbles)).toBe(true);
  });

  it("decodes extensions and embedded children, and says what is wrong", () => {
    const hash = new Uint8Array(32).fill(7);
    const ext = bytesToHex(rlpEncode([new Uint8Array([0x00, 0x12]), hash]));
    expect(decodeProofNode(ext)).toMatchObject({
      kind: "extension",
      path: { nibbles: "12", leaf: false, odd: false },
      next: { kind: "hash", hash: bytesToHex(hash) },
    });
    const embeddedLeaf = [new Uint8Array([0x3a]), new Uint8Array([0x05])];
    const branch = bytesToHex(
      rlpEncode([embeddedLeaf, ...Array(15).fill(new Uint8Array()), new Uint8Array()]),
    );
    const decoded = decodeProofNode(branch);
    expect(decoded).toMatchObject({ kind: "branch", value: null });
    if (decoded.kind === "branch") {
      expect(decoded.children[0]).toEqual({ kind: "embedded", rlp: bytesToHex(rlpEncode(embeddedLeaf)) });
      expect(decoded.children.slice(1).every((c) => c === null)).toBe(true);
    }
    expect(decodeProofNode("0x1234")).toMatchObject({ kind: "invalid" });
    expect(decodeProofNode(bytesToHex(rlpEncode([new Uint8Array([1])])))).toMatchObject({
      kind: "invalid",
      problem: "a list of 1 items (2 or 17 expected)",
    });
    expect(decodeProofNode(42)).toEqual({ kind: "invalid", hash: null, bytes: 0, problem: "not hex data" });
  });
});

describe("verifyAccountProof on the mainnet fixtures", () => {
  it.each([
    ["eth_getProof.21.json", false, 4],
    ["eth_getProof.22.json", true, 10],
    ["eth_getProof.23.json", true, 10],
    ["eth_getProof.24.json", false, 8],
    ["eth_getProof.25.json", false, 8],
    ["eth_getProof.26.json", false, 7],
  ])("%s verifies (account exists: %s, %i nodes)", async (name, exists, nodes) => {
    const p = proofs.find((x) => x.name === name);
    if (!p) throw new Error(name);
    expect(p.result.accountProof).toHaveLength(nodes);
    const r = await verifyAccountProof(stateRootOf(p.result), p.address, p.result);
    expect(r.ok, r.reason).toBe(true);
    expect(r.exists).toBe(exists);
    if (exists) expect(r.account).toMatchObject({ nonce: 2n, balance: 0n, codeHash: p.result.codeHash });
  });

  it.each(proofs.map((p) => [p.name, p] as const))(
    "%s fails when any node has one byte changed",
    async (_n, p) => {
      const root = stateRootOf(p.result);
      for (let i = 0; i < p.result.accountProof.length; i++) {
        const accountProof = p.result.accountProof.map((node, j) => (j === i ? flipByte(node) : node));
        const r = await verifyAccountProof(root, p.address, { ...p.result, accountProof });
        expect(r.ok, `node ${i}`).toBe(false);
      }
    },
  );

  it.each(proofs.map((p) => [p.name, p] as const))("%s fails with another root or value", async (_n, p) => {
    const root = stateRootOf(p.result);
    expect((await verifyAccountProof(flipByte(root), p.address, p.result)).ok).toBe(false);
    expect((await verifyAccountProof(root, p.address, { ...p.result, nonce: "0x3" })).ok).toBe(false);
    expect((await verifyAccountProof(root, p.address, { ...p.result, balance: "0x1" })).ok).toBe(false);
    expect(
      (await verifyAccountProof(root, p.address, { ...p.result, codeHash: flipByte(p.result.codeHash) })).ok,
    ).toBe(false);
  });

  it("explains failures", async () => {
    const p = proofs.find((x) => x.name === "eth_getProof.22.json");
    if (!p) throw new Error("fixture");
    const root = stateRootOf(p.result);
    expect((await verifyAccountProof(root, p.address, { ...p.result, nonce: "0x3" })).reason).toBe(
      "the proven account differs from the answer: nonce 2 ≠ 3",
    );
    expect((await verifyAccountProof(flipByte(root), p.address, p.result)).reason).toMatch(
      /^the first node hashes to 0x.*, not the state root/,
    );
    const broken = p.result.accountProof.map((n, i) => (i === 5 ? flipByte(n) : n));
    expect((await verifyAccountProof(root, p.address, { ...p.result, accountProof: broken })).reason).toMatch(
      /do not form a path/,
    );
    expect(
      (await verifyAccountProof(root, "0x1c89fbf5750ea4a2cdd8615de1e173836fe937b8", p.result)).reason,
    ).toMatch(/^the answer is for/);
    expect((await verifyAccountProof("0x12", p.address, p.result)).ok).toBe(false);
    expect((await verifyAccountProof(root, p.address, null)).ok).toBe(false);
    expect((await verifyAccountProof(root, p.address, { ...p.result, accountProof: [] })).reason).toBe(
      "the proof is empty",
    );
  });
});

describe("verifyStorageProof", () => {
  it("eth_getProof.23: the slot is absent from the storage trie (5-node exclusion proof)", async () => {
    const p = mainnetFixture("eth_getProof.23.json").result as ProofResult;
    const entry = p.storageProof[0];
    if (!entry) throw new Error("fixture");
    expect(entry.proof).toHaveLength(5);
    const r = await verifyStorageProof(p.storageHash, entry.key, entry.value, entry.proof);
    expect(r).toEqual({
      ok: true,
      value: 0n,
      reason: "the slot is absent from the storage trie (exclusion proof): value 0, as answered",
    });
    expect((await verifyStorageProof(p.storageHash, entry.key, "0x1", entry.proof)).ok).toBe(false);
    expect((await verifyStorageProof(flipByte(p.storageHash), entry.key, entry.value, entry.proof)).ok).toBe(
      false,
    );
    for (let i = 0; i < entry.proof.length; i++) {
      const proof = entry.proof.map((n, j) => (j === i ? flipByte(n) : n));
      expect((await verifyStorageProof(p.storageHash, entry.key, entry.value, proof)).ok, `node ${i}`).toBe(
        false,
      );
    }
  });

  it("eth_getProof.24: an empty proof against a zero storageHash proves nothing on its own", async () => {
    const p = mainnetFixture("eth_getProof.24.json").result as ProofResult;
    const entry = p.storageProof[0];
    if (!entry) throw new Error("fixture");
    expect(p.storageHash).toBe(ZERO_HASH);
    const r = await verifyStorageProof(p.storageHash, entry.key, entry.value, entry.proof);
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/empty trie root/);
  });

  it("an empty proof is valid only for 0 against the empty trie root", async () => {
    const key = `0x${"00".repeat(32)}`;
    expect((await verifyStorageProof(EMPTY_TRIE_ROOT, key, "0x0", [])).ok).toBe(true);
    expect((await verifyStorageProof(EMPTY_TRIE_ROOT, key, "0x5", [])).ok).toBe(false);
  });

  describe("on a storage trie built here (inclusion proofs)", () => {
    // A storage trie like a contract's: keccak256(pad32(slot)) → RLP(value), built with @ethereumjs/mpt.
    const slots: [string, bigint][] = [
      ["0x0", 0xc0ffeen],
      ["0x1", 1n],
      ["0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502", 100n],
      ["0x5", 2n ** 256n - 1n],
    ];
    let trie: MerklePatriciaTrie;
    let root = "";
    beforeAll(async () => {
      trie = await createMPT();
      for (const [slot, value] of slots) {
        await trie.put(
          hexToBytes(keccak256(pad(slot as `0x${string}`, { size: 32 }))),
          rlpEncode(numberToBytes(value)),
        );
      }
      root = bytesToHex(trie.root());
    });
    const proofOf = async (slot: string) =>
      (await createMerkleProof(trie, hexToBytes(keccak256(pad(slot as `0x${string}`, { size: 32 }))))).map(
        (n) => bytesToHex(n),
      );

    it.each(slots)("slot %s holds %s", async (slot, value) => {
      const proof = await proofOf(slot);
      const hexValue = `0x${value.toString(16)}`;
      expect(await verifyStorageProof(root, slot, hexValue, proof)).toMatchObject({ ok: true, value });
      expect((await verifyStorageProof(root, slot, `0x${(value ^ 1n).toString(16)}`, proof)).ok).toBe(false);
      expect((await verifyStorageProof(root, slot, "0x0", proof)).ok).toBe(false);
      const padded = pad(slot as `0x${string}`, { size: 32 });
      expect((await verifyStorageProof(root, padded, hexValue, proof)).ok).toBe(true);
    });

    it("an absent slot is 0", async () => {
      const proof = await proofOf("0x2");
      expect(await verifyStorageProof(root, "0x2", "0x0", proof)).toMatchObject({ ok: true, value: 0n });
      expect((await verifyStorageProof(root, "0x2", "0x7", proof)).ok).toBe(false);
    });

    it("the proof of another slot does not prove this one", async () => {
      const proof = await proofOf("0x1");
      expect((await verifyStorageProof(root, "0x0", "0x1", proof)).ok).toBe(false);
    });
  });
});

describe("verifyProofResult", () => {
  it.each(proofs.map((p) => [p.name, p] as const))("%s verifies as a whole", async (_n, p) => {
    const report = await verifyProofResult(stateRootOf(p.result), p.address, p.result);
    expect(report.ok, [report.account.reason, ...report.storage.map((x) => x.reason)].join("; ")).toBe(true);
    expect(report.storage).toHaveLength(p.result.storageProof.length);
  });

  it("eth_getProof.24: the account is absent, so its requested slot is 0", async () => {
    const p = proofs.find((x) => x.name === "eth_getProof.24.json");
    if (!p) throw new Error("fixture");
    const report = await verifyProofResult(stateRootOf(p.result), p.address, p.result);
    expect(report.account.exists).toBe(false);
    expect(report.storage[0]).toMatchObject({ ok: true, value: 0n });
    const nonZero = { ...p.result, storageProof: [{ ...p.result.storageProof[0], value: "0x1" }] };
    expect((await verifyProofResult(stateRootOf(p.result), p.address, nonZero)).ok).toBe(false);
  });

  it("a changed storage value fails the whole report", async () => {
    const p = proofs.find((x) => x.name === "eth_getProof.23.json");
    if (!p) throw new Error("fixture");
    const changed = { ...p.result, storageProof: [{ ...p.result.storageProof[0], value: "0x2a" }] };
    const report = await verifyProofResult(stateRootOf(p.result), p.address, changed);
    expect(report.account.ok).toBe(true);
    expect(report.storage[0]?.ok).toBe(false);
    expect(report.ok).toBe(false);
  });
});

describe("decodeProof", () => {
  it.each(proofs.map((p) => [p.name, p] as const))("%s", (_n, p) => {
    const view = decodeProof(p.result);
    if (!view.ok) throw new Error(view.error);
    expect(view.value.accountProof).toHaveLength(p.result.accountProof.length);
    expect(view.value.balanceText).toBe("0 ETH");
    expect(view.value.storageProof).toHaveLength(p.result.storageProof.length);
    const exists = p.result.codeHash !== ZERO_HASH;
    expect(view.value.noCode).toBe(!exists);
    expect(view.value.emptyStorage).toBe(!exists);
  });

  it("knows the empty code hash and the empty trie root", () => {
    const view = decodeProof({
      codeHash: EMPTY_CODE_HASH,
      storageHash: EMPTY_TRIE_ROOT,
      balance: "0xde0b6b3a7640000",
    });
    expect(view.ok && view.value.noCode && view.value.emptyStorage).toBe(true);
    expect(view.ok && view.value.balanceText).toBe("1 ETH");
    expect(decodeProof("x").ok).toBe(false);
    expect(EMPTY_CODE_HASH).toBe(keccak256("0x"));
    expect(EMPTY_TRIE_ROOT).toBe(keccak256(rlpEncode(new Uint8Array())));
  });
});
