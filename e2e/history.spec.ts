import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { devnet, expect, openPlayground, replaceBody, response, test } from "./fixtures.ts";

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

/** Everything the history database holds, as JSON text. */
async function indexedDbDump(page: Page): Promise<{ count: number; text: string }> {
  return page.evaluate(
    () =>
      new Promise<{ count: number; text: string }>((resolve, reject) => {
        const open = indexedDB.open("rpc-playground-history");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("entries")) {
            db.close();
            resolve({ count: 0, text: "[]" });
            return;
          }
          const all = db.transaction("entries", "readonly").objectStore("entries").getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve({ count: all.result.length, text: JSON.stringify(all.result) });
          };
        };
      }),
  );
}

test("requests are kept without the key; replay, open an answer and compare two", async ({
  page,
  consoleErrors,
}) => {
  const { key } = devnet();
  await openPlayground(page);
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
  await page.getByRole("radiogroup", { name: "Transport" }).getByText("WebSocket", { exact: true }).click();
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
  expect(consoleErrors).toEqual([]);
});

test("delete, export, clear all and import (a bad file gets a message)", async ({ page, consoleErrors }) => {
  const { key } = devnet();
  await openPlayground(page);
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
    "2 entries were refused because they carry an API key",
  );
  await expect(rows(page)).toHaveCount(2);

  // Clear all empties the list.
  await historyPanel(page).getByRole("button", { name: "Clear all" }).click();
  await historyPanel(page).getByRole("button", { name: "Delete all" }).click();
  await expect(rows(page)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("two tabs writing keep the stored history within its bound of 200", async ({ page, context }) => {
  await openPlayground(page);
  // 198 entries imported in the first tab (what a long day leaves), then both tabs send.
  const now = Date.now();
  const entries = Array.from({ length: 198 }, (_, i) => ({
    id: `old-${i}`,
    at: now - 100_000 + i,
    method: "eth_getBlockByNumber",
    params: [`0x${i.toString(16)}`, false],
    network: { id: "devnet", name: "Local devnet (Anvil)", kind: "evm" },
    transport: "http",
    status: { kind: "ok" },
    latencyMs: 1,
    sizeBytes: 10,
    answer: { jsonrpc: "2.0", id: i, result: null },
  }));
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
  const storedNow = async () => JSON.parse((await indexedDbDump(page)).text) as { id: string }[];
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
