import {
  addCustomNetwork,
  bodyText,
  devnet,
  expect,
  openPlayground,
  response,
  sendButton,
  test,
} from "./fixtures.ts";

const focusInEditor = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.activeElement?.closest(".monaco-editor") !== null);

test("Tab leaves the editor by default; the toggle and Ctrl+M let Tab indent", async ({ page }) => {
  await openPlayground(page);
  const toggle = page.getByLabel("Tab moves focus out of the editor");
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/press Ctrl\+M/).first()).toBeVisible();

  await page.getByTestId("body-editor").locator(".view-lines").click();
  expect(await focusInEditor(page)).toBe(true);
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);

  // Tab indents once the toggle is off; Ctrl+M in the editor turns it back on.
  await toggle.uncheck();
  await page.getByTestId("body-editor").locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  const before = await bodyText(page);
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(true);
  await expect.poll(() => bodyText(page)).not.toBe(before);
  await page.keyboard.press("ControlOrMeta+M");
  await expect(toggle).toBeChecked();
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);
});

test("Escape cancels the request under way", async ({ page }) => {
  const { evm } = devnet();
  await openPlayground(page);
  await addCustomNetwork(page, "Silent", `${evm.httpUrl}/faults/never`, `${evm.wsUrl}/faults/never`);
  await page.getByLabel("API key").fill(devnet().key);
  await sendButton(page).click();
  await expect(response(page).getByRole("button", { name: "Cancel request" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(response(page).getByRole("alert")).toContainText(/cancel/i);
});

test("? opens the sheet of shortcuts; Escape closes it and gives the focus back", async ({ page }) => {
  await openPlayground(page);
  const button = page.getByRole("button", { name: "Keyboard shortcuts" });
  await button.focus();
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("Cancel the request under way");
  await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(button).toBeFocused();

  // In a text field, ? is a character, not a shortcut.
  await page.getByLabel("API key").focus();
  await page.keyboard.press("?");
  await expect(sheet).toHaveCount(0);
});
