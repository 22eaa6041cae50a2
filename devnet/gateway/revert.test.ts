import { encodeErrorResult, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { normalizeRevert } from "./revert.ts";

const solidity = parseAbi([
  "error Error(string)",
  "error Panic(uint256)",
  "error Insufficient(uint256 have, uint256 want)",
]);
const reasonData = encodeErrorResult({ abi: solidity, errorName: "Error", args: ["value too low"] });
const panicData = encodeErrorResult({ abi: solidity, errorName: "Panic", args: [0x11n] });
const oddPanic = encodeErrorResult({ abi: solidity, errorName: "Panic", args: [0x99n] });
const customData = encodeErrorResult({ abi: solidity, errorName: "Insufficient", args: [1n, 2n] });

describe("normalizeRevert", () => {
  const cases: [string, { code: number; message: string; data?: unknown }, string, string][] = [
    [
      "Error(string)",
      { code: 3, message: "execution reverted: value too low", data: reasonData },
      "execution reverted: value too low",
      reasonData,
    ],
    [
      "Panic(0x11)",
      {
        code: 3,
        message: "execution reverted: panic: arithmetic underflow or overflow (0x11)",
        data: panicData,
      },
      "execution reverted: panic: arithmetic underflow or overflow (0x11)",
      panicData,
    ],
    [
      "an unknown panic code",
      { code: 3, message: "execution reverted", data: oddPanic },
      "execution reverted: panic: unknown panic code (0x99)",
      oddPanic,
    ],
    // Anvil puts the custom error's raw argument bytes into the message as text.
    [
      "a custom error",
      {
        code: 3,
        message: "execution reverted: custom error 0xe8620800: \u0000\u0000\u0001",
        data: customData,
      },
      "execution reverted: custom error 0xe8620800",
      customData,
    ],
    ["an empty revert", { code: 3, message: "execution reverted", data: "0x" }, "execution reverted", "0x"],
    ["a revert without data", { code: 3, message: "execution reverted" }, "execution reverted", "0x"],
    [
      "a -32000 revert",
      { code: -32000, message: "execution reverted", data: reasonData },
      "execution reverted: value too low",
      reasonData,
    ],
  ];
  it.each(cases)("gives %s code 3, the decoded message and the ABI data", (_n, error, message, data) => {
    expect(normalizeRevert(error)).toStrictEqual({ code: 3, message, data });
  });

  it("leaves other errors alone", () => {
    const e = { code: -32000, message: "gas required exceeds allowance (30000000)" };
    expect(normalizeRevert(e)).toBe(e);
  });
});
