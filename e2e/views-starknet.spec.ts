import type { Page } from "@playwright/test";
import { expect, openStarknetDevnet, response, sendAnswered, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const METHOD = "starknet_getBlockWithTxHashes";

/** The value beside a label in the view's field lists. */
function field(page: Page, label: string) {
  return response(page)
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/**
 * Three views of the simulator's blocks on one page (one page load instead of three): each step
 * sends under an id of its own and waits for that answer (`sendAnswered`), so it never reads the
 * block the step before left on screen.
 */
test("the latest sealed block: status badge, number, hashes, gas prices, protocol version, transactions; the pending block is shown as pending, without block hash, number or new root; the parent link and the previous / next links open those blocks", async ({
  page,
  consoleErrors,
}) => {
  await openStarknetDevnet(page);

  await test.step("the latest sealed block: status badge, number, hashes, gas prices, protocol version, transactions", async () => {
    const errorsBefore = consoleErrors.length;
    await sendAnswered(page, METHOD, { block_id: "latest" }, 1);
    const region = response(page);
    await expect(region.getByText(/^ACCEPTED_ON_L[12]$/)).toBeVisible();
    await expect(field(page, "Block number")).toHaveText(/^[\d,]+/);
    await expect(field(page, "Block hash")).toContainText(/0x[0-9a-f]{4}…/);
    await expect(field(page, "New state root")).toContainText(/0x/);
    await expect(field(page, "Timestamp")).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    await expect(field(page, "Sequencer")).toContainText(/0x/);
    await expect(field(page, "L1 data availability mode")).toHaveText(/BLOB|CALLDATA/);
    await expect(field(page, "Starknet protocol version \\(of the network\\)")).toHaveText(/^0\.\d+\.\d+$/);
    const gas = region.getByRole("region", { name: /Gas prices/ });
    for (const row of ["L1 gas", "L1 data gas (blobs)", "L2 gas"]) {
      await expect(
        gas.getByRole("row", { name: new RegExp(`^${row.replace(/[()]/g, "\\$&")} [\\d,]+ [\\d,]+$`) }),
      ).toBeVisible();
    }
    await expect(region.getByRole("region", { name: /^Transactions \(\d+\)$/ })).toBeVisible();
    await expect(region.getByRole("note")).toHaveCount(0);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("the pending block is shown as pending, without block hash, number or new root", async () => {
    const errorsBefore = consoleErrors.length;
    await sendAnswered(page, METHOD, { block_id: "pending" }, 2);
    const region = response(page);
    await expect(region.getByText("PENDING", { exact: true })).toBeVisible();
    await expect(region.getByRole("note")).toContainText("Pending block: not sealed yet");
    await expect(field(page, "Parent hash")).toContainText(/0x/);
    await expect(field(page, "Timestamp")).toBeVisible();
    for (const label of ["Block hash", "Block number", "New state root"]) {
      await expect(region.locator("dt", { hasText: new RegExp(`^${label}$`) })).toHaveCount(0);
    }
    await expect(region.getByRole("region", { name: "Transactions (7)" })).toBeVisible();
    await expect(region.getByRole("button", { name: /^Open next block/ })).toHaveCount(0);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("the parent link and the previous / next links open those blocks", async () => {
    const errorsBefore = consoleErrors.length;
    await sendAnswered(page, METHOD, { block_id: "latest" }, 3);
    const region = response(page);
    // A quantity shows its decimal text and carries the raw number in its title.
    const number = () => field(page, "Block number").locator("[title]").first();
    const latest = Number(await number().getAttribute("title"));
    expect(latest).toBeGreaterThan(1);
    const parentHash = await field(page, "Parent hash").locator("[title]").first().getAttribute("title");
    const name = (n: number) => n.toLocaleString("en-US");

    await region.getByRole("button", { name: /^Open parent block 0x/ }).click();
    await expect(number()).toHaveAttribute("title", String(latest - 1));
    await expect(field(page, "Block hash").locator("[title]").first()).toHaveAttribute(
      "title",
      parentHash ?? "",
    );

    await region.getByRole("button", { name: `Open previous block ${name(latest - 2)}` }).click();
    await expect(number()).toHaveAttribute("title", String(latest - 2));

    await region.getByRole("button", { name: `Open next block ${name(latest - 1)}` }).click();
    await expect(number()).toHaveAttribute("title", String(latest - 1));
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});
