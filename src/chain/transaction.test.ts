import { describe, expect, it } from "vitest";
import { type FieldGroup, findField } from "./field.ts";
import { eip55, mainnetFixture, mainnetFixtures } from "./test-fixtures.ts";
import {
  decodeAccessList,
  decodeTransaction,
  summarizeTransaction,
  type TransactionView,
} from "./transaction.ts";

function decoded(result: unknown): TransactionView {
  const view = decodeTransaction(result);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

function text(groups: FieldGroup[], key: string): string | undefined {
  return findField(groups, key)?.value.text;
}

describe("decodeTransaction on the mainnet fixtures", () => {
  it.each([
    ["01", "legacy", "0 ETH", "280 gwei", "0xa9059cbb", eip55("0x6b0359f95796327475ad4f12ae4e1047c3a67fa3")],
    ["02", "legacy", "0.0041 ETH", "48 gwei", null, eip55("0xec0ae94c1c03959118a66fbb43fc39bc2c1bb63b")],
    [
      "03",
      "legacy",
      "0 ETH",
      "41 gwei",
      "0xa9059cbb",
      "0xdAC17F958D2ee523a2206206994597C13D831ec7" /* USDT */,
    ],
    [
      "04",
      "legacy",
      "0.80339399220895292 ETH",
      "37.000001459 gwei",
      "0x7ff36ab5",
      "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D" /* Uniswap V2 router */,
    ],
    [
      "05",
      "EIP-1559",
      "0.03212724 ETH",
      "22.582738913 gwei",
      null,
      eip55("0x7d12e2b0b687b5a13fc3d69fbbdec2c26bf7b1a6"),
    ],
    [
      "06",
      "EIP-1559",
      "0.034037500225379628 ETH",
      "21.821091641 gwei",
      "0xeb672419",
      eip55("0x32400084c286cf3e17e7b677ea9583e60a000324"),
    ],
  ])("tx %s: %s, %s, %s", (n, type, value, gasPrice, selector, to) => {
    const tx = decoded(mainnetFixture(`eth_getTransactionByBlockHashAndIndex.${n}.json`).result);
    expect(tx.problems).toEqual([]);
    expect(tx.pending).toBe(false);
    expect(tx.type.name).toBe(type);
    expect(text(tx.groups, "value")).toBe(value);
    expect(text(tx.groups, "gasPrice")).toBe(gasPrice);
    expect(tx.input?.selector ?? null).toBe(selector);
    expect(tx.to).toBe(to);
    expect(tx.contractCreation).toBe(false);
    expect(text(tx.groups, "chainId")).toBe("1");
    expect(tx.other.map((f) => f.key)).toEqual(["blockTimestamp"]);
    expect(tx.other[0]?.value.kind).toBe("timestamp");
  });

  it("reads the EIP-1559 fee caps in gwei, the signature and the access list", () => {
    const tx = decoded(mainnetFixture("eth_getTransactionByBlockHashAndIndex.06.json").result);
    expect(text(tx.groups, "maxFeePerGas")).toBe("28.694459494 gwei");
    expect(text(tx.groups, "maxPriorityFeePerGas")).toBe("0.1 gwei");
    expect(findField(tx.groups, "yParity")?.detail).toBe("even");
    expect(text(tx.groups, "r")).toBe("0x281c…74e2");
    expect(tx.accessList).toEqual([]);
    expect(tx.groups.map((g) => g.id)).toEqual(["overview", "fees", "input", "signature", "accessList"]);
    expect(text(tx.groups, "transactionIndex")).toBe("36");
    expect(findField(tx.groups, "input")?.detail).toBe("selector 0xeb672419, 9 argument word(s)");
  });

  it("decodes every transaction fixture without problems", () => {
    for (const f of mainnetFixtures("eth_getTransactionByBlockHashAndIndex")) {
      expect(decoded(f.result).problems, f.name).toEqual([]);
    }
  });
});

describe("hand-made transactions", () => {
  const base = mainnetFixture("eth_getTransactionByBlockHashAndIndex.05.json").result as Record<
    string,
    unknown
  >;

  it("marks a pending transaction", () => {
    const tx = decoded({
      ...base,
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
      blockTimestamp: null,
    });
    expect(tx.pending).toBe(true);
    expect(tx.problems).toEqual([]);
    for (const key of ["blockHash", "blockNumber", "transactionIndex"]) {
      expect(findField(tx.groups, key)?.value).toEqual({ kind: "pending", raw: null, text: "pending" });
    }
  });

  it("shows a contract creation and an access list", () => {
    const tx = decoded({
      ...base,
      to: null,
      type: "0x1",
      accessList: [{ address: base.from, storageKeys: [`0x${"00".repeat(31)}01`] }],
    });
    expect(tx.contractCreation).toBe(true);
    expect(tx.to).toBeNull();
    expect(text(tx.groups, "to")).toBe("contract creation");
    expect(tx.type.name).toBe("access list (EIP-2930)");
    expect(tx.accessList).toEqual([
      { address: eip55(String(base.from)), storageKeys: [`0x${"00".repeat(31)}01`] },
    ]);
  });

  it("accepts the spec's chainID spelling and lists malformed fields", () => {
    const { chainId: _omit, ...rest } = base;
    const tx = decoded({ ...rest, chainID: "0x5", gas: 21000, hash: "0x12" });
    expect(text(tx.groups, "chainID")).toBe("5");
    expect(tx.problems).toEqual([
      '"hash" should be 32 bytes of hex, got "0x12"',
      '"gas" should be a hex quantity, got number',
    ]);
  });

  it("fails on a non-object", () => {
    expect(decodeTransaction(null)).toEqual({ ok: false, error: "expected a transaction object, got null" });
    expect(decodeTransaction([]).ok).toBe(false);
  });

  it("rejects a malformed access list", () => {
    expect(decodeAccessList([{ address: "0x1" }])).toEqual({
      ok: false,
      error: "entry 0 should have an address",
    });
    expect(decodeAccessList(undefined)).toBeNull();
  });
});

describe("summarizeTransaction", () => {
  const block = mainnetFixture("eth_getBlockByNumber.14.json").result as {
    transactions: Record<string, unknown>[];
  };

  it.each([
    ["0x0", { typeName: "EIP-1559", feeText: "max 2.885546365 gwei, tip 0 gwei", selector: "0xe2f48005" }],
    ["0x2f", { typeName: "blob (EIP-4844)", feeText: "max 7.392727328 gwei, tip 2 gwei", selector: null }],
    ["0x14", { typeName: "access list (EIP-2930)", feeText: "10 gwei", selector: null }],
  ])("transaction %s of block 0x12fa660", (index, expected) => {
    const tx = block.transactions.find((t) => t.transactionIndex === index);
    const s = summarizeTransaction(tx);
    expect({ typeName: s.type.name, feeText: s.feeText, selector: s.selector }).toEqual(expected);
    expect(s.index).toBe(BigInt(index));
  });

  it("gives the blob fee cap and a readable value", () => {
    const blob = summarizeTransaction(block.transactions.find((t) => t.type === "0x3"));
    expect(blob.maxFeePerBlobGas).toBe(1_000_000_000n);
    expect(blob.toText).toBe("0xFf00…8453");
    const typeOne = summarizeTransaction(block.transactions.find((t) => t.type === "0x1"));
    expect(typeOne.valueText).toBe("0.144066786296144586 ETH");
  });

  it("never throws on junk", () => {
    expect(summarizeTransaction(42)).toMatchObject({ hash: null, toText: "?", valueText: "?", feeText: "" });
    expect(summarizeTransaction({ to: null }).toText).toBe("contract creation");
  });
});
