import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import artifacts from "../devnet/contracts/artifacts.json" with { type: "json" };
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import { expect, openPlayground, response, sendAnswered, sendBody, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Names for what the chain holds: calldata, logs and custom errors named by the bundled table and
 * by ABIs the user adds; token amounts with their symbol and the raw integer one click away. On the
 * devnet (its DVT token, its Reverter) and on real mainnet answers replayed as Ethereum Mainnet.
 */
const tx = manifest.transactions;
const { store, reverter } = manifest.contracts;
const abiOf = (name: string) =>
  JSON.stringify(
    (artifacts as unknown as { contracts: Record<string, { abi: unknown }> }).contracts[name]?.abi,
  );

/**
 * Sends eth_getBlockReceipts for `block` under the id `id`, waits for that answer and opens the
 * logs of its transaction `index`.
 */
async function expandLogs(page: Page, block: string, index: number, id: number) {
  await sendAnswered(page, "eth_getBlockReceipts", [block], id);
  const table = response(page).getByRole("table", { name: "Receipts" });
  await table.getByRole("button", { name: new RegExp(`^Logs of transaction ${index}:`) }).click();
  return table.getByRole("list", { name: `Logs of transaction ${index}`, exact: true });
}

/** Opens the ABIs dialog from the header (behind the menu on a phone). */
async function openAbis(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("banner").getByRole("button", { name: "ABIs", exact: true }).click();
  return page.getByRole("dialog", { name: "ABIs" });
}

/**
 * Four cases of names on the devnet on one page (one page load instead of four). Each sends under
 * ids of its own and waits for that answer before it reads it. The custom error's step takes the
 * Reverter's ABI off again at its end: the Store's step starts with no ABI of the user's (it exports
 * one, and removes it to see the list empty). The Store's step comes last: it reloads the page.
 */
test("a token transfer's log is named, its amount in DVT, the raw integer one click away; calldata is named: the transaction view and the block's Call column; a custom error: named by the bundled table, then by the Reverter's ABI pasted for its address; an ABI pasted for the Store names its logs; it survives a reload; export and import", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await test.step("a token transfer's log is named, its amount in DVT, the raw integer one click away", async () => {
    const errorsBefore = consoleErrors.length;
    const logs = await expandLogs(page, tx.tokenTransferFrom.blockNumberHex, 0, 11);
    const named = logs.getByTestId("named-event");
    await expect(named).toContainText("Transfer(address indexed from, address indexed to, uint256 value)");
    await expect(named).toContainText("ERC-20");
    const args = named.getByRole("definition");
    await expect(args.nth(0)).toHaveText(manifest.accounts.deployer.address);
    await expect(args.nth(1)).toHaveText(manifest.accounts.bob.address);
    await expect(args.nth(2)).toContainText("250 DVT");
    const raw = named.getByRole("button", { name: "Raw integer of value" });
    await expect(raw).toHaveAttribute("aria-expanded", "false");
    await expect(named.getByText("250000000000000000000")).toBeHidden();
    await raw.focus();
    await page.keyboard.press("Enter");
    await expect(raw).toHaveAttribute("aria-expanded", "true");
    await expect(named.getByText("250000000000000000000", { exact: true })).toBeVisible();
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("calldata is named: the transaction view and the block's Call column", async () => {
    const errorsBefore = consoleErrors.length;
    await sendAnswered(
      page,
      "eth_getTransactionByBlockHashAndIndex",
      [tx.tokenTransferFrom.blockHash, "0x0"],
      21,
    );
    const decoded = response(page).getByRole("region", { name: "Decoded input" });
    await expect(decoded).toContainText("transferFrom(address sender, address recipient, uint256 amount)");
    await expect(decoded).toContainText("250 DVT");
    await sendAnswered(page, "eth_getBlockByNumber", [tx.tokenTransfer.blockNumberHex, true], 22);
    const rows = response(page).getByRole("table", { name: "Transactions" }).getByRole("row");
    await expect(rows.nth(1)).toContainText("transfer1,000 DVT");
    await expect(rows.nth(2)).toContainText("approve500 DVT");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a custom error: named by the bundled table, then by the Reverter's ABI pasted for its address", async () => {
    const errorsBefore = consoleErrors.length;
    await sendAnswered(page, "eth_estimateGas", [manifest.reverts.customError.call], 31);
    const decoded = response(page).getByRole("alert").getByRole("region", { name: "Decoded revert" });
    await expect(decoded).toContainText("custom error InsufficientBalance(uint256 balance, uint256 needed)");
    await expect(decoded).toContainText("Named byOpenZeppelin");
    await expect(decoded).toContainText("balance7");

    await decoded.getByRole("button", { name: "Add an ABI for the called contract" }).click();
    const dialog = page.getByRole("dialog", { name: "ABIs" });
    await expect(dialog.getByLabel("Contract address")).toHaveValue(reverter.address);
    const abi = dialog.getByLabel("ABI (JSON)");
    await expect(abi).toBeFocused();
    // A broken ABI is refused at the field, with what is wrong.
    await abi.fill('[{"type": "error", "name": "X", "inputs": [{"type": "uint257"}]}]');
    await dialog.getByRole("button", { name: "Add ABI" }).click();
    await expect(abi).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toContainText("Item 1 (error X) has a type that is not a Solidity type");
    await abi.fill(abiOf("Reverter"));
    await dialog.getByRole("button", { name: "Add ABI" }).click();
    await expect(dialog.getByRole("status")).toContainText(
      `Added an ABI for ${reverter.address}: 4 functions`,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await sendButton(page).click();
    const again = response(page).getByRole("alert").getByRole("region", { name: "Decoded revert" });
    await expect(again).toContainText("InsufficientBalance(uint256 available, uint256 required)");
    await expect(again).toContainText("Named byyour ABI");
    await expect(again).toContainText("available7");
    await expect(again).toContainText("required42");
    // The Reverter's ABI goes again: the next step starts with no ABI of the user's.
    const abis = await openAbis(page);
    await abis.getByRole("button", { name: `Remove the ABI of ${reverter.address}` }).click();
    await expect(abis.getByRole("list", { name: "Your ABIs" })).toHaveCount(0);
    await abis.getByRole("button", { name: "Close" }).click();
    await expect(abis).toHaveCount(0);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("an ABI pasted for the Store names its logs; it survives a reload; export and import", async () => {
    const errorsBefore = consoleErrors.length;
    let logs = await expandLogs(page, tx.legacy.blockNumberHex, 0, 41);
    await expect(logs).toContainText("unknown event");
    await logs.getByRole("button", { name: /^ABI for 0x5FbD/ }).click();
    let dialog = page.getByRole("dialog", { name: "ABIs" });
    await expect(dialog.getByLabel("Contract address")).toHaveValue(store.address);
    await dialog.getByLabel("Name (optional)").fill("Store");
    await dialog.getByLabel("ABI (JSON)").fill(abiOf("Store"));
    await dialog.getByRole("button", { name: "Add ABI" }).click();
    await expect(dialog.getByRole("list", { name: "Your ABIs" })).toContainText("Store");
    await dialog.getByRole("button", { name: "Close" }).click();
    const named = logs.getByTestId("named-event");
    await expect(named).toContainText("ValueSet(uint256 value)");
    await expect(named).toContainText("your ABI");
    await expect(named.getByRole("definition")).toHaveText("12,648,430");

    // Kept in this browser: after a reload the log is still named.
    await page.reload();
    await expect(page.getByLabel("API key")).not.toHaveValue("");
    logs = await expandLogs(page, tx.legacy.blockNumberHex, 0, 42);
    await expect(logs.getByTestId("named-event")).toContainText("ValueSet(uint256 value)");

    // Export, remove, import the export back.
    dialog = await openAbis(page);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export ABIs" }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, "utf8"));
    expect(exported).toMatchObject({ format: "rpc-playground-abis", version: 1 });
    expect(exported.abis).toHaveLength(1);
    expect(exported.abis[0]).toMatchObject({ address: store.address, label: "Store" });
    await dialog.getByRole("button", { name: `Remove the ABI of ${store.address}` }).click();
    await expect(dialog.getByRole("list", { name: "Your ABIs" })).toHaveCount(0);
    // The dialog is modal (the page behind is inert): the log is read once it is closed.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(logs).toContainText("unknown event");
    dialog = await openAbis(page);
    const input = dialog.locator('input[type="file"]');
    // A hostile file is refused with a message; nothing is added.
    await input.setInputFiles({ name: "junk.json", mimeType: "application/json", buffer: Buffer.from("{]") });
    await expect(dialog.getByRole("alert")).toContainText(
      "junk.json was not imported: The file is not JSON.",
    );
    await input.setInputFiles(file);
    await expect(dialog.getByRole("status")).toContainText("Imported 1 ABI");
    await expect(dialog.getByRole("list", { name: "Your ABIs" })).toContainText(store.address);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(logs.getByTestId("named-event")).toContainText("ValueSet(uint256 value)");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});

/**
 * Real mainnet answers (test/fixtures/mainnet) replayed as Ethereum Mainnet's own host, each for its
 * own method; gives each fixture's params.
 */
async function replayMainnet(page: Page, fixtures: readonly string[]) {
  const fxs = fixtures.map((fixture) =>
    JSON.parse(readFileSync(resolve(import.meta.dirname, "../test/fixtures/mainnet", fixture), "utf8")),
  );
  await page.route("https://mainnet.infura.io/**", async (route) => {
    const headers = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" };
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers });
    const body = route.request().postDataJSON() as { id: unknown; method: string };
    // Only the replayed methods answer; the views' own reads get "method not found".
    const fx = fxs.find((f) => f.request.method === body.method);
    const answer = fx
      ? { ...fx.response, id: body.id }
      : { jsonrpc: "2.0", id: body.id, error: { code: -32601, message: "not in this replay" } };
    await route.fulfill({
      status: 200,
      headers,
      contentType: "application/json",
      body: JSON.stringify(answer),
    });
  });
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Ethereum Mainnet" });
  await page.getByLabel("API key").fill("fixture-key");
  return fxs.map((fx) => fx.request.params as unknown[]);
}

test("mainnet replay: WETH and USDT Transfers with their decimals, a Uniswap v2 Swap; the block's Call column names a USDC transfer", async ({
  page,
  consoleErrors,
}) => {
  const [receipts, block] = await replayMainnet(page, [
    "eth_getBlockReceipts.10.json",
    "eth_getBlockByNumber.02.json",
  ]);
  await test.step("WETH and USDT Transfers with their decimals, a Uniswap v2 Swap", async () => {
    await sendBody(page, "eth_getBlockReceipts", receipts);
    const table = response(page).getByRole("table", { name: "Receipts" });
    await table.getByRole("button", { name: /^Logs of transaction 2:/ }).click();
    const logs = table.getByRole("list", { name: "Logs of transaction 2", exact: true });
    const events = logs.getByTestId("named-event");
    await expect(events.nth(0)).toContainText("0.219328578887636659 WETH");
    await expect(events.nth(1)).toContainText("838.95319 USDT");
    await events.nth(1).getByRole("button", { name: "Raw integer of value" }).click();
    await expect(events.nth(1).getByText("838953190", { exact: true })).toBeVisible();
    await expect(logs).toContainText("Uniswap v2 pair");
    await expect(logs).toContainText("Swap(address indexed sender");
  });
  await test.step("the block's Call column names a USDC transfer", async () => {
    await sendBody(page, "eth_getBlockByNumber", block);
    const rows = response(page).getByRole("table", { name: "Transactions" }).getByRole("row");
    await expect(rows.nth(1)).toContainText("transfer120 USDC");
  });
  expect(consoleErrors).toEqual([]);
});
