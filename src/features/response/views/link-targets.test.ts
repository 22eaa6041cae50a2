import { describe, expect, it } from "vitest";
import { addressValue, type Field, hashValue, quantityValue, textValue } from "../../../chain/field.ts";
import { evmLinkFor, txByBlockLink, txLinkFor } from "./link-targets.ts";

const H = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";
const A = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const field = (key: string, value: Field["value"]): Field => ({ key, label: key, value });

describe("evmLinkFor", () => {
  it.each([
    ["hash", hashValue(H), "eth_getBlockByHash", [H, false]],
    ["parentHash", hashValue(H), "eth_getBlockByHash", [H, false]],
    ["blockHash", hashValue(H), "eth_getBlockByHash", [H, false]],
    ["number", quantityValue("0x9"), "eth_getBlockByNumber", ["0x9", false]],
    ["blockNumber", quantityValue("0x1f"), "eth_getBlockByNumber", ["0x1f", false]],
    ["miner", addressValue(A), "eth_getProof", ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", [], "latest"]],
    ["to", addressValue(A), "eth_getProof", ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", [], "latest"]],
    ["from", addressValue(A), "eth_getProof", ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", [], "latest"]],
    [
      "contractAddress",
      addressValue(A),
      "eth_getProof",
      ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", [], "latest"],
    ],
    [
      "address",
      addressValue(A),
      "eth_getProof",
      ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", [], "latest"],
    ],
  ] as const)("%s opens %s", (key, value, method, params) => {
    const target = evmLinkFor(field(key, value));
    expect(target?.method).toBe(method);
    expect(target?.params).toEqual(params);
    expect(target?.label).toBeTruthy();
  });

  it("offers the receipts beside a block number", () => {
    const target = evmLinkFor(field("blockNumber", quantityValue("0x8")));
    expect(target?.label).toBe("Open block 8");
    expect(target?.also).toEqual([
      {
        method: "eth_getBlockReceipts",
        params: ["0x8"],
        label: "Open receipts of block 8",
        text: "receipts",
      },
    ]);
  });

  it("links nothing for pending, invalid or other fields", () => {
    expect(evmLinkFor(field("hash", { kind: "pending", raw: null, text: "pending" }))).toBeUndefined();
    expect(evmLinkFor(field("number", hashValue("nope")))).toBeUndefined();
    expect(evmLinkFor(field("to", { kind: "none", raw: null, text: "contract creation" }))).toBeUndefined();
    expect(evmLinkFor(field("stateRoot", hashValue(H)))).toBeUndefined();
    expect(evmLinkFor(field("status", textValue("ok")))).toBeUndefined();
  });

  it("does not take a transaction's own hash for a block", () => {
    expect(txLinkFor(field("hash", hashValue(H)))).toBeUndefined();
    expect(txLinkFor(field("blockHash", hashValue(H)))?.method).toBe("eth_getBlockByHash");
  });
});

describe("txByBlockLink", () => {
  it("writes the index in hex", () => {
    expect(txByBlockLink(H, 1099).params).toEqual([H, "0x44b"]);
    expect(txByBlockLink(H, 0n).params).toEqual([H, "0x0"]);
  });
});
