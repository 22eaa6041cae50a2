import { expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

/**
 * Storage blocked (a third-party frame, cookies off): every read and write throws. The app runs in
 * memory, says once that nothing will be kept, and a send and the history still work.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    for (const name of ["localStorage", "sessionStorage", "indexedDB"])
      Object.defineProperty(window, name, { get: blocked, configurable: true });
  });
});

/**
 * The playground and an embed with storage blocked, on one page (one page load of a browser context
 * instead of two). The init script that blocks storage runs on every load of the page, so the embed,
 * opened second at its own address, runs with storage still blocked; the playground goes first, on
 * the page's first load.
 */
test("with storage blocked the playground runs in memory and says once that nothing will be kept; with storage blocked an embed runs too (it keeps nothing anyway)", async ({
  page,
}) => {
  await test.step("with storage blocked the playground runs in memory and says once that nothing will be kept", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await openPlayground(page);
    const notice = page.getByRole("status").filter({ hasText: "nothing (your choices, keys, history)" });
    await expect(notice).toBeVisible();
    await sendButton(page).click();
    await expect(response(page).getByText("Latency")).toBeVisible();
    await page.getByRole("tab", { name: "History" }).click();
    await expect(
      page
        .getByRole("tabpanel", { name: "History" })
        .getByRole("row")
        .filter({ has: page.getByRole("checkbox") }),
    ).toHaveCount(1);
    await notice.getByRole("button", { name: "Got it" }).click();
    await expect(notice).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  await test.step("with storage blocked an embed runs too (it keeps nothing anyway)", async () => {
    await page.goto('/embed?method=eth_getBlockByNumber&params=["0x1",false]&network=devnet');
    await expect(page.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  });
});
