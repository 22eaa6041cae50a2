import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import {
  addLoopbackNetwork,
  expect,
  openPlayground,
  replaceBody,
  response,
  scrollToEnd,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Big answers the devnet does not give, built from real ones (test/fixtures) and served on
 * loopback: the views decode only the rows they draw, count the known events in idle time, and
 * virtualize a big Starknet block's hashes.
 */
const root = resolve(import.meta.dirname, "../test/fixtures");
const json = (path: string) => JSON.parse(readFileSync(`${root}/${path}`, "utf8")) as Record<string, unknown>;

/** Mainnet block 0x112a880's 94 receipts (291 logs, 171 known token events), 43 times over. */
const REPEATS = 43;
const receipts = (json("mainnet/eth_getBlockReceipts.02.json").response as { result: object[] }).result;
const bigReceipts = Array.from({ length: REPEATS }, () => receipts).flat();

/** A sealed Starknet block with 5,000 transaction hashes. */
const starknetBlock = {
  ...json("starknet/confirmed_with_tx_hashes.v0_9.json"),
  transactions: Array.from({ length: 5000 }, (_, i) => `0x${(i + 1).toString(16).padStart(63, "0")}`),
};

let node: Awaited<ReturnType<typeof startLoopbackNode>>;
test.beforeAll(async () => {
  node = await startLoopbackNode((_path, request) => {
    const result =
      request.method === "eth_getBlockReceipts"
        ? bigReceipts
        : request.method === "starknet_getBlockWithTxHashes"
          ? starknetBlock
          : "0x10";
    return JSON.stringify({ jsonrpc: "2.0", id: request.id, result });
  });
});
test.afterAll(() => node.close());

async function send(page: Page, kind: "evm" | "starknet", method: string, params: unknown) {
  await openPlayground(page);
  await addLoopbackNetwork(page, `Big ${kind}`, `${node.base}/${kind}`, kind);
  await page.getByLabel("API key").fill("big-key");
  await page.getByRole("combobox", { name: "Method" }).selectOption(method);
  await replaceBody(page, JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }));
  await sendButton(page).click();
}

test("4,042 receipts: totals, the known events counted, rows drawn only in view, a row opened", async ({
  page,
  consoleErrors,
}) => {
  await send(page, "evm", "eth_getBlockReceipts", ["0x112a880"]);
  const totals = response(page).getByTestId("receipt-totals");
  await expect(totals).toContainText("4,042 receipts");
  await expect(totals).toContainText(`${(291 * REPEATS).toLocaleString("en-US")} logs`);
  await expect(totals).toContainText(`${(2 * REPEATS).toLocaleString("en-US")} failed`);
  // Counted in idle time; said once every log is read.
  await expect(totals).toContainText(`${(171 * REPEATS).toLocaleString("en-US")} known events`);
  await expect(totals).not.toContainText("counting");
  const table = response(page).getByRole("table", { name: "Receipts" });
  expect(await table.getByRole("row").count()).toBeLessThan(100);
  const last = table.getByRole("cell", { name: "93", exact: true }).last();
  await scrollToEnd(response(page).getByTestId("virtual-scroll"), last);
  // Receipt 91 of the last copy has one log: opening it decodes it.
  const expand = table.getByRole("button", { name: /^Logs of transaction 91:/ }).last();
  await expand.click();
  await expect(expand).toHaveAttribute("aria-expanded", "true");
  const logs = table.getByRole("list", { name: "Logs of transaction 91", exact: true });
  await expect(logs.getByRole("listitem")).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});

test("a Starknet block of 5,000 transactions: the hash list is virtualized", async ({
  page,
  consoleErrors,
}) => {
  await send(page, "starknet", "starknet_getBlockWithTxHashes", { block_id: "latest" });
  const region = response(page).getByRole("region", { name: "Transactions (5000)" });
  await expect(region).toBeVisible();
  const table = region.getByRole("table", { name: "Transaction hashes" });
  await expect(table).toBeVisible();
  expect(await table.getByRole("row").count()).toBeLessThan(100);
  await scrollToEnd(
    region.getByTestId("virtual-scroll"),
    table.getByRole("cell", { name: "4999", exact: true }),
  );
  expect(consoleErrors).toEqual([]);
});
