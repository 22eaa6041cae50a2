import { encodeErrorResult, parseAbi } from "viem/utils";
import { describe, expect, it } from "vitest";
import { formatTokenAmount, type Named, nameCall, nameError, nameLog, valueText } from "./names.ts";
import { BUNDLED_SELECTORS } from "./signature-selectors.ts";
import { bundledTable, SIGNATURE_GROUPS, selectorsOf } from "./signatures.ts";
import { mainnetFixture } from "./test-fixtures.ts";

type Log = { address: string; topics: string[]; data: string; logIndex: string };
type Receipt = { transactionIndex: string; logs: Log[] };
type Tx = { transactionIndex: string; to: string | null; input: string };

const receipts = (name: string) => mainnetFixture(name).result as Receipt[];
const logsOf = (name: string) => receipts(name).flatMap((r) => r.logs);
const count = (items: (Named | null)[]) => {
  const by: Record<string, number> = {};
  for (const n of items) if (n) by[`${n.source}:${n.name}`] = (by[`${n.source}:${n.name}`] ?? 0) + 1;
  return by;
};
const args = (n: Named | null) => Object.fromEntries((n?.args ?? []).map((a) => [a.name, a.text]));

describe("the bundled table", () => {
  it("is built with the selectors worked out ahead, which are its entries' own (else: npx tsx scripts/gen-signature-selectors.ts)", () => {
    expect(BUNDLED_SELECTORS).toEqual(selectorsOf(SIGNATURE_GROUPS));
    expect(BUNDLED_SELECTORS.length).toBeGreaterThan(100);
  });

  it("has a source for every group and indexes functions, events and errors", () => {
    for (const g of SIGNATURE_GROUPS) expect(g.source.length).toBeGreaterThan(5);
    const t = bundledTable();
    expect(t.functions.get("0xa9059cbb")?.[0]?.groups).toEqual(["ERC-20"]);
    // ERC-20 and ERC-721 approve(address,uint256): one selector, one shape, both groups.
    expect(t.functions.get("0x095ea7b3")?.[0]?.groups).toEqual(["ERC-20", "ERC-721"]);
    // Transfer: one topic 0, two shapes (2 or 3 indexed arguments).
    const transfer = t.events.get("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
    expect(transfer?.map((e) => e.groups[0])).toEqual(["ERC-20", "ERC-721"]);
    expect(t.errors.get("0xe450d38c")?.[0]?.item.name).toBe("ERC20InsufficientBalance");
    expect(t.errors.get("0x118cdaa7")?.[0]?.item.name).toBe("OwnableUnauthorizedAccount");
  });
});

describe("names of the real mainnet logs", () => {
  it("eth_getBlockReceipts.02: 252 of 291 logs named, token, WETH and Uniswap events among them", () => {
    const logs = logsOf("eth_getBlockReceipts.02.json");
    const names = logs.map((l) => nameLog(l.topics, l.data, l.address));
    expect(logs).toHaveLength(291);
    expect(names.filter(Boolean)).toHaveLength(252);
    expect(count(names)).toEqual({
      "ERC-20:Transfer": 141,
      "ERC-20:Approval": 26,
      "ERC-721:Transfer": 2,
      "ERC-721:Approval": 1,
      "ERC-721 / ERC-1155:ApprovalForAll": 1,
      "WETH9:Deposit": 14,
      "WETH9:Withdrawal": 10,
      "Uniswap v2 pair:Sync": 27,
      "Uniswap v2 pair:Swap": 27,
      "Uniswap v3 pool:Swap": 2,
      "OpenZeppelin:OwnershipTransferred": 1,
    });
  });

  it("eth_getBlockReceipts.01 (2017) and .10: 19 of 62 and 27 of 37 logs named", () => {
    expect(logsOf("eth_getBlockReceipts.01.json").map((l) => nameLog(l.topics, l.data, l.address))).toSatisfy(
      (n: (Named | null)[]) => n.length === 62 && n.filter(Boolean).length === 19,
    );
    const ten = logsOf("eth_getBlockReceipts.10.json").map((l) => nameLog(l.topics, l.data, l.address));
    expect(ten).toHaveLength(37);
    expect(count(ten)).toEqual({
      "ERC-20:Transfer": 20,
      "ERC-20:Approval": 1,
      "Uniswap v2 pair:Sync": 2,
      "Uniswap v2 pair:Swap": 2,
      "Uniswap v3 pool:Swap": 1,
      "WETH9:Withdrawal": 1,
    });
  });

  it("keeps the Transfer candidate that decodes: ERC-721 (tokenId indexed) vs ERC-20 (value in data)", () => {
    const logs = logsOf("eth_getBlockReceipts.02.json");
    const nft = logs.find((l) => l.topics.length === 4 && l.topics[0]?.startsWith("0xddf252ad"));
    const token = logs.find((l) => l.topics.length === 3 && l.topics[0]?.startsWith("0xddf252ad"));
    const a = nameLog(nft!.topics, nft!.data, nft!.address);
    const b = nameLog(token!.topics, token!.data, token!.address);
    expect(a?.signature).toBe("Transfer(address indexed from, address indexed to, uint256 indexed tokenId)");
    expect(b?.signature).toBe("Transfer(address indexed from, address indexed to, uint256 value)");
  });

  it("a USDT Transfer and a WETH Transfer of block 0x1312D0A, with their raw amounts", () => {
    const logs = receipts("eth_getBlockReceipts.10.json").find((r) => r.transactionIndex === "0x2")!.logs;
    const weth = logs.find((l) => l.logIndex === "0x0")!;
    const usdt = logs.find((l) => l.logIndex === "0x1")!;
    expect(args(nameLog(weth.topics, weth.data, weth.address))).toMatchObject({
      from: "0xc7bBeC68d12a0d1830360F8Ec58fA599bA1b0e9b",
      to: "0x767AF52d988D1241A346851a1B39cCd11357376E",
      value: "219,328,578,887,636,659",
    });
    expect(args(nameLog(usdt.topics, usdt.data, usdt.address)).value).toBe("838,953,190");
  });

  it("a Uniswap v2 Swap has its six named arguments", () => {
    const logs = logsOf("eth_getBlockReceipts.10.json");
    const swap = logs
      .map((l) => nameLog(l.topics, l.data, l.address))
      .find((n) => n?.source === "Uniswap v2 pair" && n.name === "Swap");
    expect(swap?.args.map((a) => a.name)).toEqual([
      "sender",
      "amount0In",
      "amount1In",
      "amount0Out",
      "amount1Out",
      "to",
    ]);
  });
});

describe("names of the real mainnet calls", () => {
  const calls = (name: string) =>
    (mainnetFixture(name).result as { transactions: Tx[] }).transactions.filter((t) => t.input.length >= 10);

  it("eth_getBlockByNumber.02: 41 of 86 calls named; .14: 22 of 75", () => {
    const two = calls("eth_getBlockByNumber.02.json").map((t) => nameCall(t.input, t.to));
    expect(two).toHaveLength(86);
    expect(count(two)).toEqual({
      "ERC-20:transfer": 26,
      "ERC-721:safeTransferFrom": 5,
      "ERC-20 / ERC-721:approve": 4,
      "WETH9:withdraw": 2,
      "ERC-721 / ERC-1155:setApprovalForAll": 4,
    });
    const fourteen = calls("eth_getBlockByNumber.14.json").map((t) => nameCall(t.input, t.to));
    expect(fourteen).toHaveLength(75);
    expect(fourteen.filter(Boolean)).toHaveLength(22);
  });

  it("eth_getTransactionByBlockHashAndIndex.03: a USDT transfer with its arguments", () => {
    const tx = mainnetFixture("eth_getTransactionByBlockHashAndIndex.03.json").result as Tx;
    const n = nameCall(tx.input, tx.to);
    expect(n?.signature).toBe("transfer(address recipient, uint256 amount)");
    expect(args(n)).toEqual({
      recipient: "0xfdb16996831753d5331fF813c29a93c76834A0AD",
      amount: "2,678,710,000",
    });
  });

  it("an unknown selector and a plain transfer stay unnamed", () => {
    const router = mainnetFixture("eth_getTransactionByBlockHashAndIndex.04.json").result as Tx;
    expect(nameCall(router.input, router.to)).toBeNull();
    expect(nameCall("0x", router.to)).toBeNull();
    expect(nameCall("0xa9059c", router.to)).toBeNull();
    expect(nameCall({ not: "hex" }, router.to)).toBeNull();
  });
});

describe("the user's ABI comes first", () => {
  const token = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
  const user = parseAbi([
    "event Transfer(address indexed sender, address indexed receiver, uint256 wad)",
    "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable",
  ]);
  const ctx = { userAbi: (a: string) => (a.toLowerCase() === token.toLowerCase() ? user : undefined) };
  const log = {
    topics: [
      "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
      "0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      "0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8",
    ],
    data: "0x00000000000000000000000000000000000000000000003635c9adc5dea00000",
  };

  it("names a log with the user's parameter names, and other addresses with the table", () => {
    const mine = nameLog(log.topics, log.data, token, ctx);
    expect(mine?.fromUser).toBe(true);
    expect(mine?.source).toBe("your ABI");
    expect(args(mine)).toMatchObject({ wad: "1,000,000,000,000,000,000,000" });
    expect(nameLog(log.topics, log.data, "0x0000000000000000000000000000000000000001", ctx)?.source).toBe(
      "ERC-20",
    );
  });

  it("names a router call the table does not know (real mainnet calldata)", () => {
    const router = mainnetFixture("eth_getTransactionByBlockHashAndIndex.04.json").result as Tx;
    const n = nameCall(router.input, router.to, { userAbi: () => user });
    expect(n?.name).toBe("swapExactETHForTokens");
    expect(n?.args.map((a) => a.name)).toEqual(["amountOutMin", "path", "to", "deadline"]);
  });

  it("falls back to the table when the user's ABI throws or does not decode", () => {
    const broken = { userAbi: () => [{ type: "event", name: "Transfer", inputs: "nope" }] as never };
    expect(nameLog(log.topics, log.data, token, broken)?.source).toBe("ERC-20");
    const throwing = {
      userAbi: () => {
        throw new Error("storage");
      },
    };
    expect(nameLog(log.topics, log.data, token, throwing)?.source).toBe("ERC-20");
  });
});

describe("custom errors", () => {
  // The devnet Reverter's InsufficientBalance(7, 42) (devnet/seed-manifest.json, reverts.customError).
  const DEVNET =
    "0xcf4791810000000000000000000000000000000000000000000000000000000000000007000000000000000000000000000000000000000000000000000000000000002a";

  it("the devnet's custom error shares its selector with OpenZeppelin's Errors.InsufficientBalance", () => {
    const n = nameError(DEVNET, null);
    expect(n?.signature).toBe("InsufficientBalance(uint256 balance, uint256 needed)");
    expect(n?.source).toBe("OpenZeppelin");
    expect(args(n)).toEqual({ balance: "7", needed: "42" });
  });

  it("with the Reverter's ABI pasted for its address, its own names", () => {
    const abi = parseAbi(["error InsufficientBalance(uint256 available, uint256 required)"]);
    const n = nameError(DEVNET, "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", { userAbi: () => abi });
    expect(n?.fromUser).toBe(true);
    expect(args(n)).toEqual({ available: "7", required: "42" });
  });

  it("ERC-6093 and Ownable errors", () => {
    const abi = parseAbi([
      "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
      "error OwnableUnauthorizedAccount(address account)",
    ]);
    const sender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const e1 = encodeErrorResult({ abi, errorName: "ERC20InsufficientBalance", args: [sender, 1n, 2n] });
    expect(args(nameError(e1, null))).toEqual({ sender, balance: "1", needed: "2" });
    const e2 = encodeErrorResult({ abi, errorName: "OwnableUnauthorizedAccount", args: [sender] });
    expect(nameError(e2, null)?.source).toBe("OpenZeppelin");
  });

  it("Error(string), unknown selectors and junk give null", () => {
    expect(nameError("0x08c379a0", null)).toBeNull();
    expect(nameError("0x12345678", null)).toBeNull();
    expect(nameError("nope", null)).toBeNull();
  });
});

describe("amounts and values as text", () => {
  it("token amounts keep every decimal and group the whole part", () => {
    expect(formatTokenAmount(1500250000n, { symbol: "USDC", decimals: 6 })).toBe("1,500.25 USDC");
    expect(formatTokenAmount(0n, { symbol: "DVT", decimals: 18 })).toBe("0 DVT");
    expect(formatTokenAmount(1n, { symbol: "WETH", decimals: 18 })).toBe("0.000000000000000001 WETH");
  });

  it("values: integers grouped, strings quoted, long lists cut", () => {
    expect(valueText(1234567n)).toBe("1,234,567");
    expect(valueText("hi")).toBe('"hi"');
    expect(valueText([1n, 2n])).toBe("[1, 2]");
    expect(valueText(Array.from({ length: 30 }, () => 1n))).toMatch(/… 10 more\]$/);
    expect(valueText("x".repeat(1000)).length).toBeLessThan(420);
  });
});
