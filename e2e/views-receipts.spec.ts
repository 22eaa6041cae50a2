import type { Page } from "@playwright/test";
import { expect, openPlayground, response, scrollToEnd, sendBody, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** Seeded devnet data (docs/devnet-data.md). */
const STORE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** Sends for `block`'s receipts and waits for their view (its heading names the block). */
async function showReceipts(page: Page, block: string) {
  await sendBody(page, "eth_getBlockReceipts", [block]);
  await expect(
    response(page).getByRole("heading", { level: 3, name: `Receipts of block ${Number(block)}` }),
  ).toBeVisible();
  return response(page).getByRole("table", { name: "Receipts" });
}

/**
 * The receipts of blocks 8 and 1, then the heavy block's, on one page (one page load instead of
 * two); each step waits for the heading only its own answer has ("Receipts of block N"). The heavy
 * block comes last: its check against the block is made on that same 1,100-receipt answer, read
 * once, so nothing is sent after it. The console is checked for the small blocks and
 * for the heavy block's view, as before; the check against the block never was.
 */
test("block 8: one failed receipt, marked as failed; block 1: the receipt names the contract it created; the heavy block's receipts: totals, scrolling to the end, a decoded Transfer; Check against the block: every check passes for the heavy block", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await test.step("block 8: one failed receipt, marked as failed", async () => {
    const table = await showReceipts(page, "0x8");
    const totals = response(page).getByTestId("receipt-totals");
    await expect(totals).toContainText("2 receipts");
    await expect(totals).toContainText("1 failed");
    await expect(table.getByText("failed", { exact: true })).toHaveCount(1);
    await expect(table.getByText("success", { exact: true })).toHaveCount(1);
    const failedRow = table.getByRole("row").filter({ hasText: "failed" });
    await expect(failedRow).toContainText("0x2c8c…ea3b");
    await expect(failedRow.getByRole("cell").first()).toHaveText("1");
  });
  await test.step("block 1: the receipt names the contract it created", async () => {
    const table = await showReceipts(page, "0x1");
    await expect(table.getByText(STORE, { exact: true })).toBeVisible();
  });
  // The whole page so far, its load too.
  expect(consoleErrors).toEqual([]);
  const errorsBeforeHeavy = consoleErrors.length;
  await test.step("the heavy block's receipts: totals, scrolling to the end, a decoded Transfer", async () => {
    const table = await showReceipts(page, "0x9");
    const totals = response(page).getByTestId("receipt-totals");
    await expect(totals).toContainText("1,100 receipts");
    await expect(totals).toContainText("5,500 logs");
    await expect(totals).toContainText("0 failed");
    expect(await table.getByRole("row").count()).toBeLessThan(100);
    const scroller = response(page).getByTestId("virtual-scroll");
    await scrollToEnd(scroller, table.getByRole("cell", { name: "1099", exact: true }));
    const expand = table.getByRole("button", { name: /^Logs of transaction 1099:/ });
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    await expand.click();
    await expect(expand).toHaveAttribute("aria-expanded", "true");
    const logs = table.getByRole("list", { name: "Logs of transaction 1099", exact: true });
    await expect(logs.getByRole("listitem")).toHaveCount(5);
    const transfer = logs.getByTestId("named-event").first();
    await expect(transfer).toContainText("Transfer(address indexed from, address indexed to, uint256 value)");
    await expect(transfer).toContainText("ERC-20");
    await expect(transfer.getByRole("definition").first()).toHaveText(
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );
    await expect(logs).toContainText("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    await expand.click();
    await expect(logs).toHaveCount(0);
  });
  expect(consoleErrors.slice(errorsBeforeHeavy)).toEqual([]);
  await test.step("Check against the block: every check passes for the heavy block", async () => {
    const check = response(page).getByRole("region", { name: "Check against the block" });
    await check.getByRole("button", { name: "Check against the block" }).click();
    const results = check.getByRole("list", { name: "Check results" });
    await expect(results.getByRole("listitem")).toHaveCount(6);
    await expect(results.getByText("failed", { exact: true })).toHaveCount(0);
    await expect(check).toContainText("6 of 6 checks passed");
    await expect(results).toContainText("receipts add up to 74,673,200");
  });
});
