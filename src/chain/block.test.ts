import { describe, expect, it } from "vitest";
import { type BlockView, decodeBlock } from "./block.ts";
import { findField, sameField } from "./field.ts";
import { eip55, mainnetFixture, mainnetFixtures } from "./test-fixtures.ts";

function decoded(result: unknown, kind: "block" | "uncle" = "block"): BlockView {
  const view = decodeBlock(result, kind);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

const blockFixtures = [...mainnetFixtures("eth_getBlockByNumber"), ...mainnetFixtures("eth_getBlockByHash")];

describe("decodeBlock on every mainnet block fixture", () => {
  it.each(blockFixtures.filter((f) => f.result !== null).map((f) => [f.name, f.result] as const))(
    "%s decodes without problems",
    (_name, result) => {
      const block = decoded(result);
      expect(block.problems).toEqual([]);
      expect(block.pending).toBe(false);
      expect(block.groups.map((g) => g.id)).toEqual(["identity", "gas", "roots", "difficulty", "sizes"]);
      // Every key of the answer is shown somewhere: in a group, in `other`, or as transactions/uncles.
      const shown = new Set([...block.groups.flatMap((g) => g.fields), ...block.other].map((f) => f.key));
      for (const key of Object.keys(result as object)) {
        if (key !== "transactions" && key !== "uncles") expect(shown, key).toContain(key);
      }
    },
  );

  it.each(blockFixtures.filter((f) => f.result === null).map((f) => [f.name] as const))(
    "%s is null: not found, the caller's third state",
    (name) => {
      expect(decodeBlock(mainnetFixture(name).result)).toEqual({
        ok: false,
        error: "expected a block object, got null",
      });
    },
  );
});

describe("eth_getUncleByBlockNumberAndIndex.01", () => {
  it("block 0x112a880 has no uncle 0: null, not found", () => {
    const f = mainnetFixture("eth_getUncleByBlockNumberAndIndex.01.json");
    expect(f.result).toBeNull();
    expect(decodeBlock(f.result, "uncle")).toEqual({
      ok: false,
      error: "expected an uncle object, got null",
    });
  });
});

describe("decoded values", () => {
  it("block 0x41b57c (2017, proof of work, hashes only)", () => {
    const b = decoded(mainnetFixture("eth_getBlockByNumber.01.json").result);
    expect(b.number).toBe(4_306_300n);
    expect(b.timestamp).toBe(1_506_220_986n);
    expect(findField(b.groups, "timestamp")?.value.text).toBe("2017-09-24 02:43:06 UTC");
    expect(b.gasUsedShare).toBe("48.49%");
    expect(findField(b.groups, "gasUsed")?.detail).toBe("48.49% of the gas limit");
    expect(findField(b.groups, "gasLimit")?.value.text).toBe("6,709,765");
    expect(findField(b.groups, "extraData")?.detail).toBe("client: Parity v1.7.0 1.18.0 li");
    expect(findField(b.groups, "size")?.value.text).toBe("17,534 bytes (17.1 KiB)");
    expect(findField(b.groups, "difficulty")?.value.text).toBe("2,904,378,721,604,467");
    expect(findField(b.groups, "totalDifficulty")).toBeUndefined();
    expect(findField(b.groups, "baseFeePerGas")).toBeUndefined();
    expect(b.transactions.kind).toBe("hashes");
    if (b.transactions.kind === "hashes") {
      expect(b.transactions.hashes).toHaveLength(145);
      expect(b.transactions.hashes[0]).toBe(
        "0x924190b0fa0c68712a0c71758888fa276a2917b5df2bb2bb10474f45f3bef069",
      );
    }
    expect(b.other).toEqual([]);
    expect(b.withdrawals).toBeNull();
  });

  it("block 0xf42400 (London, full transactions)", () => {
    const b = decoded(mainnetFixture("eth_getBlockByNumber.02.json").result);
    expect(findField(b.groups, "baseFeePerGas")?.value.text).toBe("11.130414489 gwei");
    expect(findField(b.groups, "extraData")?.detail).toBe('"Made on the moon by Blocknative"');
    expect(findField(b.groups, "miner")?.value).toMatchObject({ kind: "address" });
    expect(b.transactions.kind).toBe("full");
    if (b.transactions.kind === "full") {
      expect(b.transactions.items).toHaveLength(211);
      const types = b.transactions.items.toArray().map((t) => t.type.name);
      expect(types.filter((t) => t === "legacy")).toHaveLength(115);
      expect(types.filter((t) => t === "EIP-1559")).toHaveLength(96);
      expect(b.transactions.items.at(0)).toMatchObject({
        index: 0n,
        hash: "0xdf9e5e3b41cb2ae0622e64fd96d10f11324017b8c027a623ccb103a752351d06",
        selector: "0xa9059cbb",
        valueText: "0 ETH",
      });
    }
  });

  it("block 0x12fa660 (Cancun: blobs, withdrawals, beacon root) keeps every extra field", () => {
    const b = decoded(mainnetFixture("eth_getBlockByNumber.14.json").result);
    expect(b.other.map((f) => [f.key, f.label, f.value.text])).toEqual([
      ["blobGasUsed", "Blob gas used (EIP-4844)", "786,432"],
      ["excessBlobGas", "Excess blob gas (EIP-4844)", "0"],
      ["parentBeaconBlockRoot", "Parent beacon block root (EIP-4788)", "0x8b55…d54a"],
      ["withdrawals", "Withdrawals (EIP-4895)", "16 items"],
    ]);
    expect(b.other.every((f) => f.beyondSpec === true)).toBe(true);
    expect(findField(b.groups, "withdrawalsRoot")?.value.text).toBe("0x211d…4c35");
    expect(b.withdrawals).toHaveLength(16);
    expect(b.withdrawals?.[0]).toEqual({
      index: 0x2bb78ebn,
      validatorIndex: 0xed154n,
      address: eip55("0x0ad3d688bd82be567cc1d2cd5f7cecc55dc03561"),
      amountWei: 0x1188275n * 1_000_000_000n,
    });
    expect(b.gasUsedShare).toBe("44.16%");
    expect(findField(b.groups, "extraData")?.detail).toBe('"rsync-builder.xyz"');
    if (b.transactions.kind !== "full") throw new Error("expected full transactions");
    const byType = new Map<string, number>();
    for (const t of b.transactions.items) byType.set(t.type.name, (byType.get(t.type.name) ?? 0) + 1);
    expect(Object.fromEntries(byType)).toEqual({
      "EIP-1559": 100,
      legacy: 44,
      "access list (EIP-2930)": 2,
      "blob (EIP-4844)": 1,
    });
  });

  it.each([["eth_getBlockByNumber.12.json"], ["eth_getBlockByHash.10.json"]])(
    "the genesis block (%s)",
    (name) => {
      const b = decoded(mainnetFixture(name).result);
      expect(b.number).toBe(0n);
      expect(b.hash).toBe("0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3");
      expect(findField(b.groups, "timestamp")?.value.text).toBe("1970-01-01 00:00:00 UTC");
      expect(b.gasUsedShare).toBe("0.00%");
      expect(findField(b.groups, "nonce")?.value.text).toBe("0x0000…0042");
      expect(findField(b.groups, "extraData")?.detail).toBeUndefined();
      expect(findField(b.groups, "difficulty")?.value.text).toBe("17,179,869,184");
      expect(findField(b.groups, "size")?.value.text).toBe("540 bytes");
      expect(b.transactions).toEqual({ kind: "hashes", hashes: [] });
      expect(b.uncles).toEqual([]);
    },
  );
});

describe("hand-made blocks", () => {
  const sealed = mainnetFixture("eth_getBlockByNumber.01.json").result as Record<string, unknown>;

  it("marks the spec's pending nulls", () => {
    const b = decoded({ ...sealed, hash: null, number: null, nonce: null, logsBloom: null });
    expect(b.pending).toBe(true);
    expect(b.problems).toEqual([]);
    expect(b.number).toBeNull();
    for (const key of ["hash", "number", "nonce", "logsBloom"]) {
      expect(findField(b.groups, key)?.value.kind, key).toBe("pending");
    }
  });

  it("decodes an uncle (no transactions, totalDifficulty null)", () => {
    const { transactions: _t, ...header } = sealed;
    const u = decodeBlock({ ...header, totalDifficulty: null }, "uncle");
    if (!u.ok) throw new Error(u.error);
    expect(u.value.kind).toBe("uncle");
    expect(u.value.problems).toEqual([]);
    expect(u.value.transactions).toEqual({ kind: "none" });
    expect(findField(u.value.groups, "totalDifficulty")?.value).toEqual({
      kind: "none",
      raw: null,
      text: "not given",
    });
  });

  it("names missing and malformed fields, keeps unknown ones", () => {
    const { stateRoot: _s, ...rest } = sealed;
    const b = decoded({ ...rest, gasUsed: 5, futureField: "0xc0ffee" });
    expect(b.problems).toEqual([
      '"gasUsed" should be a hex quantity, got number',
      'missing field "stateRoot"',
    ]);
    expect(findField(b.groups, "stateRoot")?.value.text).toBe("missing");
    expect(b.other.map((f) => [f.key, f.value.kind])).toEqual([["futureField", "quantity"]]);
    expect(b.gasUsedShare).toBeNull();
  });

  it("a block without transactions is a problem, an uncle without them is not", () => {
    const { transactions: _t, ...header } = sealed;
    expect(decoded(header).problems).toEqual(['missing field "transactions"']);
    expect(decoded(header, "uncle").problems).toEqual([]);
  });
});

describe("sameField: a field of a new answer that says what the last one's did", () => {
  const fieldsOf = (name: string) => {
    const view = decoded(mainnetFixture(name).result);
    return new Map([...view.groups.flatMap((g) => g.fields), ...view.other].map((f) => [f.key, f]));
  };

  it("holds for every field of the same block decoded again, but its timestamp", () => {
    const [one, again] = [fieldsOf("eth_getBlockByNumber.14.json"), fieldsOf("eth_getBlockByNumber.14.json")];
    for (const [key, field] of one)
      expect(sameField(field, again.get(key) as typeof field), key).toBe(key !== "timestamp");
  });

  it("tells apart what two blocks say differently, and not what they say alike", () => {
    const [a, b] = [fieldsOf("eth_getBlockByNumber.02.json"), fieldsOf("eth_getBlockByNumber.14.json")];
    for (const key of ["number", "hash", "parentHash", "stateRoot", "gasUsed", "miner", "timestamp"])
      expect(sameField(a.get(key) as never, b.get(key) as never), key).toBe(false);
    // Both mainnet blocks have a gas limit of 30,000,000 and no uncles.
    for (const key of ["gasLimit", "sha3Uncles", "difficulty"])
      expect(sameField(a.get(key) as never, b.get(key) as never), key).toBe(true);
  });
});
