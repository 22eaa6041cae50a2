import { describe, expect, it } from "vitest";
import { decodeBlock } from "../../../chain/block.ts";
import { blockHeader, blockTxLink, countText, uncleLink } from "./block-model.ts";

const H = "0x7f0ac3bb4bc169da7942ef354df062fcd4852bfbe779b94083594bf1040fb3de";

function view(raw: Record<string, unknown>, kind: "block" | "uncle" = "block") {
  const parsed = decodeBlock({ uncles: [], transactions: [], ...raw }, kind);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("blockHeader", () => {
  it("titles a block and links its neighbours and receipts, keeping the detail flag", () => {
    const h = blockHeader(view({ number: "0x9", hash: H }), ["0x9", true]);
    expect(h.title).toBe("Block 9");
    expect(h.numberHex).toBe("0x9");
    expect(h.prev).toMatchObject({ method: "eth_getBlockByNumber", params: ["0x8", true] });
    expect(h.next).toMatchObject({ method: "eth_getBlockByNumber", params: ["0xa", true] });
    expect(h.receipts).toEqual({
      method: "eth_getBlockReceipts",
      params: ["0x9"],
      label: "Receipts of this block",
    });
  });

  it("has no previous block for genesis, and detail false by hash", () => {
    const h = blockHeader(view({ number: "0x0", hash: H }), [H, false]);
    expect(h.title).toBe("Block 0");
    expect(h.prev).toBeNull();
    expect(h.next?.params).toEqual(["0x1", false]);
  });

  it("writes big numbers with separators", () => {
    expect(blockHeader(view({ number: "0x1312d00" }), ["latest", false]).title).toBe("Block 20,000,000");
  });

  it("titles a pending block and offers no links", () => {
    const h = blockHeader(view({ number: null, hash: null }), ["pending", false]);
    expect(h.title).toBe("Pending block");
    expect(h.prev).toBeNull();
    expect(h.next).toBeNull();
    expect(h.receipts).toBeNull();
  });

  it("titles an uncle by the block and index asked for", () => {
    const h = blockHeader(view({ number: "0x3" }, "uncle"), ["0x4", "0x0"]);
    expect(h.title).toBe("Uncle 0 of block 4");
    expect(h.receipts).toBeNull();
    expect(blockHeader(view({ number: "0x3" }, "uncle"), "nonsense").title).toBe("Uncle 3");
  });
});

describe("links", () => {
  it("links uncle i of a block", () => {
    expect(uncleLink("0x4", 1)).toEqual({
      method: "eth_getUncleByBlockNumberAndIndex",
      params: ["0x4", "0x1"],
      label: "uncle 1",
    });
  });

  it("links a block's transaction by hash and index, not when the hash is unknown", () => {
    expect(blockTxLink(H, 1099)).toEqual({
      method: "eth_getTransactionByBlockHashAndIndex",
      params: [H, "0x44b"],
      label: "Open transaction 1099",
    });
    expect(blockTxLink(null, 0)).toBeNull();
  });
});

describe("countText", () => {
  it.each([
    [0, "0 transactions"],
    [1, "1 transaction"],
    [1100, "1,100 transactions"],
  ])("%i", (n, text) => expect(countText(n, "transaction")).toBe(text));
});
