import { expect, test } from "@playwright/test";

test("the app loads in Chromium with its main screen and no console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "RPC Playground" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a first visit in a fresh browser shows the method's form, filled with its example", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const form = page.getByRole("form", { name: "eth_getBlockByNumber params" });
  await expect(form).toBeVisible();
  await expect(form.getByRole("textbox").first()).not.toHaveValue("");
  await context.close();
});
