import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extraDataClient,
  extraDataText,
  inputSelector,
  isHexData,
  parseHexData,
  printableUtf8,
  splitInput,
} from "./hexdata.ts";
import { mainnetFixture, mainnetFixtures } from "./test-fixtures.ts";

describe("extraDataText", () => {
  it.each<[unknown, string | null]>([
    ["0x4d616465206f6e20746865206d6f6f6e20627920426c6f636b6e6174697665", "Made on the moon by Blocknative"],
    ["0x7273796e632d6275696c6465722e78797a", "rsync-builder.xyz"],
    ["0xe29885", "★"],
    // Genesis: 32 random bytes.
    ["0x11bbe8db4e347b4e8c937c1c8370e4b5ed33adb3db69cbdb7a38e1e50b1b82fa", null],
    // geth RLP signature: binary prefix bytes.
    ["0xd883010c02846765746888676f312e32302e37856c696e7578", null],
    ["0x68690a", null], // "hi\n": a control character
    ["0xc328", null], // invalid UTF-8
    ["0x", null],
    ["0x123", null],
    [42, null],
  ])("%j → %j", (input, expected) => {
    expect(extraDataText(input)).toBe(expected);
  });
});

describe("extraDataClient", () => {
  it.each<[unknown, string | null]>([
    ["0xd883010c02846765746888676f312e32302e37856c696e7578", "geth v1.12.2 go1.20.7 linux"],
    ["0xd5830107008650617269747986312e31382e30826c69", "Parity v1.7.0 1.18.0 li"],
    ["0x7273796e632d6275696c6465722e78797a", null],
    ["0x11bbe8db4e347b4e8c937c1c8370e4b5ed33adb3db69cbdb7a38e1e50b1b82fa", null],
    ["0x", null],
  ])("%j → %j", (input, expected) => {
    expect(extraDataClient(input)).toBe(expected);
  });

  it("reads the mainnet blocks' extraData", () => {
    const block = mainnetFixture("eth_getBlockByHash.02.json").result as { extraData: string };
    expect(extraDataClient(block.extraData)).toBe("geth v1.12.2 go1.20.7 linux");
  });
});

describe("splitInput", () => {
  const transfer = mainnetFixture("eth_getTransactionByBlockHashAndIndex.01.json").result as {
    input: string;
  };
  it.each([
    ["0x", { bytes: 0, empty: true, selector: null, args: "0x", words: [], trailing: null }],
    ["0x1234", { bytes: 2, empty: false, selector: null, args: "0x1234", words: [], trailing: null }],
    ["0xe7cb5232", { bytes: 4, empty: false, selector: "0xe7cb5232", args: "0x", words: [], trailing: null }],
    [
      transfer.input,
      {
        bytes: 68,
        empty: false,
        selector: "0xa9059cbb",
        args: `0x${transfer.input.slice(10)}`,
        words: [
          "0x000000000000000000000000fa1dfa4588664928951778b355b3de1f703ade4a",
          "0x00000000000000000000000000000000000000000000000000000000001e0b87",
        ],
        trailing: null,
      },
    ],
    [
      "0xaabbccdd0102",
      { bytes: 6, empty: false, selector: "0xaabbccdd", args: "0x0102", words: [], trailing: "0x0102" },
    ],
  ])("%s", (input, expected) => {
    expect(splitInput(input)).toEqual({ ok: true, value: expected });
  });

  it.each([["0x123"], ["abc"], [null]])("rejects %j", (input) => {
    expect(splitInput(input).ok).toBe(false);
  });
});

describe("hex data helpers", () => {
  it("tells hex data from other strings", () => {
    expect(isHexData("0x")).toBe(true);
    expect(isHexData("0xAB")).toBe(true);
    expect(isHexData("0xA")).toBe(false);
    expect(isHexData("AB")).toBe(false);
    expect(parseHexData("0x0102")).toEqual({ ok: true, value: new Uint8Array([1, 2]) });
    expect(printableUtf8(new Uint8Array([0x41, 0x7f]))).toBeNull();
  });
});

describe("inputSelector", () => {
  it("is splitInput's selector, for any string and for real transactions", () => {
    const same = (v: unknown) => {
      const split = splitInput(v);
      expect(inputSelector(v)).toBe(split.ok ? split.value.selector : null);
    };
    for (const v of [
      "0x",
      "0x12",
      "0x123456",
      "0xA9059CBB",
      "0xa9059cbb00",
      "0xa9059cb",
      "a9059cbb",
      7,
      null,
    ])
      same(v);
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF") }), fc.string()),
        (s) => same(`0x${s}`),
      ),
    );
    for (const f of mainnetFixtures("eth_getBlockByNumber")) {
      const txs = (f.result as { transactions?: unknown[] } | null)?.transactions ?? [];
      for (const tx of txs)
        if (typeof tx === "object" && tx !== null) same((tx as { input?: unknown }).input);
    }
  });
});
