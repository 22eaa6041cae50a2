import { parseAbi } from "viem/utils";
import { describe, expect, it } from "vitest";
import { mainnetFixture } from "../../../chain/test-fixtures.ts";
import { abiWords, calledAddress, revertNoticeModel } from "./revert-notice.ts";

// The devnet's Reverter answers (devnet/seed-manifest.json, `reverts`).
const REASON =
  "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001652657665727465723a20616c77617973206661696c7300000000000000000000";
const CUSTOM =
  "0xcf4791810000000000000000000000000000000000000000000000000000000000000007000000000000000000000000000000000000000000000000000000000000002a";
const PANIC_11 = "0x4e487b710000000000000000000000000000000000000000000000000000000000000011";

const lines = (data: unknown, message = "execution reverted") =>
  Object.fromEntries(
    (revertNoticeModel({ code: 3, message, data }).revert?.lines ?? []).map((l) => [l.label, l.value]),
  );

describe("revertNoticeModel: code 3", () => {
  it("Error(string): the reason", () => {
    expect(revertNoticeModel({ code: 3, message: "execution reverted", data: REASON }).revert?.kind).toBe(
      "error",
    );
    expect(lines(REASON).Reason).toBe("Reverter: always fails");
  });

  it("Panic(uint256): the code and its meaning", () => {
    expect(lines(PANIC_11)).toMatchObject({
      "Panic code": "0x11 (17)",
      Meaning: "arithmetic overflow or underflow",
    });
  });

  it("a custom error: selector and raw argument words", () => {
    expect(lines(CUSTOM)).toMatchObject({
      Selector: "0xcf479181",
      "Argument word 1": `0x${"0".repeat(63)}7 (as uint256: 7)`,
      "Argument word 2": `0x${"0".repeat(62)}2a (as uint256: 42)`,
    });
  });

  it("a custom error named: by the bundled table, then by the user's ABI for the called contract", () => {
    const reverter = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
    const named = (names: Parameters<typeof revertNoticeModel>[1]) =>
      Object.fromEntries(
        (
          revertNoticeModel({ code: 3, message: "execution reverted", data: CUSTOM }, names).revert?.lines ??
          []
        ).map((l) => [l.label, l.value]),
      );
    expect(named({ names: {}, address: reverter })).toMatchObject({
      Kind: "custom error InsufficientBalance(uint256 balance, uint256 needed)",
      Selector: "0xcf479181",
      balance: "7",
      needed: "42",
    });
    const abi = parseAbi(["error InsufficientBalance(uint256 available, uint256 required)"]);
    const mine = named({ names: { userAbi: (a) => (a === reverter ? abi : undefined) }, address: reverter });
    expect(mine).toMatchObject({ available: "7", required: "42" });
    expect(mine["Named by"]).toMatch(/^your ABI/);
    expect(calledAddress([{ from: "0x1", to: reverter }])).toBe(reverter);
    expect(calledAddress(["0x1"])).toBeNull();
  });

  it("a custom error without arguments", () => {
    expect(lines("0x12345678")).toMatchObject({ Selector: "0x12345678", Arguments: "none" });
  });

  it("no data: the reason from the message, or none", () => {
    expect(lines(undefined, "execution reverted: nope").Reason).toBe("nope");
    expect(lines("0x").Reason).toMatch(/^none/);
  });

  it("data that is not hex", () => {
    expect(lines({ x: 1 })["Revert data"]).toBe("revert data is not hex");
  });
});

describe("revertNoticeModel: node errors", () => {
  it("insufficient funds: have and want in ether", () => {
    const m = revertNoticeModel(mainnetFixture("eth_estimateGas.17.json").error);
    expect(m.revert).toBeNull();
    expect(m.facts).toEqual([
      { label: "have", value: "0 ETH" },
      { label: "want", value: "0.33548825 ETH" },
    ]);
  });

  it("gas required exceeds allowance: the allowance", () => {
    const m = revertNoticeModel(mainnetFixture("eth_estimateGas.19.json").error);
    expect(m.facts).toEqual([{ label: "allowance", value: "6,709,765" }]);
  });

  it("other errors add nothing", () => {
    expect(revertNoticeModel({ code: -32602, message: "invalid argument" })).toEqual({
      revert: null,
      facts: [],
    });
  });
});

describe("abiWords", () => {
  it.each<[string, string[]]>([
    ["0x", []],
    [`0x${"11".repeat(32)}${"22".repeat(3)}`, [`0x${"11".repeat(32)}`, "0x222222"]],
  ])("%s", (args, words) => expect(abiWords(args)).toEqual(words));
});
