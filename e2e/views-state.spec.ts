import type { Page } from "@playwright/test";
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import { expect, openPlayground, response, sendAnswered, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const STORE = manifest.storage.contract;
const deployerEntry = manifest.storage.mapping.entries[0]!;

/** The row of the storage view whose type (row header) is `type`. */
function storageRow(page: Page, type: string) {
  return response(page)
    .getByRole("region", { name: "Storage value" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: type, exact: true }) });
}

const reverts = manifest.reverts;

/**
 * The gas estimates and reverts, the Store's storage with the slot calculator, and two proofs of the
 * Store on one page (one page load instead of three), in that order. The default gas example comes
 * first: it is the page's first send, its view waited for by its own text. Every later send goes
 * under an id of its own and is read once its answer shows: 21 for the estimate at a price, 11 to 14
 * for the reverts, 2 for slot 0 of the Store, 31 and 32 for the proofs; the position the calculator
 * fills is sent from the form and read by its value, 100, which slot 0 never reads. The calculator is
 * untouched until its own steps. No send changes the devnet. Each group of steps checks the console
 * for its own part, the first also for the page's load.
 */
test("eth_estimateGas: the default example's decimal gas, its cost at the base fee and the caveat; with maxFeePerGas, the cost at that price too; reverts are decoded: a reason string, a custom error with its arguments, two panics with their codes; eth_getStorageAt: slot 0 of the Store reads 0xc0ffee = 12,648,430 as uint256; the slot calculator computes the deployer's mapping entry, fills the position, and it reads 100; a nested mapping adds a key row, and a simple slot is padded; eth_getProof of the Store: account, storage proofs, decoded nodes, and Verify passes; at block 3 it verifies against block 3's state root (slot 0 was 1 then)", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  const view = response(page).getByRole("region", { name: "Gas estimate" });
  await test.step("the default example", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
    await sendButton(page).click();
    await expect(view).toContainText("Estimated gas");
    await expect(view).toContainText("21,000");
    await expect(view).toContainText("0x5208");
    await expect(view).toContainText(/Cost at the current base fee: [\d.]+ ETH \([\d.]+ gwei\)/);
    await expect(view).toContainText(/base fee [\d.]+ gwei of the latest block \(10\)/);
    await expect(view).toContainText("considerably higher than the gas the transaction actually uses");
  });
  await test.step("with maxFeePerGas", async () => {
    const { deployer, alice } = manifest.accounts;
    await sendAnswered(
      page,
      "eth_estimateGas",
      [{ from: deployer.address, to: alice.address, value: "0x1", maxFeePerGas: "0x3b9aca00" }],
      21,
    );
    // 21,000 gas × 1 gwei
    await expect(view).toContainText(
      "Cost at most, at the request's maxFeePerGas: 0.000021 ETH (21000 gwei)",
    );
  });

  const alert = response(page).getByRole("alert");
  const decoded = alert.getByRole("region", { name: "Decoded revert" });

  await test.step("a reason string shows Error(string) and the reason", async () => {
    await sendAnswered(page, "eth_estimateGas", [reverts.reason.call], 11);
    await expect(alert).toContainText("Execution reverted");
    await expect(alert).toContainText("code 3");
    await expect(decoded).toContainText(`Reason${reverts.reason.reason}`);
    await expect(decoded).toContainText("Error(string)");
  });

  await test.step("a custom error shows its selector and its arguments, named by the bundled table", async () => {
    await sendAnswered(page, "eth_estimateGas", [reverts.customError.call], 12);
    await expect(alert).toContainText("code 3");
    await expect(decoded).toContainText("custom error");
    await expect(decoded).toContainText(`Selector${reverts.customError.selector}`);
    // Its selector is OpenZeppelin's Errors.InsufficientBalance(uint256 balance, uint256 needed).
    const [balance, needed] = reverts.customError.args;
    await expect(decoded).toContainText(`balance${balance}`);
    await expect(decoded).toContainText(`needed${needed}`);
  });

  for (const [i, kind] of (["panicOverflow", "panicDivisionByZero"] as const).entries()) {
    await test.step(`a ${kind} revert shows Panic(uint256) with the code and its meaning`, async () => {
      const r = reverts[kind];
      await sendAnswered(page, "eth_estimateGas", [r.call], 13 + i);
      await expect(alert).toContainText("code 3");
      await expect(decoded).toContainText("Panic(uint256)");
      await expect(decoded).toContainText(`${r.codeHex} (${r.code})`);
      // The manifest words 0x11 "underflow or overflow", the decoder "overflow or underflow".
      for (const word of r.meaning.split(" ")) await expect(decoded).toContainText(word);
    });
  }
  // The whole page so far, its load too.
  expect(consoleErrors).toEqual([]);

  const errorsBeforeStorage = consoleErrors.length;
  const calc = page.getByRole("region", { name: "Storage slot calculator" });
  const output = calc.getByRole("status", { name: "Computed position" });

  await test.step("slot 0 of the Store reads 0xc0ffee = 12,648,430 as uint256", async () => {
    await sendAnswered(page, "eth_getStorageAt", [STORE, "0x0", "latest"], 2);
    await expect(response(page).getByRole("tab", { name: "View" })).toHaveAttribute("aria-selected", "true");
    const uint = storageRow(page, "uint256");
    await expect(uint).toContainText("12,648,430");
    await expect(uint).toContainText("0xc0ffee");
    await expect(storageRow(page, "bytes32")).toContainText(manifest.storage.slot0.value);
    await expect(storageRow(page, "bool")).toContainText("not a bool");
  });

  await test.step("the slot calculator computes the deployer's mapping entry, fills the position, and it reads 100", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await calc.getByLabel("Mapping slot").fill("x");
    await expect(calc.getByText('"x" is not a decimal or 0x-hex number')).toBeVisible();
    await calc.getByLabel("Mapping slot").fill("1");
    await calc.getByLabel("Key 1 type").selectOption("address");
    await calc.getByLabel("Key 1", { exact: true }).fill("0x12");
    await expect(calc.getByText("not a 20-byte address")).toBeVisible();
    await calc.getByLabel("Key 1", { exact: true }).fill(deployerEntry.key);
    await expect(output).toContainText(deployerEntry.position);
    await calc.getByRole("button", { name: "Use as position" }).click();
    await expect(page.getByLabel("Storage position", { exact: true })).toHaveValue(deployerEntry.position);
    await page.getByLabel("Address", { exact: true }).fill(STORE);
    await sendButton(page).click();
    // This send's answer, not slot 0's (which stays on screen until this one replaces it): slot 0
    // reads 12,648,430 (0xc0ffee), never 100 (0x64).
    await expect(storageRow(page, "uint256")).toContainText("100");
    await expect(storageRow(page, "uint256")).toContainText("0x64");
  });

  await test.step("the slot calculator: a nested mapping adds a key row, and a simple slot is padded", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    // The calculator keeps what the step before entered: a mapping entry with one address key, as
    // on a fresh page, is chosen here.
    await calc.getByRole("radio", { name: "Mapping entry" }).check();
    await expect(calc.getByLabel(/^Key \d$/)).toHaveCount(1);
    await calc.getByLabel("Key 1 type").selectOption("address");
    await calc.getByLabel("Mapping slot").fill("2");
    await calc.getByLabel("Key 1", { exact: true }).fill(manifest.accounts.deployer.address);
    await calc.getByRole("button", { name: "Add key (nested mapping)" }).click();
    await calc.getByLabel("Key 2", { exact: true }).fill(manifest.accounts.alice.address);
    await expect(output).toContainText("keccak256(pad32(key 2) ++ keccak256(pad32(key 1) ++ pad32(2)))");
    await calc.getByRole("radio", { name: "Simple variable" }).check();
    await calc.getByLabel("Slot", { exact: true }).fill("0x1f");
    await expect(output).toContainText(`0x${"0".repeat(62)}1f`);
  });
  expect(consoleErrors.slice(errorsBeforeStorage)).toEqual([]);

  const errorsBeforeProof = consoleErrors.length;
  const region = response(page);
  const verify = region.getByRole("region", { name: "Proof verification" });

  await test.step("at the latest block: account, storage proofs, decoded nodes, and Verify passes", async () => {
    await sendAnswered(page, "eth_getProof", [STORE, ["0x0", deployerEntry.position], "latest"], 31);
    await expect(region.getByRole("region", { name: "Account" })).toContainText("Storage hash");
    await expect(region.getByRole("region", { name: "Account" })).toContainText(/0x5fbd…0aa3/i);
    const storage = region.getByRole("region", { name: /Storage proofs \(2\)/ });
    await expect(storage.getByRole("row").nth(1)).toContainText("12,648,430");
    await expect(storage.getByRole("row").nth(2)).toContainText("100");

    const accountNodes = region
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: /^Account proof: \d+ nodes?$/ }) });
    await accountNodes.locator("summary").first().click();
    const root = accountNodes.getByRole("listitem").first();
    await expect(root).toContainText(/^#1 branch · \d+ of 16 children/);
    await root.locator("summary").click();
    await expect(root.getByText(/^Child [0-9a-f]$/).first()).toBeVisible();
    await expect(accountNodes.getByRole("listitem").last()).toContainText(/leaf · account/);

    await verify.getByRole("button", { name: "Verify" }).click();
    await expect(verify).toContainText("All 3 proofs verified");
    await expect(verify.getByText("Verified", { exact: true })).toHaveCount(3);
    await expect(verify).toContainText(/Checked against the state root 0x[0-9a-f]{64} of block 10/);
    await expect(verify).toContainText('the tag "latest"');
  });

  await test.step("at block 3: verifies against block 3's state root (slot 0 was 1 then)", async () => {
    await sendAnswered(page, "eth_getProof", [STORE, ["0x0"], "0x3"], 32);
    const row = region
      .getByRole("region", { name: /Storage proofs \(1\)/ })
      .getByRole("row")
      .nth(1);
    await expect(row.getByRole("cell").nth(1)).toHaveText("1");
    await verify.getByRole("button", { name: "Verify" }).click();
    await expect(verify).toContainText("All 2 proofs verified");
    await expect(verify).toContainText(`of block 3, hash ${manifest.blocks[3]!.hash}`);
    await expect(verify).not.toContainText("tag");
  });
  expect(consoleErrors.slice(errorsBeforeProof)).toEqual([]);
});
