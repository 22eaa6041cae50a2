import { expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

/** Every method of the spec, sent from its form with its shipped example, over both transports. */
const METHODS: { method: string; network: string; expectText: RegExp }[] = [
  { method: "eth_getStorageAt", network: "Local devnet (Anvil)", expectText: /"result": "0x[0-9a-f]{64}"/ },
  { method: "eth_estimateGas", network: "Local devnet (Anvil)", expectText: /"result": "0x[0-9a-f]+"/ },
  { method: "eth_getBlockByHash", network: "Local devnet (Anvil)", expectText: /"stateRoot"/ },
  { method: "eth_getBlockByNumber", network: "Local devnet (Anvil)", expectText: /"stateRoot"/ },
  {
    method: "eth_getUncleByBlockNumberAndIndex",
    network: "Local devnet (Anvil)",
    expectText: /"result": null/,
  },
  {
    method: "eth_getTransactionByBlockHashAndIndex",
    network: "Local devnet (Anvil)",
    expectText: /"blockHash"/,
  },
  { method: "eth_getBlockReceipts", network: "Local devnet (Anvil)", expectText: /"cumulativeGasUsed"/ },
  { method: "eth_getProof", network: "Local devnet (Anvil)", expectText: /"accountProof"/ },
  {
    method: "starknet_getBlockWithTxHashes",
    network: "Local devnet (Starknet simulator)",
    expectText: /"starknet_version"/,
  },
];

for (const transport of ["HTTP", "WebSocket"] as const) {
  for (const { method, network, expectText } of METHODS) {
    test(`${method} over ${transport}: sent from its form with its example, answered`, async ({
      page,
      consoleErrors,
    }) => {
      await openPlayground(page);
      await page.getByRole("combobox", { name: "Network" }).selectOption({ label: network });
      await page.getByRole("combobox", { name: "Method" }).selectOption(method);
      await page.getByRole("radiogroup", { name: "Transport" }).getByText(transport, { exact: true }).click();
      await sendButton(page).click();
      const region = response(page);
      await expect(region.getByText("Latency")).toBeVisible();
      await expect(region.getByLabel("Answer details")).toContainText(method);
      await expect(region.getByLabel("Answer details")).toContainText(transport);
      await region.getByRole("tab", { name: "Raw" }).click();
      await expect(region.getByTestId("raw-json")).toContainText(expectText);
      await expect(region.getByRole("alert")).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  }
}

test("the id goes up with every request", async ({ page }) => {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
  const details = response(page).getByLabel("Answer details");
  await sendButton(page).click();
  await expect(details).toContainText("id1");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(details).toContainText("id2");
});
