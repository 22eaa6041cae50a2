import { readFileSync } from "node:fs";
import { addCustomNetwork, devnet, expect, openPlayground, openStarknetDevnet, test } from "./fixtures.ts";

test("the QA run sends every method over both transports, judges each, checks a block, and exports", async ({
  page,
}) => {
  await openPlayground(page);
  const tools = page.getByRole("region", { name: "Tools" });
  await tools.getByRole("tab", { name: "QA run" }).click();
  const qa = page.getByRole("region", { name: "QA run" });
  await qa.getByLabel(/Both transports/).check();
  await qa.getByLabel("Block for the receipts check").fill("0x8");
  await qa.getByRole("button", { name: "Run all methods" }).click();
  await expect(qa.getByTestId("qa-summary")).toHaveText("16 of 16 passed.", { timeout: 30_000 });
  await expect(qa.getByRole("row")).toHaveCount(9);
  await expect(qa.getByTestId("qa-eth_getUncleByBlockNumberAndIndex-ws")).toContainText(
    "null: nothing found",
  );
  await expect(qa.getByTestId("qa-eth_getProof-http")).toContainText(/\d+ ms/);
  const integrity = qa.getByTestId("qa-integrity");
  await expect(integrity).toContainText("Block 0x8");
  await expect(integrity).not.toContainText("fail");
  await expect(integrity).toContainText("gas used sum");

  const [md] = await Promise.all([
    page.waitForEvent("download"),
    qa.getByRole("button", { name: "Export Markdown" }).click(),
  ]);
  const text = readFileSync(await md.path(), "utf8");
  expect(text).toContain("16 of 16 passed");
  expect(text).toContain("| eth_getBlockReceipts | WebSocket | pass |");
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    qa.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const run = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect(run.rows).toHaveLength(16);
  expect(JSON.stringify(run)).not.toContain("devnet-key");
});

test("a QA run on a Starknet network runs its one method; a failing provider shows fails with reasons", async ({
  page,
}) => {
  await openStarknetDevnet(page);
  await page.getByRole("region", { name: "Tools" }).getByRole("tab", { name: "QA run" }).click();
  const qa = page.getByRole("region", { name: "QA run" });
  await qa.getByRole("button", { name: "Run all methods" }).click();
  await expect(qa.getByTestId("qa-summary")).toHaveText("1 of 1 passed.");

  await page.getByLabel("API key").fill("wrong-key");
  await qa.getByRole("button", { name: "Run all methods" }).click();
  await expect(qa.getByTestId("qa-summary")).toHaveText("0 of 1 passed.");
  await expect(qa.getByTestId("qa-starknet_getBlockWithTxHashes-http")).toContainText("401");
});

test("a QA run against a node that never answers can be cancelled", async ({ page }) => {
  const { evm } = devnet();
  await openPlayground(page);
  await addCustomNetwork(page, "Silent", `${evm.httpUrl}/faults/never`, `${evm.wsUrl}/faults/never`);
  await page.getByLabel("API key").fill(devnet().key);
  await page.getByRole("region", { name: "Tools" }).getByRole("tab", { name: "QA run" }).click();
  const qa = page.getByRole("region", { name: "QA run" });
  await qa.getByRole("button", { name: "Run all methods" }).click();
  await qa.getByRole("button", { name: "Cancel run" }).click();
  await expect(qa.getByTestId("qa-summary")).toHaveText("0 of 1 passed.");
  await expect(qa.getByRole("row").nth(1)).toContainText(/cancel/i);
  await expect(qa.getByRole("button", { name: "Run all methods" })).toBeEnabled();
});
