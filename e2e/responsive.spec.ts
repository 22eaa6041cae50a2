import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, openPlayground, response, sendBody, test } from "./fixtures.ts";

const BLOCK6 = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";
const STORE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

/** The element's box lies inside the viewport, left to right, and its top is on screen. */
async function expectInViewport(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) throw new Error("no box");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
  expect(box.y).toBeGreaterThanOrEqual(-1);
  expect(box.y).toBeLessThan(size.height);
}

for (const size of SIZES) {
  test(`${size.name} (${size.width}x${size.height}): send, read a block, open a transaction, verify a proof, open history; dialogs and popovers stay inside the screen`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openPlayground(page);
    await expectNoSidewaysScroll(page);

    await test.step("send, read a block, open a transaction, verify a proof, open history", async () => {
      await sendBody(page, "eth_getBlockByHash", [BLOCK6, false]);
      const title = response(page).getByRole("heading", { name: "Block 6" });
      await expect(title).toBeVisible();
      await expectInViewport(page, response(page).getByRole("heading", { name: "Response" }));
      await expectNoSidewaysScroll(page);

      await response(page)
        .getByRole("button", { name: /^Open transaction 0:/ })
        .click();
      await expect(
        response(page).getByRole("heading", { name: "Transaction 0 of block 6" }),
      ).toBeInViewport();
      await expectNoSidewaysScroll(page);

      await sendBody(page, "eth_getProof", [STORE, ["0x0"], "latest"]);
      const verify = response(page).getByRole("region", { name: "Proof verification" });
      await verify.getByRole("button", { name: "Verify" }).click();
      await expect(verify).toContainText("All 2 proofs verified");
      await expectNoSidewaysScroll(page);

      const tools = page.getByRole("region", { name: "Tools" });
      await tools.getByRole("tab", { name: "History" }).click();
      await expect(tools.getByRole("table")).toBeVisible();
      await expectNoSidewaysScroll(page);
    });

    // On the same page (one page load a size): the header's dialogs, opened from wherever it was left.
    await test.step("dialogs and popovers stay inside the screen", async () => {
      await page.getByRole("button", { name: "Custom networks" }).click();
      const networks = page.getByRole("dialog", { name: "Custom networks" });
      await expectInViewport(page, networks);
      await expectInViewport(page, networks.getByRole("button", { name: "Close" }));
      await networks.getByRole("button", { name: "Close" }).click();

      const menu = page.getByRole("button", { name: "Menu" });
      if (size.width < 1024) {
        await expect(page.getByRole("button", { name: "Share link" })).toBeHidden();
        await menu.click();
        await expect(menu).toHaveAttribute("aria-expanded", "true");
      } else await expect(menu).toBeHidden();
      await page.getByRole("button", { name: "Share link" }).click();
      const share = page.getByRole("dialog", { name: "Share link" });
      await expectInViewport(page, share);
      await expectNoSidewaysScroll(page);
    });
    expect(consoleErrors).toEqual([]);
  });
}
