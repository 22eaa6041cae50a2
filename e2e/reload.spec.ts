import { bodyText, expect, openPlayground, response, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

test("after a reload the chosen method, its form and its body agree, and Send sends that method", async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getProof");
  await expect.poll(async () => JSON.parse(await bodyText(page)).method).toBe("eth_getProof");
  // The address bar says what is on screen, and a reload opens what it says: wait for it to say
  // so (it is rewritten just after the edit), as a user reloading sees it.
  await expect(page).toHaveURL(/method=eth_getProof/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getProof");
  await expect.poll(async () => JSON.parse(await bodyText(page)).method).toBe("eth_getProof");
  await expect(page.getByRole("textbox", { name: "Storage key 1" })).toBeVisible();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(response(page).getByLabel("Answer details")).toContainText("eth_getProof");
});
