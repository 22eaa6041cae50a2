import { addCustomNetwork, devnet, expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const keyRequests = (page: import("@playwright/test").Page) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    // The user's requests only: the views' own reads (the chain's head) have ids from 1e9 up.
    if (/\/v3\//.test(r.url()) && !/"id":1\d{9}/.test(r.postData() ?? "")) sent.push(r.url());
  });
  return sent;
};

/**
 * Both cases on one page (one page load instead of two): the custom networks first, then the devnet
 * chosen again with its key, emptied; the embed, which leaves the playground's page, last. Each case
 * counts the requests sent from its own start.
 */
test("a custom network marked 'no key' sends without one; one without the mark needs a key like any other; Send without a key says so at the key field and sends nothing, in the playground and the embed", async ({
  page,
  baseURL,
}) => {
  const sent = keyRequests(page);
  await openPlayground(page);
  await test.step("marked 'no key': sent without one", async () => {
    await page.getByRole("button", { name: "Custom networks" }).click();
    const dialog = page.getByRole("dialog", { name: "Custom networks" });
    await dialog.getByLabel("Name").fill("Keyless node");
    await dialog.getByLabel(/HTTP base address/).fill(devnet().evm.httpUrl);
    await dialog.getByLabel(/WebSocket base address/).fill(devnet().evm.wsUrl);
    await dialog.getByLabel(/No key/).check();
    await dialog.getByRole("button", { name: "Add network" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByLabel("API key")).toHaveValue("");
    await sendButton(page).click();
    // It went out (the devnet's gateway wants a key, so it answers 401: the node decides).
    await expect(response(page).getByRole("alert")).toContainText("401");
    expect(sent).toEqual([`${devnet().evm.httpUrl}/v3/`]);
    await expect(page.getByRole("alert").filter({ hasText: "Enter your API key" })).toHaveCount(0);
  });
  await test.step("without the mark: a key is asked for, nothing sent", async () => {
    await addCustomNetwork(page, "Keyed node", devnet().evm.httpUrl, devnet().evm.wsUrl);
    await sendButton(page).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Enter your API key for Keyed node." }),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
  });
  await test.step("Send without a key says so at the key field and sends nothing, in the playground and the embed", async () => {
    const sent = keyRequests(page);
    // The devnet, its key filled in, as a page opens.
    await page.getByRole("combobox", { name: "Network" }).selectOption("devnet");
    await expect(page.getByLabel("API key")).toHaveValue(devnet().key);
    const key = page.getByLabel("API key");
    await key.fill("");
    await sendButton(page).click();
    const problem = page
      .getByRole("alert")
      .filter({ hasText: "Enter your API key for Local devnet (Anvil)." });
    await expect(problem).toBeVisible();
    await expect(key).toBeFocused();
    await expect(key).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);

    // A key typed: the message goes, and Send goes out.
    await key.fill(devnet().key);
    await expect(problem).toHaveCount(0);
    await sendButton(page).click();
    await expect.poll(() => sent.length).toBe(1);
    await expect(response(page).getByText("Send a request to see its answer")).toHaveCount(0);

    // The embed with its own key field says the same, at its field.
    await page.goto(`${baseURL}/embed?method=eth_getBlockByNumber&network=devnet&keyField=1`);
    await sendButton(page).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Enter your API key for Local devnet (Anvil)." }),
    ).toBeVisible();
    await expect(page.getByLabel("API key")).toBeFocused();
    expect(sent.length).toBe(1);
  });
});
