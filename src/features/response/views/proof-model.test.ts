import { keccak256 } from "viem/utils";
import { describe, expect, it } from "vitest";
import { decodeProof, decodeProofNode, type ProofReport, verifyProofResult } from "../../../chain/proof.ts";
import { mainnetFixture } from "../../../chain/test-fixtures.ts";
import { parseBlockHeader } from "./block-header.ts";
import {
  accountFields,
  isBlockTag,
  nodeRows,
  nodeSummary,
  proofBlockParam,
  storageAtParams,
  verificationView,
} from "./proof-model.ts";

const fixture = mainnetFixture("eth_getProof.23.json");
const result = fixture.result as { accountProof: `0x${string}`[]; storageProof: { proof: string[] }[] };

describe("proofBlockParam", () => {
  it.each<[unknown, string]>([
    [["0xabc", [], "0x1674F77"], "0x1674F77"],
    [["0xabc", [], "finalized"], "finalized"],
    [["0xabc", []], "latest"],
    [["0xabc", [], ""], "latest"],
    [{ block_id: "latest" }, "latest"],
  ])("%j → %s", (params, block) => expect(proofBlockParam(params)).toBe(block));

  it("tells tags from numbers", () => {
    expect(["latest", "earliest", "pending", "safe", "finalized"].every(isBlockTag)).toBe(true);
    expect(isBlockTag("0xa")).toBe(false);
  });
});

describe("accountFields", () => {
  it("shows the spec's account fields, decoded, and keeps extra fields", () => {
    const { fields, other, problems } = accountFields({ ...(fixture.result as object), extra: "0x01" });
    expect(fields.map((f) => [f.key, f.value.text])).toEqual([
      ["address", "0x9d39…3497"],
      ["balance", "0 ETH"],
      ["nonce", "2"],
      ["codeHash", "0xadc4…02e3"],
      ["storageHash", "0x8df0…a114"],
    ]);
    expect(fields.find((f) => f.key === "address")?.value).toMatchObject({
      checksum: "0x9D39A5DE30e57443BfF2A8307A4256c8797A3497",
    });
    expect(fields.find((f) => f.key === "storageHash")?.detail).toBe("root of the storage trie");
    expect(other.map((f) => f.key)).toEqual(["extra"]);
    expect(problems).toEqual([]);
  });

  it("says when an account has no code and no storage", () => {
    const { fields } = accountFields({
      address: "0x0000000000000000000000000000000000000001",
      balance: "0x0",
      nonce: "0x0",
      codeHash: "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
      storageHash: "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421",
    });
    expect(fields.find((f) => f.key === "codeHash")?.detail).toMatch(/no code/);
    expect(fields.find((f) => f.key === "storageHash")?.detail).toMatch(/empty storage/);
  });

  it("reports missing fields", () => {
    expect(accountFields({}).problems).toContain('missing field "balance"');
  });
});

describe("nodeRows and nodeSummary on a real 10-node account proof", () => {
  const nodes = result.accountProof.map(decodeProofNode);

  it("the root is a branch with 16 children and hashes to the first node", () => {
    const root = nodes[0]!;
    expect(nodeSummary(root, 0)).toMatch(/^#1 branch · 16 of 16 children · \d+ bytes$/);
    const rows = nodeRows(root);
    expect(rows[0]).toMatchObject({ label: "Node hash", full: keccak256(result.accountProof[0]!) });
    expect(rows.filter((r) => r.label.startsWith("Child "))).toHaveLength(16);
    expect(rows.at(-1)).toEqual({ label: "Value", value: "(none)" });
  });

  it("the last node is the account leaf with the answer's nonce", () => {
    const leaf = nodes.at(-1)!;
    expect(nodeSummary(leaf, 9)).toMatch(/^#10 leaf · account · /);
    const rows = nodeRows(leaf);
    expect(rows.find((r) => r.label === "Account nonce")?.value).toBe("2");
    expect(rows.find((r) => r.label === "Account balance")?.value).toBe("0 ETH");
    expect(rows.find((r) => r.label === "Storage root")?.full).toBe(
      "0x8df0f11fe32f7f6fc242719f563f4ed2cdffd378bd334793e9d24575f940a114",
    );
    expect(rows.find((r) => r.label === "Key end (path)")?.value).toMatch(/nibbles/);
  });

  it("an extension shows its shared path and next node", () => {
    const ext = decodeProofNode(
      // RLP([0x00 0x12 (even extension path "12"), 32-byte hash])
      `0xe48200 12a0${"ab".repeat(32)}`.replaceAll(" ", ""),
    );
    expect(ext.kind).toBe("extension");
    expect(nodeRows(ext).slice(1)).toEqual([
      { label: "Shared path", value: "12 (2 nibbles, even)" },
      { label: "Next", value: `→ ${"0xababab…ababab"}`, full: `0x${"ab".repeat(32)}` },
    ]);
  });

  it("a broken node says why", () => {
    const bad = decodeProofNode("0x1234");
    expect(nodeSummary(bad, 2)).toMatch(/^#3 not a trie node: /);
    expect(nodeRows(bad).at(-1)?.label).toBe("Problem");
  });

  it("decodes the storage proof nodes too (a storage leaf shows its value)", () => {
    const storage = decodeProof(fixture.result);
    expect(storage.ok && storage.value.storageProof[0]?.proof).toHaveLength(5);
  });
});

describe("verificationView", () => {
  const header = parseBlockHeader({
    number: "0x1674f77",
    hash: `0x${"11".repeat(32)}`,
    stateRoot: keccak256(result.accountProof[0]!),
    baseFeePerGas: "0x7",
  });

  it("a real proof verifies: every row says Verified, with the block used", async () => {
    if (!header.ok) throw new Error(header.error);
    const report = await verifyProofResult(
      header.value.stateRoot,
      fixture.params[0] as string,
      fixture.result,
    );
    const view = verificationView(report, "0x1674F77", header.value);
    expect(view.ok).toBe(true);
    expect(view.rows.map((r) => [r.name, r.verdict])).toEqual([
      ["Account proof", "Verified"],
      ["Storage proof 1 (key 0x5c112e…ed5324)", "Verified"],
    ]);
    expect(view.against).toBe(
      `Checked against the state root ${header.value.stateRoot} of block 23,547,767, hash 0x${"11".repeat(32)}.`,
    );
    expect(view.caveat).toBeNull();
  });

  it("a failure carries its reason, and a tag gets the caveat", () => {
    if (!header.ok) throw new Error(header.error);
    const report: ProofReport = {
      ok: false,
      account: { ok: false, reason: "the first node hashes to 0x1…, not the state root 0x2…" },
      storage: [{ key: "0x0", ok: false, reason: "not checked: the account proof does not hold" }],
    };
    const view = verificationView(report, "latest", header.value);
    expect(view.rows[0]?.verdict).toBe("Failed: the first node hashes to 0x1…, not the state root 0x2…");
    expect(view.rows[1]?.name).toBe("Storage proof 1 (key 0x0)");
    expect(view.against).toContain('(the "latest" block at the time of the check)');
    expect(view.caveat).toMatch(/tag "latest".*moved/);
  });
});

describe("parseBlockHeader", () => {
  it("reads state root, number, hash and base fee", () => {
    const block = mainnetFixture("eth_getBlockByNumber.14.json").result as Record<string, string>;
    const h = parseBlockHeader(block);
    expect(h.ok && h.value).toMatchObject({
      number: BigInt(block.number!),
      stateRoot: block.stateRoot,
      baseFeePerGas: BigInt(block.baseFeePerGas!),
    });
  });

  it("pre-London blocks have no base fee; null and non-blocks fail", () => {
    const old = parseBlockHeader(mainnetFixture("eth_getBlockByNumber.01.json").result);
    expect(old.ok && old.value.baseFeePerGas).toBeNull();
    expect(parseBlockHeader(null)).toEqual({ ok: false, error: "the node has no such block (result null)" });
    expect(parseBlockHeader({ number: "0x1" }).ok).toBe(false);
    expect(parseBlockHeader("0x1").ok).toBe(false);
  });
});

describe("storageAtParams", () => {
  it("turns a proof key into a position without leading zeros", () => {
    expect(storageAtParams("0xabc", `0x${"0".repeat(63)}1`, "0x5")).toEqual(["0xabc", "0x1", "0x5"]);
    expect(storageAtParams("0xabc", "0x0", "latest")).toEqual(["0xabc", "0x0", "latest"]);
    expect(storageAtParams("0xabc", "nope", "latest")).toBeNull();
  });
});
