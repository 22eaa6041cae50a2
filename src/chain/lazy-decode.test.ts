/**
 * The block and receipts models are lazy: building one decodes no row, reading rows decodes those
 * rows, a model rebuilt for a longer answer (same elements, new array) reuses them; and every row
 * read lazily equals the eager decode of the real answers in test/fixtures.
 */
import { describe, expect, it } from "vitest";
import { decodeBlock } from "./block.ts";
import { isRecord } from "./field.ts";
import { runToEnd } from "./lazy-rows.ts";
import {
  decodeBlockReceipts,
  decodeLog,
  decodeReceipt,
  type ReceiptRow,
  type ReceiptTotals,
} from "./receipts.ts";
import { mainnetFixture, mainnetFixtures, summaryNow } from "./test-fixtures.ts";
import { summarizeTransaction } from "./transaction.ts";

type Obj = Record<string, unknown>;

/** A copy of `o` whose keys count their reads (`counters[key].n`; a decode reads each once). */
function counting(o: Obj, counters: Record<string, { n: number }>): Obj {
  const copy = { ...o };
  for (const [key, counter] of Object.entries(counters)) {
    const value = copy[key];
    Object.defineProperty(copy, key, {
      enumerable: true,
      get() {
        counter.n += 1;
        return value;
      },
    });
  }
  return copy;
}

const fullBlock = mainnetFixture("eth_getBlockByNumber.14.json").result as Obj;
const blockTxs = fullBlock.transactions as Obj[];

describe("decodeBlock is lazy in its transactions", () => {
  /** 13,300 transactions (the synthetic 16 MB block's count), each counting reads of `from`. */
  function bigBlock(counter: { n: number }) {
    const txs = Array.from({ length: 13_300 }, (_, i) =>
      counting(
        { ...(blockTxs[i % blockTxs.length] as Obj), transactionIndex: `0x${i.toString(16)}` },
        { from: counter },
      ),
    );
    return txs;
  }

  it("building the model summarises no transaction; reading rows 0..19 summarises 20", () => {
    const counter = { n: 0 };
    const txs = bigBlock(counter);
    const parsed = decodeBlock({ ...fullBlock, transactions: txs });
    if (!parsed.ok || parsed.value.transactions.kind !== "full")
      throw new Error("expected full transactions");
    const items = parsed.value.transactions.items;
    expect(items.length).toBe(13_300);
    expect(counter.n).toBe(0);
    for (let i = 0; i < 20; i++) items.at(i);
    expect(counter.n).toBe(20);
    for (let i = 0; i < 20; i++) items.at(i);
    expect(counter.n).toBe(20);
    expect(items.at(13_299)?.index).toBe(13_299n);
    expect(counter.n).toBe(21);
  });

  it("a model rebuilt for a longer array of the same transactions reuses the rows already read", () => {
    const counter = { n: 0 };
    const txs = bigBlock(counter);
    const first = decodeBlock({ ...fullBlock, transactions: txs.slice(0, 100) });
    const longer = decodeBlock({ ...fullBlock, transactions: txs });
    if (!first.ok || first.value.transactions.kind !== "full") throw new Error("expected full");
    if (!longer.ok || longer.value.transactions.kind !== "full") throw new Error("expected full");
    for (let i = 0; i < 20; i++) first.value.transactions.items.at(i);
    expect(counter.n).toBe(20);
    for (let i = 0; i < 40; i++) longer.value.transactions.items.at(i);
    expect(counter.n).toBe(40);
    expect(longer.value.transactions.items.at(5)).toBe(first.value.transactions.items.at(5));
  });

  it.each(
    [...mainnetFixtures("eth_getBlockByNumber"), ...mainnetFixtures("eth_getBlockByHash")]
      .filter(
        (f) =>
          isRecord(f.result) && Array.isArray(f.result.transactions) && isRecord(f.result.transactions[0]),
      )
      .map((f) => [f.name, f.result as Obj] as const),
  )("%s: every lazy row equals the eager summary", (_name, result) => {
    const parsed = decodeBlock(result);
    if (!parsed.ok || parsed.value.transactions.kind !== "full") throw new Error("expected full");
    const eager = (result.transactions as unknown[]).map((tx) => summarizeTransaction(tx));
    expect(eager.length).toBeGreaterThan(0);
    expect(parsed.value.transactions.items.toArray()).toEqual(eager);
  });
});

describe("decodeBlockReceipts is lazy in its rows, logs and known events", () => {
  const raw = mainnetFixture("eth_getBlockReceipts.02.json").result as Obj[];

  /** `n` receipts of the fixture, each counting reads of its `from`, each log of its `address`. */
  function bigReceipts(
    n: number,
    reads: { from: { n: number }; logAddress: { n: number }; topics: { n: number } },
  ) {
    return Array.from({ length: n }, (_, i) => {
      const r = raw[i % raw.length] as Obj;
      const logs = (r.logs as Obj[]).map((l) =>
        counting(l, { address: reads.logAddress, topics: reads.topics }),
      );
      return counting({ ...r, logs }, { from: reads.from });
    });
  }
  const fresh = () => ({ from: { n: 0 }, logAddress: { n: 0 }, topics: { n: 0 } });

  it("building the model decodes no row and no log; reading 20 rows decodes 20 rows and no log", () => {
    const reads = fresh();
    const receipts = bigReceipts(4_000, reads);
    const parsed = decodeBlockReceipts(receipts);
    if (!parsed.ok) throw new Error(parsed.error);
    const view = parsed.value;
    expect(view.rows.length).toBe(4_000);
    expect(view.count).toBe(4_000);
    // The totals are a pass of their own (run in slices by the view); it decodes no row or log.
    const summary = view.summary.run(() => true);
    expect(summary?.totals.logs).toBeGreaterThan(10_000);
    expect(summary?.totals.knownEvents).toBeNull();
    expect([reads.from.n, reads.logAddress.n, reads.topics.n]).toEqual([0, 0, 0]);
    for (let i = 0; i < 20; i++) view.rows.at(i);
    expect([reads.from.n, reads.logAddress.n, reads.topics.n]).toEqual([20, 0, 0]);
    // Opening a row decodes its logs, and only them.
    const opened = view.rows.at(1) as ReceiptRow;
    opened.logs.toArray();
    expect(reads.logAddress.n).toBe(opened.logCount);
  });

  it("the known events are counted in steps, and a longer answer counts only its new receipts", () => {
    const reads = fresh();
    const receipts = bigReceipts(400, reads);
    const first = decodeBlockReceipts(receipts.slice(0, 100));
    if (!first.ok) throw new Error(first.error);
    expect(first.value.knownEvents.run(() => false)).toBeNull();
    expect(first.value.knownEvents.counted).toBe(1);
    const small = runToEnd(first.value.knownEvents);
    const topicsOfFirst100 = reads.topics.n;
    expect(topicsOfFirst100).toBeGreaterThan(0);
    const longer = decodeBlockReceipts(receipts);
    if (!longer.ok) throw new Error(longer.error);
    const all = runToEnd(longer.value.knownEvents);
    expect(all).toBeGreaterThan(small);
    // The first 100 receipts' logs were not decoded again: only the 300 new receipts' were.
    const perReceipt = (k: number) =>
      receipts.slice(0, k).reduce((s, r) => s + (r.logs as unknown[]).length, 0);
    const newLogs = perReceipt(400) - perReceipt(100);
    expect(reads.topics.n - topicsOfFirst100).toBe(newLogs);
    expect(reads.from.n).toBe(0);
  });

  /** The totals as the eager model computed them, from every row decoded. */
  function eagerTotals(rows: ReceiptRow[], logs: ReturnType<typeof decodeLog>[][]): ReceiptTotals {
    const t: ReceiptTotals = {
      count: rows.length,
      gasUsed: 0n,
      failed: 0,
      withRoot: 0,
      logs: 0,
      knownEvents: 0,
      fees: 0n,
      blobGasUsed: 0n,
      contractsCreated: 0,
    };
    rows.forEach((row, i) => {
      t.gasUsed += row.gasUsed ?? 0n;
      if (row.status.kind === "failed") t.failed += 1;
      if (row.status.kind === "root") t.withRoot += 1;
      t.logs += row.logCount;
      t.knownEvents = (t.knownEvents ?? 0) + (logs[i] ?? []).filter((l) => l.event !== null).length;
      t.fees += row.fee ?? 0n;
      t.blobGasUsed += row.blobGasUsed ?? 0n;
      if (row.contractAddress !== null) t.contractsCreated += 1;
    });
    return t;
  }

  it.each(
    mainnetFixtures("eth_getBlockReceipts")
      .filter((f) => Array.isArray(f.result))
      .map((f) => [f.name, f.result as Obj[]] as const),
  )("%s: every lazy row and log equals the eager decode, and so do the totals", (_name, result) => {
    const parsed = decodeBlockReceipts(result);
    if (!parsed.ok) throw new Error(parsed.error);
    const eagerLogs = result.map((r) => (r.logs as unknown[]).map(decodeLog));
    const eagerRows = result.map((r) => decodeReceipt(r));
    const plain = (row: ReceiptRow) => ({ ...row, logs: row.logs.toArray() });
    expect(parsed.value.rows.toArray().map(plain)).toEqual(
      eagerRows.map((row, i) => ({ ...row, logs: eagerLogs[i] })),
    );
    expect(summaryNow(parsed.value).totals).toEqual(eagerTotals(eagerRows, eagerLogs));
  });
});
