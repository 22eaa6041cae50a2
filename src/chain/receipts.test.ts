import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { runToEnd } from "./lazy-rows.ts";
import {
  checkBlockReceipts,
  decodeBlockReceipts,
  decodeKnownEvent,
  decodeLog,
  describeEvent,
  type KnownEvent,
  type ReceiptsView,
  receiptStatus,
} from "./receipts.ts";
import { heldRows, outlineOf } from "./row-text.ts";
import { eip55, mainnetFixture, mainnetFixtures, summaryNow } from "./test-fixtures.ts";

function decoded(result: unknown): ReceiptsView {
  const view = decodeBlockReceipts(result);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

type Receipt = Record<string, unknown>;
const receipts = (n: string) => mainnetFixture(`eth_getBlockReceipts.${n}.json`).result as Receipt[];

describe("decodeBlockReceipts on the mainnet fixtures", () => {
  it.each([
    // name, count, gas used, failed, pre-Byzantium, logs, known events, fees (wei), blob gas, creations
    // (fees: gas used × effective gas price, plus blob gas × blob gas price: 786,432 × 1 wei in 10)
    ["01", 252, 6_718_582n, 0, 252, 62, 19, 407_921_336_758_827_808n, 0n, 0],
    ["02", 94, 16_247_211n, 2, 0, 291, 171, 383_604_366_542_520_501n, 0n, 1],
    ["10", 40, 2_081_477n, 0, 0, 37, 21, 15_735_560_897_360_100n, 786_432n, 0],
  ])(
    "block receipts %s",
    (n, count, gasUsed, failed, withRoot, logs, knownEvents, fees, blobGasUsed, created) => {
      const view = decoded(receipts(n));
      expect(summaryNow(view).problems).toEqual([]);
      expect(summaryNow(view).totals).toEqual({
        count,
        gasUsed,
        failed,
        withRoot,
        logs,
        knownEvents,
        fees,
        blobGasUsed,
        contractsCreated: created,
      });
      const rows = view.rows.toArray();
      expect(rows.map((r) => r.index)).toEqual(rows.map((_r, i) => BigInt(i)));
    },
  );

  it("shows the state root of pre-Byzantium receipts (block 0x41b582)", () => {
    const row = decoded(receipts("01")).rows.at(0);
    expect(row?.status).toEqual({
      kind: "root",
      root: "0x2e13cd399b14755b69b1b5d3047f4c95b6c8798295dd4ee8918ed8804d6056fb",
      text: "pre-Byzantium: state root 0x2e13…56fb",
    });
    expect(row?.gasUsed).toBe(0x523bn);
    expect(row?.effectiveGasPriceText).toBe("443 gwei");
    expect(row?.type.name).toBe("legacy");
  });

  it("reads failures, the contract creation and a known transaction (block 0x112a880)", () => {
    const decodedView = decoded(receipts("02"));
    const view = { rows: decodedView.rows.toArray() };
    expect(view.rows.filter((r) => r.status.kind === "failed").map((r) => r.index)).toEqual([16n, 27n]);
    const created = view.rows.find((r) => r.contractAddress !== null);
    expect(created?.index).toBe(9n);
    expect(created?.contractAddress).toBe(eip55("0x0a82fc64ecfd6669899857ae3bb4c85398721fdd"));
    expect(created?.to).toBeNull();
    // The transaction of eth_getTransactionByBlockHashAndIndex.06 is receipt 0x24 of this block.
    const tx = mainnetFixture("eth_getTransactionByBlockHashAndIndex.06.json").result as Receipt;
    expect(view.rows[0x24]?.transactionHash).toBe(tx.hash);
    const first = view.rows[1]?.logs.at(0);
    expect(first?.event).toEqual({
      name: "Transfer",
      standard: "ERC-20",
      from: eip55("0x0865dfee215af901c0ff9e0db44b96074e434c63"),
      to: eip55("0x811b105d5d5d9e0b709fbf9ce0fbb11ce4b1c093"),
      value: 0n,
    });
    expect(first?.address).toBe("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    const names = view.rows.flatMap((r) =>
      r.logs.toArray().flatMap((l) => (l.event ? [`${l.event.standard} ${l.event.name}`] : [])),
    );
    expect(names.filter((n) => n === "ERC-721 Transfer")).toHaveLength(2);
    expect(names.filter((n) => n === "ERC-721 Approval")).toHaveLength(1);
    expect(names.filter((n) => n === "ERC-721/ERC-1155 ApprovalForAll")).toHaveLength(1);
  });

  it("reads blob receipts (block 0x1312d0a)", () => {
    const blobs = decoded(receipts("10"))
      .rows.toArray()
      .filter((r) => r.type.name === "blob (EIP-4844)");
    expect(blobs).toHaveLength(3);
    const raw = receipts("10").filter((r) => r.type === "0x3");
    expect(blobs.map((r) => r.blobGasUsed)).toEqual(raw.map((r) => BigInt(String(r.blobGasUsed))));
    expect(blobs.map((r) => r.transactionHash)).toEqual(raw.map((r) => r.transactionHash));
    expect(blobs.reduce((s, r) => s + (r.blobGasUsed ?? 0n), 0n)).toBe(786_432n);
  });

  it("the null fixture is not found, not an error", () => {
    expect(
      mainnetFixtures("eth_getBlockReceipts")
        .filter((f) => f.result === null)
        .map((f) => f.name),
    ).toEqual(["eth_getBlockReceipts.08.json"]);
    expect(decodeBlockReceipts(null).ok).toBe(false);
  });

  it("lists malformed receipts as problems", () => {
    const view = decoded([42, { status: "0x1" }]);
    expect(summaryNow(view).problems).toEqual([
      "receipt 0 is number, not an object",
      'receipt 0: "gasUsed" is missing or not a quantity',
      "receipt 0: no status and no root",
      'receipt 1: "gasUsed" is missing or not a quantity',
    ]);
  });
});

describe("the receipts' summary of a big answer whose rows came with their outlines", () => {
  it("reads the outlines, never the rows, and gives the rows' totals", () => {
    // New objects: a pass over the fixture's own would be gone on from by the next test's (`continuesFrom`).
    const rows = structuredClone(receipts("02"));
    // Rows whose text does not parse: a pass that read one would fail.
    const json = `[${rows.map(() => "{oops}").join(",")}]`;
    const ends = Int32Array.from(rows, (_, i) => 7 * (i + 1));
    const held = heldRows(json, ends, JSON.stringify(rows.map(outlineOf)));
    expect(runToEnd(decoded(held).summary)).toEqual(runToEnd(decoded(rows).summary));
  });
});

describe("the receipts' summary of an answer arriving in pieces", () => {
  /** `items` seen through a proxy that counts the receipts read (index reads). */
  function counted(items: unknown[]) {
    const reads = { n: 0 };
    const array = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.n += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    return { array, reads };
  }

  it("goes on from where the last piece's pass stopped, with the totals of one full pass", () => {
    // Some malformed receipts too: their problems keep their places.
    const all: unknown[] = [...receipts("02"), 7, { status: "0x1" }, ...receipts("01")];
    const first = counted(all.slice(0, 100));
    const firstView = decoded(first.array);
    // The first piece is only partly counted (40 receipts) when the next one comes.
    let budget = 40;
    expect(firstView.summary.run(() => --budget > 0)).toBeNull();
    // (Reading at most 2 more to see whether it goes on from an earlier pass: it does not.)
    expect(first.reads.n - 40).toBeLessThanOrEqual(2);
    const second = counted(all.slice(0, 300));
    const secondView = decoded(second.array);
    expect(secondView.summary.run(() => true)).not.toBeNull();
    // The check of the shared part reads 2 receipts, the rest are the new ones.
    expect(second.reads.n).toBe(2 + 260);
    const third = counted(all.slice());
    const thirdView = decoded(third.array);
    runToEnd(thirdView.summary);
    expect(third.reads.n).toBe(2 + all.length - 300);
    const whole = summaryNow(thirdView);

    // Another answer (the same values, new objects) starts over.
    const again = counted(structuredClone(all));
    const againView = decoded(again.array);
    runToEnd(againView.summary);
    expect(again.reads.n - all.length).toBeLessThanOrEqual(2);
    const fresh = summaryNow(againView);
    expect(whole).toEqual(fresh);
    expect(fresh.totals.count).toBe(all.length);
    expect(fresh.problems).toEqual([
      "receipt 94 is number, not an object",
      'receipt 94: "gasUsed" is missing or not a quantity',
      "receipt 94: no status and no root",
      'receipt 95: "gasUsed" is missing or not a quantity',
    ]);
    // The first piece's pass, still running, is its own: it ends on its 100 receipts.
    expect(runToEnd(firstView.summary).totals.count).toBe(100);
  });

  it("starts over for another answer whose ends are the same plain values (a hostile node's numbers are no receipts of one answer)", () => {
    const receipt = receipts("02")[0];
    const first = decoded([1, receipt, 1]);
    expect(summaryNow(first).totals.count).toBe(3);
    expect(summaryNow(first).totals.gasUsed).toBeGreaterThan(0n);
    const other = summaryNow(decoded([1, 2, 1]));
    expect(other.totals.gasUsed).toBe(0n);
    expect(other.problems).toContain("receipt 1 is number, not an object");
    const events = decoded([1, receipt, 1]).knownEvents;
    runToEnd(events);
    expect(decoded([1, 2, 1]).knownEvents.counted).toBe(0);
  });

  it("counts the known events once, going on from the last piece's count", () => {
    const all: unknown[] = [...receipts("02"), ...receipts("01")];
    // The same receipts as new objects: another answer, counted from its first receipt.
    const reference = decoded(structuredClone(all)).knownEvents;
    expect(reference.counted).toBe(0);
    const whole = runToEnd(reference);
    expect(whole).toBeGreaterThan(0);
    const first = decoded(all.slice(0, 100));
    expect(first.knownEvents.counted).toBe(0);
    let budget = 40;
    expect(first.knownEvents.run(() => --budget > 0)).toBeNull();
    const second = decoded(all.slice());
    expect(second.knownEvents.counted).toBe(40);
    expect(runToEnd(second.knownEvents)).toBe(whole);
    // The first piece's count, still running, is its own.
    expect(runToEnd(first.knownEvents)).toBe(
      runToEnd(decoded(structuredClone(all.slice(0, 100))).knownEvents),
    );
  });

  it("does not keep an answer's receipts once its view is gone (the next count looks for it weakly)", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const made = (() => {
      const result: unknown[] = structuredClone(receipts("02"));
      const view = decoded(result);
      let budget = 5;
      view.knownEvents.run(() => --budget > 0);
      runToEnd(view.summary);
      return new WeakRef(result);
    })();
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(made.deref()).toBeUndefined();
  });
});

describe("receiptStatus", () => {
  it.each<[Receipt, string]>([
    [{ status: "0x1" }, "success"],
    [{ status: "0x0" }, "failed"],
    [{ root: `0x${"ab".repeat(32)}` }, "root"],
    [{ status: "0x2" }, "unknown"],
    [{}, "unknown"],
  ])("%j → %s", (receipt, kind) => {
    expect(receiptStatus(receipt).kind).toBe(kind);
  });
});

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const APPROVAL_FOR_ALL = "0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31";
const A = "0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8";
const B = "0x0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const word = (n: bigint) => `0x${n.toString(16).padStart(64, "0")}`;
const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("decodeKnownEvent", () => {
  it.each<[string, string[], string, KnownEvent | null]>([
    [
      "ERC-20 Transfer",
      [TRANSFER, A, B],
      word(1000n * 10n ** 18n),
      { name: "Transfer", standard: "ERC-20", from: ALICE, to: BOB, value: 1000n * 10n ** 18n },
    ],
    [
      "ERC-721 Transfer",
      [TRANSFER, A, B, word(42n)],
      "0x",
      { name: "Transfer", standard: "ERC-721", from: ALICE, to: BOB, tokenId: 42n },
    ],
    [
      "ERC-20 Approval",
      [APPROVAL, A, B],
      word(500n),
      { name: "Approval", standard: "ERC-20", owner: ALICE, spender: BOB, value: 500n },
    ],
    [
      "ERC-721 Approval",
      [APPROVAL, A, B, word(7n)],
      "0x",
      { name: "Approval", standard: "ERC-721", owner: ALICE, approved: BOB, tokenId: 7n },
    ],
    [
      "ApprovalForAll",
      [APPROVAL_FOR_ALL, A, B],
      word(1n),
      { name: "ApprovalForAll", standard: "ERC-721/ERC-1155", owner: ALICE, operator: BOB, approved: true },
    ],
    ["unknown event", [`0x${"11".repeat(32)}`, A], word(1n), null],
    [
      "Transfer with non-indexed arguments (CryptoKitties style)",
      [TRANSFER],
      `${word(1n)}${A.slice(2)}${B.slice(2)}`,
      null,
    ],
    ["Transfer with short data", [TRANSFER, A, B], "0x01", null],
    ["no topics", [], "0x", null],
  ])("%s", (_name, topics, data, expected) => {
    expect(decodeKnownEvent(topics, data)).toEqual(expected);
  });

  it("describes events in one line", () => {
    expect(describeEvent({ name: "Transfer", standard: "ERC-20", from: ALICE, to: BOB, value: 1500n })).toBe(
      "ERC-20 Transfer 0x7099…79C8 → 0x3C44…93BC, value 1,500",
    );
    expect(
      describeEvent({
        name: "ApprovalForAll",
        standard: "ERC-721/ERC-1155",
        owner: ALICE,
        operator: BOB,
        approved: false,
      }),
    ).toBe("ApprovalForAll 0x7099…79C8 revokes operator 0x3C44…93BC");
  });

  it("decodeLog never throws", () => {
    expect(decodeLog(null)).toEqual({
      logIndex: null,
      address: null,
      topics: [],
      data: "0x",
      removed: false,
      event: null,
      eventText: null,
    });
  });
});

/** A block header consistent with a receipts list: what a node would answer for that block. */
function blockFor(list: Receipt[], withDetails = false): Receipt {
  const last = list[list.length - 1];
  return {
    hash: last?.blockHash ?? null,
    number: last?.blockNumber ?? null,
    gasUsed: last?.cumulativeGasUsed ?? "0x0",
    transactions: list.map((r) => (withDetails ? { hash: r.transactionHash } : r.transactionHash)),
  };
}

describe("checkBlockReceipts", () => {
  const list = receipts("02");
  const failedChecks = (block: unknown, rs: unknown) =>
    checkBlockReceipts(block, rs)
      .filter((c) => !c.ok)
      .map((c) => c.check);

  it.each([["01"], ["02"], ["10"]])("receipts %s agree with their block", (n) => {
    const rs = receipts(n);
    const checks = checkBlockReceipts(blockFor(rs), rs);
    expect(checks.map((c) => c.check)).toEqual([
      "transaction count",
      "gas used sum",
      "cumulative gas never decreases",
      "cumulative gas ends at block gas used",
      "same block",
      "transaction order",
    ]);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checkBlockReceipts(blockFor(rs, true), rs).every((c) => c.ok)).toBe(true);
  });

  it("gives details", () => {
    const checks = checkBlockReceipts(blockFor(list), list);
    expect(checks[1]?.detail).toBe("receipts add up to 16,247,211, the block says 16,247,211");
    expect(checks[0]?.detail).toBe("94 transaction(s) in the block, 94 receipt(s)");
  });

  it("catches a block gasUsed that differs", () => {
    expect(failedChecks({ ...blockFor(list), gasUsed: "0xf7e9ac" }, list)).toEqual([
      "gas used sum",
      "cumulative gas ends at block gas used",
    ]);
  });

  it("catches a missing receipt", () => {
    expect(failedChecks(blockFor(list), list.slice(0, -1))).toEqual([
      "transaction count",
      "gas used sum",
      "cumulative gas ends at block gas used",
    ]);
  });

  it("catches a decreasing cumulativeGasUsed and swapped receipts", () => {
    const swapped = [list[1], list[0], ...list.slice(2)] as Receipt[];
    expect(failedChecks(blockFor(list), swapped)).toEqual([
      "cumulative gas never decreases",
      "transaction order",
    ]);
  });

  it("catches a receipt of another block", () => {
    const other = list.map((r, i) => (i === 5 ? { ...r, blockHash: `0x${"00".repeat(32)}` } : r));
    expect(failedChecks(blockFor(list), other)).toEqual(["same block"]);
  });

  it("handles an empty block and junk", () => {
    expect(
      checkBlockReceipts({ hash: null, number: "0x1", gasUsed: "0x0", transactions: [] }, []).every(
        (c) => c.ok,
      ),
    ).toBe(true);
    expect(checkBlockReceipts(null, [])).toEqual([
      { check: "block", ok: false, detail: "expected a block object, got null" },
    ]);
    expect(checkBlockReceipts({}, null)[0]?.ok).toBe(false);
  });
});
