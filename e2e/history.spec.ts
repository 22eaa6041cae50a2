import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { SYNTHETIC_BASE } from "../devnet/gateway/synthetic.ts";
import { entry } from "../src/features/history/entry-fixture.ts";
import { DEFAULT_LIMITS, entrySize, totalSize } from "../src/features/history/history-bounds.ts";
import type { HistoryEntry } from "../src/features/history/history-entry.ts";
import {
  chooseTransport,
  devnet,
  expect,
  openOnSlowNode,
  openPlayground,
  replaceBody,
  response,
  scrollToEnd,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const block = (n: string, id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "eth_getBlockByNumber", params: [n, false] });

/** Sends eth_getBlockByNumber for block `n` from the editor and waits for its answer. */
async function sendBlock(page: Page, n: string, id: number) {
  await replaceBody(page, block(n, id));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(response(page).getByLabel("Answer details")).toContainText(`id${id}`);
}

function historyPanel(page: Page) {
  return page.getByRole("tabpanel", { name: "History" });
}

async function openHistory(page: Page) {
  await page.getByRole("tab", { name: "History" }).click();
  return historyPanel(page);
}

const rows = (page: Page) =>
  historyPanel(page)
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox") });
const rowOf = (page: Page, n: string) => rows(page).filter({ hasText: `["${n}",false]` });

/**
 * An entry a long day left (the unit tests' `entry`), of `call`: sent 100 s before `now`, entry `i`
 * just before entry `i + 1`.
 */
function oldEntry(
  now: number,
  i: number,
  call: { method: string; params: unknown[]; result: unknown },
  id = `old-${i}`,
): HistoryEntry {
  const { method, params, result } = call;
  return entry({ id, at: now - 100_000 + i, method, params, answer: { jsonrpc: "2.0", id: i, result } });
}

/** Writes `entries` to the history's database as an earlier version left it: the store alone (no index of times, no sizes). */
async function storeAsEarlierVersion(page: Page, entries: object[]): Promise<void> {
  await page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("rpc-playground-history", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("entries", { keyPath: "id" });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction("entries", "readwrite");
    for (const row of rows) tx.objectStore("entries").put(row);
    await new Promise((resolve) => {
      tx.oncomplete = resolve;
    });
    db.close();
  }, entries);
}

/** Everything the history database holds (its entries, and as JSON text), and the names of its store's indexes. */
async function indexedDbDump(
  page: Page,
): Promise<{ count: number; text: string; entries: HistoryEntry[]; indexes: string[] }> {
  const dump = await page.evaluate(
    () =>
      new Promise<{ count: number; text: string; indexes: string[] }>((resolve, reject) => {
        const open = indexedDB.open("rpc-playground-history");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("entries")) {
            db.close();
            resolve({ count: 0, text: "[]", indexes: [] });
            return;
          }
          const store = db.transaction("entries", "readonly").objectStore("entries");
          const all = store.getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve({
              count: all.result.length,
              text: JSON.stringify(all.result),
              indexes: [...store.indexNames],
            });
          };
        };
      }),
  );
  return { ...dump, entries: JSON.parse(dump.text) as HistoryEntry[] };
}

/**
 * Empties the history through its panel (Clear all, then Delete all) once the panel shows its
 * entries, and waits until the database is empty too.
 */
async function clearHistory(page: Page) {
  const panel = await openHistory(page);
  await expect(panel.getByRole("button", { name: "Export" })).toBeVisible();
  // Clear all is disabled while the history is still being read, as for an empty one: wait for it.
  await expect(panel.getByText("Reading the history…")).toHaveCount(0);
  const clear = panel.getByRole("button", { name: "Clear all" });
  if (await clear.isEnabled()) {
    await clear.click();
    await panel.getByRole("button", { name: "Delete all" }).click();
  }
  await expect(rows(page)).toHaveCount(0);
  await expect.poll(async () => (await indexedDbDump(page)).count).toBe(0);
}

/**
 * Two cases of the History tab's list on one page (one page load instead of two). The first is the
 * page's first sends (ids 1 to 3), its history empty. The comparison of two big blocks starts from
 * an empty history (`clearHistory`, which also drops the first case's ticks) on HTTP, and sends
 * under ids of its own (11, 12).
 */
test("requests are kept without the key; replay, open an answer and compare two; a comparison of two blocks with over a thousand differences lists the first 1,000, drawing only those in view", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);

  await test.step("requests are kept without the key; replay, open an answer and compare two", async () => {
    const errorsBefore = consoleErrors.length;
    const { key } = devnet();
    await sendBlock(page, "0x1", 1);
    await sendBlock(page, "0x2", 2);

    const panel = await openHistory(page);
    await expect(rows(page)).toHaveCount(2);
    // Newest first, each with its status and latency.
    await expect(rows(page).first()).toContainText('["0x2",false]');
    for (const n of ["0x1", "0x2"]) {
      const row = rowOf(page, n);
      await expect(row).toContainText("eth_getBlockByNumber");
      await expect(row).toContainText("Local devnet (Anvil)");
      await expect(row).toContainText("HTTP");
      await expect(row).toContainText("ok");
      await expect(row).toContainText(/\d+ ms/);
    }

    // The key is nowhere: not in the panel, not in IndexedDB, not in localStorage.
    expect(await panel.textContent()).not.toContain(key);
    await expect.poll(async () => (await indexedDbDump(page)).count).toBe(2);
    const dump = await indexedDbDump(page);
    expect(dump.text).toContain("eth_getBlockByNumber");
    expect(dump.text).not.toContain(key);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key);

    // Compare the two answers: the block number differs.
    await rowOf(page, "0x1").getByRole("checkbox").check();
    await expect(panel).toContainText("Tick one more entry");
    await rowOf(page, "0x2").getByRole("checkbox").check();
    const comparison = panel.getByRole("region", { name: "Comparison" });
    await expect(comparison).toContainText(/\d+ changed, 0 added, 0 removed/);
    const numberRow = comparison.getByRole("row").filter({ hasText: "result.number" });
    await expect(numberRow).toContainText('"0x1"');
    await expect(numberRow).toContainText('"0x2"');
    await expect(comparison.getByRole("row").filter({ hasText: "result.hash" })).toHaveCount(1);

    // Open a stored answer: rendered as the Response panel renders one.
    await rowOf(page, "0x1").getByRole("button", { name: "Open answer" }).click();
    const stored = panel.getByRole("region", { name: "Stored answer" });
    await expect(stored.getByLabel("Answer details")).toContainText("eth_getBlockByNumber");
    await stored.getByRole("tab", { name: "Raw" }).click();
    await expect(stored.getByTestId("raw-json")).toContainText('"number": "0x1"');

    // Replay the first request over WebSocket: it is sent again and kept again.
    await chooseTransport(page, "WebSocket");
    await sendBlock(page, "0x3", 3);
    await expect(rows(page)).toHaveCount(3);
    await expect(rowOf(page, "0x3")).toContainText("WebSocket");
    await rowOf(page, "0x1").getByRole("button", { name: "Replay" }).click();
    await expect(
      panel.getByRole("status").filter({ hasText: "Sent eth_getBlockByNumber again" }),
    ).toContainText("over HTTP");
    await expect(rows(page)).toHaveCount(4);
    await expect(
      page.getByRole("radiogroup", { name: "Transport" }).getByRole("radio", { name: "HTTP" }),
    ).toBeChecked();
    const details = response(page).getByLabel("Answer details");
    await expect(details).toContainText("eth_getBlockByNumber");
    await expect(details).toContainText("HTTP");
    await response(page).getByRole("tab", { name: "Raw" }).click();
    await expect(response(page).getByTestId("raw-json")).toContainText('"number": "0x1"');
    await expect(rowOf(page, "0x1")).toHaveCount(2);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a comparison of two blocks with over a thousand differences lists the first 1,000, drawing only those in view", async () => {
    // Two synthetic blocks (devnet/gateway/synthetic.ts) of 1,200 and 1,300 transactions, by hash:
    // every hash differs, and 100 are added.
    const a = `0x${(SYNTHETIC_BASE + 1_200).toString(16)}`;
    const b = `0x${(SYNTHETIC_BASE + 1_300).toString(16)}`;
    await clearHistory(page);
    await chooseTransport(page, "HTTP");
    await sendBlock(page, a, 11);
    await sendBlock(page, b, 12);
    const panel = await openHistory(page);
    await rowOf(page, a).getByRole("checkbox").check();
    await rowOf(page, b).getByRole("checkbox").check();
    const comparison = panel.getByRole("region", { name: "Comparison" });
    await expect(comparison).toContainText(/1,?2\d\d changed, 100 added, 0 removed/);
    await expect(comparison).toContainText("The first 1000 are listed.");
    const table = comparison.getByRole("table", { name: "Differences" });
    await expect(table).toHaveAttribute("aria-rowcount", "1001");
    const drawn = await table.locator("tbody tr[data-change]").count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(100);
    await expect(table.getByRole("row").filter({ hasText: "result.transactions[0]" })).toHaveCount(1);
    // The last listed (the block's own changed fields come first) is reachable by scrolling the box.
    const last = table.locator('tr[aria-rowindex="1001"]');
    await scrollToEnd(comparison.getByTestId("virtual-scroll"), last);
    await expect(last.getByRole("rowheader")).toHaveText(/^result\.transactions\[9\d\d\]$/);
  });
});

test("two tabs writing keep the stored history within its bound of 200", async ({ page, context }) => {
  await openPlayground(page);
  // 198 entries imported in the first tab (what a long day leaves), then both tabs send.
  const now = Date.now();
  const entries = Array.from({ length: 198 }, (_, i) =>
    oldEntry(now, i, {
      method: "eth_getBlockByNumber",
      params: [`0x${i.toString(16)}`, false],
      result: null,
    }),
  );
  const panel = await openHistory(page);
  await panel.getByLabel("Import", { exact: true }).setInputFiles({
    name: "day.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ format: "rpc-playground-history", version: 1, entries })),
  });
  await expect(panel.getByRole("status").filter({ hasText: "Imported 198 entries" })).toBeVisible();
  await expect.poll(async () => (await indexedDbDump(page)).count).toBe(198);

  const other = await context.newPage();
  await openPlayground(other);
  for (let i = 0; i < 3; i++) {
    // A background tab does not paint: each tab is brought to the front to be used, as a user would.
    await page.bringToFront();
    await sendBlock(page, "0x1", 100 + i);
    await other.bringToFront();
    await sendBlock(other, "0x2", 200 + i);
  }
  // Six new entries on 198: each tab's own copy is within the bound, and so is the database. Each
  // is written in idle time (a second at the latest): the count is 200 from the second one on.
  const storedNow = async () => (await indexedDbDump(page)).entries;
  await expect
    .poll(async () => {
      const all = await storedNow();
      return [all.length, all.filter((e) => !e.id.startsWith("old-")).length];
    })
    .toEqual([200, 6]);
  const stored = await storedNow();
  expect(stored.filter((e) => e.id.startsWith("old-"))).toHaveLength(194);
  expect(stored.map((e) => e.id)).not.toContain("old-0");
});

test("a full history kept by an earlier version is read and upgraded, and a send drops its oldest by their time", async ({
  page,
}) => {
  // What an earlier version left: the store without its index of times (`at`), already full. The
  // ids run against the times, so an order by id would drop the wrong entries.
  await page.goto("/");
  const now = Date.now();
  await storeAsEarlierVersion(
    page,
    Array.from({ length: 200 }, (_, i) =>
      oldEntry(
        now,
        i,
        { method: "eth_blockNumber", params: [], result: "0x1" },
        `old-${String(199 - i).padStart(3, "0")}`,
      ),
    ),
  );
  await openPlayground(page);
  await sendBlock(page, "0x1", 7);
  await sendBlock(page, "0x2", 8);
  // The two sends in, the two oldest (the highest ids) out; the database has its index now.
  await expect
    .poll(async () => {
      const all = (await indexedDbDump(page)).entries;
      return [all.length, all.filter((e) => !e.id.startsWith("old-")).length];
    })
    .toEqual([200, 2]);
  const dump = await indexedDbDump(page);
  const ids = dump.entries.map((e) => e.id);
  expect(ids).not.toContain("old-199");
  expect(ids).not.toContain("old-198");
  expect(ids).toContain("old-000");
  expect(dump.indexes).toEqual(["at"]);
  // What was stored shows: 200 requests, the newest (the last send) first.
  const panel = await openHistory(page);
  await expect(panel.getByText(/^200 requests ·/)).toBeVisible();
  await expect(rows(page).first()).toContainText('["0x2",false]');
});

test("a tab that never opens its History keeps the stored history within 8 MiB", async ({ page }) => {
  // What an earlier version left (the store without its index or its entries' sizes): 180 entries
  // of about 46 KB, 8.28 MB in all, just under the bound, older than any send.
  await page.goto("/");
  const now = Date.now();
  const transactions = Array.from({ length: 660 }, (_, i) => `0x${i.toString(16).padStart(64, "0")}`);
  const call = {
    method: "eth_getBlockByNumber",
    params: ["0x1", false],
    result: { number: "0x1", transactions },
  };
  await storeAsEarlierVersion(
    page,
    Array.from({ length: 180 }, (_, i) => oldEntry(now, i, call, `old-${String(i).padStart(3, "0")}`)),
  );
  const stored = async () => {
    const all = (await indexedDbDump(page)).entries;
    return { all, bytes: totalSize(all) };
  };
  const before = await stored();
  expect(before.all).toHaveLength(180);
  expect(before.bytes).toBeGreaterThan(8_200_000);
  expect(before.bytes).toBeLessThanOrEqual(DEFAULT_LIMITS.maxTotalBytes);

  // A block of 3,000 transaction hashes: an answer of about 210 KB, kept whole (under 256 KiB).
  await openPlayground(page);
  const big = `0x${(SYNTHETIC_BASE + 3_000).toString(16)}`;
  await sendBlock(page, big, 7);
  // Kept with its answer in idle time (the request alone as it left); the History tab never
  // opened: the oldest went to make room.
  const answered = (all: HistoryEntry[]) =>
    all.some((e) => !e.id.startsWith("old-") && entrySize(e) > 200_000);
  await expect
    .poll(async () => {
      const { all, bytes } = await stored();
      return [answered(all), bytes <= DEFAULT_LIMITS.maxTotalBytes];
    })
    .toEqual([true, true]);
  const after = await stored();
  const kept = after.all.filter((e) => e.id.startsWith("old-")).map((e) => e.id);
  const gone = before.all.map((e) => e.id).filter((id) => !kept.includes(id));
  // Only as many as the bytes need (the count, 181, is within its bound), and the oldest.
  expect(gone.length).toBeGreaterThanOrEqual(2);
  expect(gone.length).toBeLessThanOrEqual(6);
  expect(gone).toEqual(before.all.map((e) => e.id).slice(0, gone.length));
  const newest = after.all.find((e) => !e.id.startsWith("old-"));
  expect(JSON.stringify(newest)).toContain(`"params":["${big}",false]`);
  expect(entrySize(newest as HistoryEntry)).toBeGreaterThan(200_000);
  // What was stored shows, the newest first.
  const panel = await openHistory(page);
  await expect(panel.getByText(new RegExp(`^${after.all.length} requests ·`))).toBeVisible();
  await expect(rows(page).first()).toContainText(big);
});

test("a history database another page holds open at an older version: the panel says why, and the history runs in memory", async ({
  page,
}) => {
  // A page of the same site (not the playground, which lets go on `versionchange`) holding the
  // database open as an earlier version left it, without its index of times: the upgrade waits on it.
  const other = await page.context().newPage();
  await other.goto("/embed.d.ts");
  await other.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("rpc-playground-history", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("entries", { keyPath: "id" });
        open.onsuccess = () => {
          (window as unknown as { held: IDBDatabase }).held = open.result;
          resolve();
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await openPlayground(page);
  const panel = await openHistory(page);
  await expect(panel.getByRole("alert")).toContainText(
    "The history could not be read from this browser's storage (another page of this site holds the history's database open at an older version: close the site's other tabs and reload)",
  );
  // The sends are kept for as long as the page: the panel lists them.
  await sendBlock(page, "0x1", 7);
  await expect(rowOf(page, "0x1")).toHaveCount(1);
  // Once the other page is gone, a new page upgrades the database and reads it.
  await other.close();
  await page.reload();
  await openHistory(page);
  await expect(historyPanel(page).getByRole("alert")).toHaveCount(0);
  await expect.poll(async () => (await indexedDbDump(page)).indexes).toEqual(["at"]);
});

test("an import keeps the user's entries: the far future refused, big answers left out, bounded by the room", async ({
  page,
  consoleErrors,
}, testInfo) => {
  await openPlayground(page);
  for (const [n, id] of [
    ["0x1", 1],
    ["0x2", 2],
    ["0x3", 3],
  ] as const)
    await sendBlock(page, n, id);
  const panel = await openHistory(page);
  await expect(rows(page)).toHaveCount(3);
  await expect.poll(async () => (await indexedDbDump(page)).count).toBe(3);

  // What the tester imported: an entry dated at the last moment a Date holds, with a 10 MB answer;
  // two more 10 MB answers; and 300 entries, more than the 197 the user's 3 leave room for.
  const now = Date.now();
  const imported = (i: number) => ({
    id: `imported-${i}`,
    at: now - 1_000_000 + i,
    method: "eth_getBlockByNumber",
    params: [`0x${(1000 + i).toString(16)}`, false],
    network: { id: "devnet", name: "Local devnet (Anvil)", kind: "evm" },
    transport: "http",
    status: { kind: "ok" },
    latencyMs: 1,
    sizeBytes: 10,
    answer: { jsonrpc: "2.0", id: i, result: null },
  });
  const huge = { jsonrpc: "2.0", id: 1, result: "x".repeat(10 * 1024 * 1024) };
  const entries = [
    { ...imported(9999), id: "far-future", at: 8.64e15, answer: huge },
    { ...imported(500), answer: huge, sizeBytes: huge.result.length },
    { ...imported(501), answer: huge },
    ...Array.from({ length: 300 }, (_, i) => imported(i)),
  ];
  const buffer = Buffer.from(JSON.stringify({ format: "rpc-playground-history", version: 1, entries }));
  // Handed over as a file on disk: a buffer is decoded in the page by Playwright, a long task of its own.
  const path = testInfo.outputPath("import.json");
  await writeFile(path, buffer);

  // Every task of the page over 50 ms from the file's choice until the import's summary is painted.
  // Playwright's own locators run in the page too (a role query over 200 rows is a long task of
  // its own), so the input is found first and the summary waited for with a plain query.
  const input = await panel.getByLabel("Import", { exact: true }).elementHandle();
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: "longtask" });
  });
  await input?.setInputFiles(path);
  await page.waitForFunction(
    () => document.querySelector('[role="alert"]')?.textContent?.includes("Imported") ?? false,
    undefined,
    { polling: 100 },
  );
  const longTasks = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) =>
        // Two frames: the one that paints the rows, and one after it.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => resolve((window as unknown as { longTasks: number[] }).longTasks), 100),
          ),
        ),
      ),
  );
  console.log(
    `import of ${(buffer.length / 1024 / 1024).toFixed(1)} MB: ${
      longTasks.length === 0
        ? "no task over 50 ms"
        : `${longTasks.length} long tasks (${longTasks.map((t) => t.toFixed(0)).join(", ")} ms), the longest ${Math.max(...longTasks).toFixed(0)} ms`
    }`,
  );
  const summary = panel.getByRole("alert");
  await expect(summary).toContainText("Imported 197 entries from import.json.");
  await expect(summary).toContainText(
    "1 entry was refused: 1 is dated more than a day ahead (entry 1: 275760-",
  );
  await expect(summary).toContainText(
    "2 answers were over the 256.0 KiB an entry keeps: their entries are kept without them.",
  );
  await expect(summary).toContainText("105 entries were not kept: no room left");
  await expect(summary).toContainText("Your 3 entries are untouched.");
  // 200 entries, and only the rows in view (and a few around them) drawn.
  const table = panel.getByRole("table", { name: "Sent requests, newest first" });
  await expect(table).toHaveAttribute("aria-rowcount", "201");
  await expect(rows(page).first()).toContainText('["0x3",false]');
  expect(await rows(page).count()).toBeLessThan(40);
  await expect.poll(async () => (await indexedDbDump(page)).count).toBe(200);

  // The user's entries are all there; the far future is not; a big answer's entry says why it has none.
  for (const n of ["0x1", "0x2", "0x3"]) await expect(rowOf(page, n)).toHaveCount(1);
  await expect(rows(page).filter({ hasText: "275760" })).toHaveCount(0);
  await rowOf(page, "0x5dc").getByRole("button", { name: "Open answer" }).click();
  await expect(panel.getByRole("region", { name: "Stored answer" })).toContainText(
    "was over the 256.0 KiB the history keeps",
  );
  const stored = await indexedDbDump(page);
  expect(stored.text.length).toBeLessThan(DEFAULT_LIMITS.maxTotalBytes);
  expect(stored.text).not.toContain("far-future");

  // The next send is kept (the oldest imported entry makes room for it), and so are the user's.
  await sendBlock(page, "0x4", 4);
  await expect(rowOf(page, "0x4")).toHaveCount(1);
  await expect(table).toHaveAttribute("aria-rowcount", "201");
  for (const n of ["0x1", "0x2", "0x3"]) await expect(rowOf(page, n)).toHaveCount(1);
  // Scrolled to its end, the table shows the oldest entry left (imported 106: 105 was made room of).
  const scroller = panel
    .getByTestId("virtual-scroll")
    .filter({ has: page.getByRole("table", { name: "Sent requests, newest first" }) });
  await scrollToEnd(scroller, rowOf(page, "0x452"));
  await expect(rows(page).last()).toContainText('["0x452",false]');
  await expect(rows(page).last()).toHaveAttribute("aria-rowindex", "201");
  expect(await rows(page).count()).toBeLessThan(40);
  expect(consoleErrors).toEqual([]);
});

test("a Send is kept as it leaves: a reload at once or before its answer keeps the request; twenty quick sends and a reload keep twenty", async ({
  page,
}) => {
  // A node that answers after 3 s: the page reloads long before.
  await openOnSlowNode(page);
  // A reload at once, with the request still on its way to the history's database: it is written
  // to localStorage as the page is left, and the next page keeps it. The entry's code (which
  // scrubs the keys from it) loads in idle time after the first screen; a page left before it came
  // keeps nothing. A reload opens what the address bar says: wait for it to name the slow node.
  await expect(page).toHaveURL(/name=Slow%20node/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((r) => /\/history-entry-[^/]*\.js$/.test(r.name)),
      ),
    )
    .toBe(true);
  await replaceBody(page, block("0x4", 40));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.reload();
  await openHistory(page);
  await expect(rowOf(page, "0x4")).toContainText("sent");
  await expect.poll(async () => (await indexedDbDump(page)).text).toContain('"0x4"');
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("history-leaving"))),
  ).toEqual([]);

  await replaceBody(page, block("0x5", 41));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(response(page).getByRole("button", { name: "Cancel request" })).toBeVisible();
  await expect.poll(async () => (await indexedDbDump(page)).text).toContain('"kind":"sent"');
  await page.reload();
  const panel = await openHistory(page);
  await expect(rowOf(page, "0x5")).toContainText("sent");
  await rowOf(page, "0x5").getByRole("button", { name: "Open answer" }).click();
  await expect(panel.getByRole("region", { name: "Stored answer" })).toContainText(
    "No answer was kept: the page was closed or reloaded before it came",
  );

  // Twenty sends on the devnet, and a reload as soon as the last answer shows: the last one is
  // kept with its answer (its entry was still waiting for idle time; it went to localStorage).
  await page.getByRole("combobox", { name: "Network" }).selectOption("devnet");
  for (let i = 0; i < 20; i++) await sendBlock(page, `0x${(i % 9) + 1}`, 100 + i);
  await page.reload();
  await expect.poll(async () => (await indexedDbDump(page)).count).toBe(22);
  await expect
    .poll(async () => {
      const { entries } = await indexedDbDump(page);
      return entries.find((e) => (e.answer as { id?: number } | undefined)?.id === 119)?.status.kind;
    })
    .toBe("ok");
});

test("a request deleted while its answer is awaited stays deleted when the answer comes", async ({
  page,
}) => {
  // A node that answers after 3 s: the request's entry is kept ("sent") long before its answer.
  await openOnSlowNode(page);
  await replaceBody(page, block("0x7", 70));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await openHistory(page);
  await expect(rowOf(page, "0x7")).toContainText("sent");
  await rowOf(page, "0x7").getByRole("button", { name: "Delete" }).click();
  await expect(rowOf(page, "0x7")).toHaveCount(0);
  // The answer comes, and its entry is kept in idle time after it; a send after it is kept after
  // it (idle callbacks run in turn): once that one shows "ok", the deleted one had its turn.
  await expect(response(page).getByLabel("Answer details")).toContainText(/id\s*70(?!\d)/);
  await page.getByRole("combobox", { name: "Network" }).selectOption("devnet");
  await sendBlock(page, "0x8", 71);
  await expect(rowOf(page, "0x8")).toContainText("ok");
  await expect(rowOf(page, "0x7")).toHaveCount(0);
  expect((await indexedDbDump(page)).text).not.toContain('"0x7"');
});

/**
 * Three short cases of the History tab on one page (one page load instead of three). The tab whose
 * code cannot download goes first: its code is a chunk of its own, fetched once, at the page's first
 * opening of the tab, and the step lets it through again at its end. Delete, export, clear and
 * import and the double click each start from an empty history (`clearHistory`), and the double
 * click sends under ids of its own (71, then 72) and waits for the second one's answer; it comes last, as its reload
 * is its last check.
 */
test("a History tab whose code cannot download says so in its panel; the tabs stay, and Try again shows the history; delete, export, clear all and import (a bad file gets a message); a double click on Send keeps one entry, with its answer: the send it replaced leaves none", async ({
  page,
  consoleErrors,
}) => {
  await test.step("a History tab whose code cannot download says so in its panel; the tabs stay, and Try again shows the history", async () => {
    // The History tab's code is a chunk of its own (ToolsSection.tsx), as on a connection that drops.
    const chunk = /\/assets\/HistoryPanel-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort());
    await openPlayground(page);
    await sendBlock(page, "0x6", 61);
    const panel = await openHistory(page);
    const failed = panel.getByRole("alert").filter({ hasText: /^Could not show the history/ });
    await expect(failed).toContainText("its code could not download (is the network down?)");
    // Another tab still opens, and the History tab again after it.
    await page.getByRole("tab", { name: "QA run" }).click();
    await expect(page.getByRole("tabpanel", { name: "QA run" })).toBeVisible();
    await openHistory(page);
    // Opened again, the tab asks for its code again: it fails again before the chunk is let through
    // (let through before that request, the tab loaded and Try again was never shown).
    await expect(failed).toContainText("its code could not download (is the network down?)");

    await page.unroute(chunk);
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(rowOf(page, "0x6")).toHaveCount(1);
    await expect(failed).toHaveCount(0);
  });

  await test.step("delete, export, clear all and import (a bad file gets a message)", async () => {
    const errorsBefore = consoleErrors.length;
    const { key } = devnet();
    await clearHistory(page);
    await sendBlock(page, "0x1", 1);
    await sendBlock(page, "0x2", 2);
    await sendBlock(page, "0x3", 3);
    const panel = await openHistory(page);
    await expect(rows(page)).toHaveCount(3);

    await rowOf(page, "0x3").getByRole("button", { name: "Delete" }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, "0x3")).toHaveCount(0);
    await expect.poll(async () => (await indexedDbDump(page)).count).toBe(2);

    // Export: a JSON download of every entry, without the key.
    const downloading = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Export" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^rpc-playground-history-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(key);
    const exported = JSON.parse(text) as { entries: { params: unknown }[] };
    expect(exported.entries.map((e) => e.params)).toEqual([
      ["0x2", false],
      ["0x1", false],
    ]);

    // Clear all asks first; Cancel keeps everything.
    await panel.getByRole("button", { name: "Clear all" }).click();
    const confirm = panel.getByRole("alertdialog", { name: "Clear the history" });
    await expect(confirm).toContainText("Delete all 2 entries");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(rows(page)).toHaveCount(2);
    await panel.getByRole("button", { name: "Clear all" }).click();
    await confirm.getByRole("button", { name: "Delete all" }).click();
    await expect(rows(page)).toHaveCount(0);
    await expect(panel).toContainText("No requests yet");
    await expect.poll(async () => (await indexedDbDump(page)).count).toBe(0);

    // Import restores the exported entries; importing again adds no duplicates.
    const importInput = panel.getByLabel("Import", { exact: true });
    await importInput.setInputFiles(file);
    await expect(panel.getByRole("status").filter({ hasText: "Imported 2 entries" })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, "0x1")).toContainText("ok");
    await importInput.setInputFiles(file);
    await expect(panel.getByRole("status").filter({ hasText: "Imported 0 entries" })).toContainText(
      "2 already in the history",
    );
    await expect(rows(page)).toHaveCount(2);
    await page.reload();
    await openHistory(page);
    await expect(rows(page)).toHaveCount(2);

    // A bad file: a clear message at the import control, nothing changed.
    await historyPanel(page)
      .getByLabel("Import", { exact: true })
      .setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from("{oops") });
    await expect(historyPanel(page).getByRole("alert")).toContainText("bad.json: The file is not JSON");
    await historyPanel(page)
      .getByLabel("Import", { exact: true })
      .setInputFiles({ name: "other.json", mimeType: "application/json", buffer: Buffer.from('{"a":1}') });
    await expect(historyPanel(page).getByRole("alert")).toContainText(
      "other.json: This is not a history export of RPC Playground",
    );
    // An entry that carries a key is refused.
    const leaky = JSON.parse(text) as { entries: Record<string, unknown>[] };
    leaky.entries = leaky.entries.map((e, i) => ({ ...e, id: `leaky-${i}`, at: 1, apiKey: "abc" }));
    await historyPanel(page)
      .getByLabel("Import", { exact: true })
      .setInputFiles({
        name: "leaky.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(leaky)),
      });
    await expect(historyPanel(page).getByRole("alert")).toContainText(
      '2 entries were refused: 2 carry an API key (entry 1: it has a field named "apiKey")',
    );
    await expect(rows(page)).toHaveCount(2);

    // Clear all empties the list.
    await historyPanel(page).getByRole("button", { name: "Clear all" }).click();
    await historyPanel(page).getByRole("button", { name: "Delete all" }).click();
    await expect(rows(page)).toHaveCount(0);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a double click on Send keeps one entry, with its answer: the send it replaced leaves none", async () => {
    const errorsBefore = consoleErrors.length;
    await clearHistory(page);
    await replaceBody(page, block("0x3", 71));
    // Two clicks in one task: the second replaces the first before anything of it is shown.
    await page.evaluate(() => {
      const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
      send?.click();
      send?.click();
    });
    // The second click sends the body with its next id, 72 (each send moves a number id on).
    await expect(response(page).getByLabel("Answer details")).toContainText(/id72(?!\d)/);
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
    await openHistory(page);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('["0x3",false]');
    // Stays one once the stored entries settle (the replaced send's entry is removed, not left "sent").
    await page.reload();
    await openHistory(page);
    await expect(rows(page)).toHaveCount(1);
    await expect(historyPanel(page)).not.toContainText("before it came");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});
