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

test("a Send the moment the answer shows still goes with the next id", async ({ page }) => {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
  await page.getByTestId("body-editor").locator(".monaco-editor").waitFor();
  // Three Sends, each clicked in the same moment its answer's details show (before the editor has
  // been rewritten with the next id): every one goes with its own id.
  const ids = await page.evaluate(async () => {
    const region = [...document.querySelectorAll("section")].find(
      (s) => s.querySelector("h2")?.textContent?.trim() === "Response",
    );
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
    if (!region || !button) throw new Error("no Response region or Send button");
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const before = region.querySelector('[aria-label="Answer details"]')?.textContent ?? "";
      button.click();
      seen.push(
        await new Promise<string>((done, fail) => {
          const look = () => {
            const now = region.querySelector('[aria-label="Answer details"]')?.textContent ?? "";
            if (now && now !== before) {
              mo.disconnect();
              done(now);
            }
          };
          const mo = new MutationObserver(look);
          mo.observe(region, { subtree: true, childList: true, characterData: true });
          setTimeout(() => fail(new Error(`send ${i + 1}: no new answer in 10 s`)), 10_000);
        }),
      );
    }
    return seen.map((d) => /id(\d+)/.exec(d)?.[1]);
  });
  expect(ids).toEqual(["1", "2", "3"]);
  await expect(page.getByTestId("body-editor")).toHaveAttribute("data-text", /"id": 4/);
});
