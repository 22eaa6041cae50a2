import { methodsForChain } from "../src/methods/registry.ts";
import { addCustomNetwork, devnet, expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * The networks on one page (one page load instead of two): the fresh start first, as the page
 * opens; the custom networks' step starts back on the devnet.
 */
test("a fresh start selects the local devnet with its key filled in; only the methods of the network's kind are offered; custom networks can be added, used, edited and deleted; bad input is explained", async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("a fresh start selects the local devnet with its key filled in", async () => {
    await expect(page.getByRole("combobox", { name: "Network" })).toHaveValue("devnet");
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
  });
  await test.step("only the methods of the network's kind are offered", async () => {
    const method = page.getByRole("combobox", { name: "Method" });
    await expect(method.locator("option")).toHaveCount(methodsForChain("evm").length);
    await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Starknet Mainnet" });
    await expect(method.locator("option")).toHaveCount(methodsForChain("starknet").length);
    await expect(method).toHaveValue(methodsForChain("starknet")[0]!.name);
    await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Ethereum Sepolia" });
    await expect(method.locator("option")).toHaveCount(methodsForChain("evm").length);
  });
  await test.step("custom networks can be added, used, edited and deleted; bad input is explained", async () => {
    const { evm } = devnet();
    // Back on the devnet, as a page opens: a deleted network gives way to it.
    await page.getByRole("combobox", { name: "Network" }).selectOption("devnet");
    await page.getByRole("button", { name: "Custom networks" }).click();
    const dialog = page.getByRole("dialog", { name: "Custom networks" });
    await dialog.getByLabel(/HTTP base address/).fill("not a url");
    await dialog.getByLabel(/Chain id/).fill("polygon");
    await dialog.getByRole("button", { name: "Add network" }).click();
    await expect(dialog.getByText("Give the network a name.")).toBeVisible();
    await expect(dialog.getByText(/Enter a full address/).first()).toBeVisible();
    await expect(dialog.getByLabel(/Chain id/)).toHaveAccessibleDescription(
      /A chain id is a whole number \(137\) or hex \(0x89\)/,
    );
    await dialog.getByRole("button", { name: "Close" }).click();

    await addCustomNetwork(page, "My Anvil", evm.httpUrl, evm.wsUrl);
    await expect(page.getByRole("combobox", { name: "Network" })).toHaveValue(/^custom-/);
    // A custom network has a key of its own: the devnet key is not carried over to it.
    await expect(page.getByLabel("API key")).toHaveValue("");
    await page.getByLabel("API key").fill(devnet().key);
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText("My Anvil");

    await page.getByRole("button", { name: "Custom networks" }).click();
    const d2 = page.getByRole("dialog", { name: "Custom networks" });
    await d2.getByRole("button", { name: "Edit My Anvil" }).click();
    await d2.getByLabel("Name").fill("My Anvil 2");
    await d2.getByRole("button", { name: "Save network" }).click();
    await expect(d2.getByRole("button", { name: "Edit My Anvil 2" })).toBeVisible();
    await d2.getByRole("button", { name: "Delete My Anvil 2" }).click();
    await expect(d2.getByRole("button", { name: "Edit My Anvil 2" })).toHaveCount(0);
    await d2.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("combobox", { name: "Network" })).toHaveValue("devnet");
  });
});
