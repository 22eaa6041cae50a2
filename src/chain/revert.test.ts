import { describe, expect, it } from "vitest";
import {
  decodeRevertData,
  describeNodeError,
  PANIC_CODES,
  panicMeaning,
  type RevertReason,
} from "./revert.ts";
import { mainnetFixture, mainnetFixtures } from "./test-fixtures.ts";

const word = (n: bigint) => n.toString(16).padStart(64, "0");
const panic = (code: bigint) => `0x4e487b71${word(code)}`;

// Revert payloads as the devnet's Reverter contract returns them (docs/devnet-data.md).
const ERROR_STRING =
  "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001652657665727465723a20616c77617973206661696c7300000000000000000000";
const CUSTOM =
  "0xcf4791810000000000000000000000000000000000000000000000000000000000000007000000000000000000000000000000000000000000000000000000000000002a";

describe("decodeRevertData", () => {
  it.each<[string, unknown, RevertReason]>([
    ["empty", "0x", { kind: "empty", text: "no reason" }],
    ["absent", undefined, { kind: "empty", text: "no reason" }],
    ["null", null, { kind: "empty", text: "no reason" }],
    [
      "Error(string)",
      ERROR_STRING,
      { kind: "error", message: "Reverter: always fails", text: "Reverter: always fails" },
    ],
    [
      "Panic(0x11)",
      panic(0x11n),
      {
        kind: "panic",
        code: 0x11n,
        meaning: "arithmetic overflow or underflow",
        text: "panic 0x11: arithmetic overflow or underflow",
      },
    ],
    [
      "Panic(0x12)",
      panic(0x12n),
      {
        kind: "panic",
        code: 0x12n,
        meaning: "division or modulo by zero",
        text: "panic 0x12: division or modulo by zero",
      },
    ],
    [
      "Panic(0x99), unknown code",
      panic(0x99n),
      { kind: "panic", code: 0x99n, meaning: "unknown panic code", text: "panic 0x99: unknown panic code" },
    ],
    [
      "custom error",
      CUSTOM,
      {
        kind: "custom",
        selector: "0xcf479181",
        args: `0x${word(7n)}${word(42n)}`,
        text: "custom error 0xcf479181 with 64 bytes of arguments",
      },
    ],
    [
      "custom error without arguments",
      "0xdeadbeef",
      { kind: "custom", selector: "0xdeadbeef", args: "0x", text: "custom error 0xdeadbeef" },
    ],
    [
      "Error selector, broken encoding",
      "0x08c379a0",
      { kind: "invalid", raw: "0x08c379a0", text: "Error(string) selector with malformed arguments" },
    ],
    [
      "too short",
      "0x1234",
      { kind: "invalid", raw: "0x1234", text: "revert data of 2 byte(s), no selector" },
    ],
    ["not hex", "reverted", { kind: "invalid", raw: "reverted", text: "revert data is not hex" }],
  ])("%s", (_name, data, expected) => {
    expect(decodeRevertData(data)).toEqual(expected);
  });

  it.each([...PANIC_CODES.entries()])("panic 0x%s has a meaning", (code, meaning) => {
    expect(decodeRevertData(panic(code))).toMatchObject({ kind: "panic", code, meaning });
    expect(panicMeaning(code)).toBe(meaning);
  });

  it("knows the codes of the Solidity docs", () => {
    expect([...PANIC_CODES.keys()]).toEqual([
      0x00n,
      0x01n,
      0x11n,
      0x12n,
      0x21n,
      0x22n,
      0x31n,
      0x32n,
      0x41n,
      0x51n,
    ]);
    expect(panicMeaning(0x32n)).toBe("array index out of bounds");
    expect(panicMeaning(0x01n)).toMatch(/assert/);
  });
});

describe("describeNodeError on an error that is not an object", () => {
  it.each<[unknown, string]>([
    ["rate limited", "rate limited"],
    [42, "42"],
    [null, "null"],
    // Found by src/chain/fuzz.test.ts: String() of this array throws ("Cannot convert object to primitive value").
    [[{ toString: false }], '[{"toString":false}]'],
  ])("%j is told as its text", (error, message) => {
    const view = describeNodeError(error);
    expect(view.message).toBe(message);
    expect(view.code).toBeNull();
  });
});

describe("describeNodeError on the node errors of the fixtures", () => {
  it.each([
    [
      "eth_estimateGas.14.json",
      {
        code: -32000,
        category: "block-not-found",
        title: "Block not found",
        facts: [{ label: "block", value: "4,294,967,295" }],
      },
    ],
    [
      "eth_estimateGas.17.json",
      {
        code: -32000,
        category: "insufficient-funds",
        title: "Insufficient funds",
        facts: [
          { label: "have", value: "0 ETH" },
          { label: "want", value: "0.33548825 ETH" },
        ],
      },
    ],
    [
      "eth_estimateGas.19.json",
      {
        code: -32000,
        category: "gas-exceeds-allowance",
        title: "Gas required exceeds allowance",
        facts: [{ label: "allowance", value: "6,709,765" }],
      },
    ],
    [
      "eth_getStorageAt.09.json",
      { code: -32602, category: "invalid-params", title: "Invalid params", facts: [] },
    ],
  ])("%s", (name, expected) => {
    const f = mainnetFixture(name);
    const view = describeNodeError(f.error);
    expect(view).toMatchObject({ ...expected, revert: null });
    expect(view.message).toBe((f.error as { message: string }).message);
  });

  it("covers every error fixture", () => {
    const withError = mainnetFixtures().filter((f) => f.error !== undefined);
    expect(withError).toHaveLength(4);
    for (const f of withError) expect(describeNodeError(f.error).category).not.toBe("other");
  });
});

describe("describeNodeError, hand-made", () => {
  it("decodes the data of a code-3 revert", () => {
    const view = describeNodeError({
      code: 3,
      message: "execution reverted: Reverter: always fails",
      data: ERROR_STRING,
    });
    expect(view.category).toBe("revert");
    expect(view.title).toBe("Execution reverted");
    expect(view.revert).toEqual({
      kind: "error",
      message: "Reverter: always fails",
      text: "Reverter: always fails",
    });
  });

  it("decodes a panic and a custom error", () => {
    expect(
      describeNodeError({ code: 3, message: "execution reverted", data: panic(0x12n) }).revert,
    ).toMatchObject({
      kind: "panic",
      code: 0x12n,
    });
    expect(describeNodeError({ code: 3, message: "execution reverted", data: CUSTOM }).revert).toMatchObject({
      kind: "custom",
      selector: "0xcf479181",
    });
  });

  it("falls back on the message when there is no data", () => {
    expect(describeNodeError({ code: -32000, message: "execution reverted: nope" }).revert).toEqual({
      kind: "error",
      message: "nope",
      text: "nope",
    });
    expect(describeNodeError({ code: 3, message: "execution reverted" }).revert).toEqual({
      kind: "empty",
      text: "no reason",
    });
  });

  it.each([
    [{ code: -32601, message: "the method eth_foo does not exist" }, "method-not-found"],
    [{ code: -32700, message: "parse error" }, "parse-error"],
    [{ code: -32005, message: "limit exceeded" }, "limit-exceeded"],
    [{ code: -32000, message: "nonce too low" }, "nonce"],
    [{ code: -32000, message: "intrinsic gas too low" }, "intrinsic-gas"],
    [{ code: 42, message: "something" }, "other"],
    [null, "other"],
    ["boom", "other"],
  ])("%j → %s", (error, category) => {
    expect(describeNodeError(error).category).toBe(category);
  });
});

describe("describeNodeError on absurd messages", () => {
  it("reads no number of a million digits out of a node's message", () => {
    const huge = "9".repeat(1_000_000);
    const view = describeNodeError({
      code: -32000,
      message: `insufficient funds for gas * price + value: have ${huge} want 1`,
    });
    expect(view.title).toBe("Insufficient funds");
    // The facts are read from numbers a real node writes (up to 80 digits), not from this one.
    expect(JSON.stringify(view.facts ?? [])).not.toContain("9".repeat(100));
  });
});
