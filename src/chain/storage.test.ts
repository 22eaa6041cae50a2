import { encodeAbiParameters, encodePacked, keccak256 } from "viem/utils";
import { describe, expect, it } from "vitest";
import {
  decodeStorageWord,
  dynamicDataSlot,
  type MappingKeyType,
  mappingSlot,
  nestedMappingSlot,
  type StorageWordView,
  slotToHex,
} from "./storage.ts";
import { eip55, mainnetFixture } from "./test-fixtures.ts";

function decoded(result: unknown): StorageWordView {
  const view = decodeStorageWord(result);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

const pad64 = (hex: string) => `0x${hex.padStart(64, "0")}`;

describe("decodeStorageWord on the mainnet fixtures", () => {
  it("eth_getStorageAt.01: an address in slot 1", () => {
    const w = decoded(mainnetFixture("eth_getStorageAt.01.json").result);
    expect(w.looksLikeAddress).toBe(true);
    expect(w.address).toBe(eip55("0xab1fe06691b211d9ee29838dac578395bec960fe"));
    expect(w.bool).toBeNull();
    expect(w.uint256).toBe(0xab1fe06691b211d9ee29838dac578395bec960fen);
  });

  it("eth_getStorageAt.02: 255 (uint8 max, or the length word of a 127-byte string)", () => {
    const w = decoded(mainnetFixture("eth_getStorageAt.02.json").result);
    expect(w.uint256Text).toBe("255");
    expect(w.int256).toBe(255n);
    expect(w.bool).toBeNull();
    expect(w.looksLikeAddress).toBe(true);
    expect(w.string).toEqual({ kind: "long", length: 127n });
  });

  it("eth_getStorageAt.06: zero at genesis", () => {
    const w = decoded(mainnetFixture("eth_getStorageAt.06.json").result);
    expect(w).toMatchObject({
      isZero: true,
      uint256: 0n,
      int256: 0n,
      bool: false,
      string: null,
      looksLikeAddress: false,
    });
    expect(w.address).toBe("0x0000000000000000000000000000000000000000");
  });
});

describe("decodeStorageWord, hand-made words", () => {
  const hello = `0x${Buffer.from("hello").toString("hex").padEnd(62, "0")}0a`;
  it.each<[string, Partial<StorageWordView>]>([
    [pad64("1"), { uint256: 1n, int256: 1n, bool: true }],
    [`0x${"ff".repeat(32)}`, { uint256: 2n ** 256n - 1n, int256: -1n, int256Text: "-1", bool: null }],
    [`0x80${"00".repeat(31)}`, { int256: -(2n ** 255n) }],
    [pad64("c0ffee"), { uint256: 12_648_430n, uint256Text: "12,648,430" }],
    [hello, { string: { kind: "short", length: 5, text: "hello", bytes: "0x68656c6c6f" } }],
    // "hello" with a non-zero byte between the text and the length byte: not a short string.
    [`0x${Buffer.from("hello").toString("hex").padEnd(60, "0")}010a`, { string: null }],
    ["0x0", { isZero: true, word: pad64("0") as `0x${string}` }],
    ["0xff", { uint256: 255n }],
    ["0xABC", { uint256: 0xabcn, word: pad64("abc") as `0x${string}` }],
  ])("%s", (input, expected) => {
    expect(decoded(input)).toMatchObject(expected);
  });

  it.each([[`0x${"00".repeat(33)}`], ["0x"], ["0xzz"], [12], [null]])("rejects %j", (input) => {
    expect(decodeStorageWord(input).ok).toBe(false);
  });
});

describe("slotToHex", () => {
  it.each<[bigint | number | string, string]>([
    [0, pad64("0")],
    [1n, pad64("1")],
    ["0x1", pad64("1")],
    ["10", pad64("a")],
    [2n ** 256n - 1n, `0x${"ff".repeat(32)}`],
  ])("%s", (slot, expected) => {
    expect(slotToHex(slot)).toEqual({ ok: true, value: expected });
  });

  it.each<[bigint | number | string]>([[-1], [2n ** 256n], ["abc"], [1.5]])("rejects %s", (slot) => {
    expect(slotToHex(slot).ok).toBe(false);
  });
});

describe("mappingSlot", () => {
  // Known values: the devnet Store contract's `mapping(address => uint256) balances` at slot 1
  // (docs/devnet-data.md, read back from a real node).
  it.each([
    [
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      "0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502",
    ],
    [
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0x3c8e904cdb19937d60d41c8d984b1a8803ad6e0891b4f9e032dcec2a22c2c7f5",
    ],
    [
      "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      "0x0b083aff9656985dfe31da85d804ae48751ca629d18248f32ff52e77f5a2fb2b",
    ],
    [
      "0x000000000000000000000000000000000000dEaD",
      "0xb34209a263f6c38fe55f099e9e70f9d67e93982480ff3234a5e0108028ad164d",
    ],
  ])("balances[%s] at slot 1", (key, expected) => {
    expect(mappingSlot(key, "address", 1)).toEqual({ ok: true, value: expected });
    expect(mappingSlot(key.toLowerCase(), "address", "0x1")).toEqual({ ok: true, value: expected });
  });

  // Computed independently: viem's ABI encoder (or packed encoding for string keys) + keccak256.
  it.each<[MappingKeyType, string | bigint | boolean, string]>([
    ["uint256", 42n, keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [42n, 7n]))],
    [
      "uint256",
      "0x2a",
      keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [42n, 7n])),
    ],
    ["int256", -5n, keccak256(encodeAbiParameters([{ type: "int256" }, { type: "uint256" }], [-5n, 7n]))],
    [
      "bytes32",
      `0x${"ab".repeat(32)}`,
      keccak256(
        encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [`0x${"ab".repeat(32)}`, 7n]),
      ),
    ],
    ["bool", true, keccak256(encodeAbiParameters([{ type: "bool" }, { type: "uint256" }], [true, 7n]))],
    ["string", "alice", keccak256(encodePacked(["string", "uint256"], ["alice", 7n]))],
  ])("%s key %s at slot 7", (type, key, expected) => {
    expect(mappingSlot(key, type, 7n)).toEqual({ ok: true, value: expected });
  });

  it.each<[MappingKeyType, string | bigint | boolean, string]>([
    ["address", "0x1234", "key: not a 20-byte address"],
    ["uint256", -1n, "key: out of the uint256 range"],
    ["int256", 2n ** 255n, "key: out of the int256 range"],
    ["bytes32", `0x${"ab".repeat(33)}`, "key: not hex of at most 32 bytes"],
    ["bool", "yes", "key: not true or false"],
  ])("rejects a bad %s key", (type, key, error) => {
    expect(mappingSlot(key, type, 0)).toEqual({ ok: false, error });
  });

  it("rejects a bad slot", () => {
    expect(mappingSlot(1n, "uint256", -1)).toEqual({ ok: false, error: "slot: out of the uint256 range" });
  });
});

describe("nestedMappingSlot", () => {
  const owner = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
  const spender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  it("allowance[owner][spender] at slot 2", () => {
    const inner = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 2n]));
    const expected = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [spender, inner]),
    );
    expect(
      nestedMappingSlot(
        [
          { type: "address", value: owner },
          { type: "address", value: spender },
        ],
        2,
      ),
    ).toEqual({ ok: true, value: expected });
  });

  it("one key is a plain mapping; no key is the slot itself; bad keys are named", () => {
    expect(nestedMappingSlot([{ type: "address", value: owner }], 1)).toEqual(
      mappingSlot(owner, "address", 1),
    );
    expect(nestedMappingSlot([], 3)).toEqual(slotToHex(3));
    expect(
      nestedMappingSlot(
        [
          { type: "address", value: owner },
          { type: "uint256", value: "x" },
        ],
        1,
      ),
    ).toEqual({
      ok: false,
      error: 'key 2: "x" is not a decimal or 0x-hex number',
    });
  });
});

describe("dynamicDataSlot", () => {
  it("matches the long-string data slot that the eth_estimateGas.19 fixture overrides", () => {
    // The state override of eth_estimateGas.19 writes the data of the long string kept in slot 1.
    const params = mainnetFixture("eth_estimateGas.19.json").params as [
      unknown,
      unknown,
      Record<string, { state: object }>,
    ];
    const override = Object.values(params[2])[0];
    expect(Object.keys(override?.state ?? {})).toContain(
      (dynamicDataSlot(1) as { ok: true; value: string }).value,
    );
    expect(dynamicDataSlot(0)).toEqual({
      ok: true,
      value: "0x290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563",
    });
  });
});
