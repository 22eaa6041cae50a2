import { describe, expect, it } from "vitest";
import { decodeTransaction } from "../../../chain/transaction.ts";
import { txHeader } from "./tx-model.ts";

const BH = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";

function tx(raw: Record<string, unknown>) {
  const parsed = decodeTransaction({
    hash: "0x888c8d08a886f1fe69f171bbcc590d5acd4b3b928a51e9b4a3d1eab28073cfe6",
    type: "0x2",
    blockHash: BH,
    blockNumber: "0x6",
    transactionIndex: "0x0",
    from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
    to: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    value: "0x14d1120d7b160000",
    nonce: "0x5",
    gas: "0x5208",
    gasPrice: "0x1",
    input: "0x",
    v: "0x0",
    r: "0x1",
    s: "0x2",
    ...raw,
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("txHeader", () => {
  it("names the block and the index, with no previous for index 0", () => {
    const h = txHeader(tx({}), [BH, "0x0"]);
    expect(h.title).toBe("Transaction 0 of block 6");
    expect(h.prev).toBeNull();
    expect(h.next).toEqual({
      method: "eth_getTransactionByBlockHashAndIndex",
      params: [BH, "0x1"],
      label: "Next transaction (1)",
    });
  });

  it("links the previous transaction", () => {
    const h = txHeader(tx({ transactionIndex: "0x44b", blockNumber: "0x9" }), [BH, "0x44b"]);
    expect(h.title).toBe("Transaction 1099 of block 9");
    expect(h.prev?.params).toEqual([BH, "0x44a"]);
    expect(h.next?.params).toEqual([BH, "0x44c"]);
  });

  it("has no neighbours while pending", () => {
    const h = txHeader(tx({ blockHash: null, blockNumber: null, transactionIndex: null }), []);
    expect(h.title).toBe("Pending transaction");
    expect(h.prev).toBeNull();
    expect(h.next).toBeNull();
    expect(h.blockHash).toBeNull();
  });

  it("falls back on the request's block hash when the answer's is malformed", () => {
    const h = txHeader(tx({ blockHash: "0x12", transactionIndex: "0x2" }), [BH, "0x2"]);
    expect(h.blockHash).toBe(BH);
    expect(h.prev?.params).toEqual([BH, "0x1"]);
  });
});
