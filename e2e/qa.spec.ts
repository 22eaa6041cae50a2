import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import { methodsForChain } from "../src/methods/registry.ts";
import {
  addCustomNetwork,
  addLoopbackNetwork,
  chooseEvmDevnet,
  devnet,
  expect,
  openPlayground,
  openStarknetDevnet,
  pickFaultyNode,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** The devnet's head is block 10; the run samples at 10 − 2 = 8, which has transactions. */
const BLOCK8 = manifest.blocks[8]!;

async function openQa(page: Page): Promise<Locator> {
  await page.getByRole("region", { name: "Tools" }).getByRole("tab", { name: "QA run" }).click();
  return page.getByRole("region", { name: "QA run" });
}

async function download(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return readFileSync(await file.path(), "utf8");
}

/**
 * A full run and a run of repeats in one QA panel (one page load instead of two): the repeats go
 * over one transport again, and their summary (8 of 8) is not the full run's.
 */
test("the QA run samples its params from the devnet, passes every method and check, and exports; N repeats give the median and p95 of each method, from the keyboard alone", async ({
  page,
}) => {
  await openPlayground(page);
  const qa = await openQa(page);
  await test.step("the QA run samples its params from the devnet, passes every method and check, and exports", async () => {
    await qa.getByLabel(/Both transports/).check();
    await qa.getByRole("button", { name: "Run all methods" }).click();
    // Every EVM method of the registry over both transports, then the checks.
    const rows = 2 * methodsForChain("evm").length;
    await expect(qa.getByTestId("qa-progress")).toHaveText(`Done: ${rows + 1} steps.`, { timeout: 60_000 });
    await expect(qa.getByTestId("qa-summary")).toHaveText(`${rows} of ${rows} passed.`);
    await expect(qa.getByTestId("qa-block")).toContainText(`Block 0x8 (${BLOCK8.hash})`);
    await expect(qa.getByTestId("qa-block")).toContainText("the lowest head 0xa minus 2");
    // The uncle does not exist: null is a valid answer there, and only there.
    await expect(qa.getByTestId("qa-A-eth_getUncleByBlockNumberAndIndex-ws")).toContainText(
      "null: nothing found",
    );
    await expect(qa.getByTestId("qa-A-eth_getBlockByHash-http")).toContainText("matches the spec's shape");
    await expect(qa.getByTestId("qa-A-eth_getProof-http")).toContainText(/\d+ ms/);

    const checks = qa.getByTestId("qa-checks");
    await expect(checks).toContainText("Checks on block 0x8");
    await expect(checks.getByRole("row")).toHaveCount(13);
    await expect(checks.getByText(/^(fail|skipped|note)$/)).toHaveCount(0);
    await expect(qa.getByTestId("qa-check-A-transactions by block hash and index")).toContainText(
      "checked 2 of 2 transaction(s)",
    );
    await expect(qa.getByTestId("qa-check-A-proof verifies against the state root")).toContainText("pass");
    await expect(qa.getByTestId("qa-check-A-a plain transfer estimates 21,000 gas")).toContainText(
      "estimates 21,000 gas at block 0x8",
    );

    const md = await download(page, qa.getByRole("button", { name: "Export Markdown" }));
    expect(md).toContain(`Block 0x8 (${BLOCK8.hash})`);
    expect(md).toContain(`${rows} of ${rows}`);
    expect(md).toMatch(/\| eth_getBlockReceipts \| WebSocket \| pass \|/);
    expect(md).toContain("- pass: a plain transfer estimates 21,000 gas");
    const run = JSON.parse(await download(page, qa.getByRole("button", { name: "Export JSON" })));
    expect(run.block).toMatchObject({ number: "0x8", hash: BLOCK8.hash });
    expect(run.targets[0].rows).toHaveLength(rows);
    // The params came from the chain: the block-hash methods ask for block 8's hash.
    expect(
      run.targets[0].rows.find((r: { method: string }) => r.method === "eth_getBlockByHash").params,
    ).toEqual([BLOCK8.hash, false]);
    expect(JSON.stringify(run)).not.toContain(devnet().key);
    expect(md).not.toContain(devnet().key);
  });
  await test.step("N repeats give the median and p95 of each method, from the keyboard alone", async () => {
    // One transport again, as the panel opens.
    await qa.getByLabel(/Both transports/).uncheck();
    const repeats = qa.getByLabel("Repeats per method");
    await repeats.fill("51");
    await expect(qa.getByText("A whole number from 1 to 50.")).toBeVisible();
    await expect(qa.getByRole("button", { name: "Run all methods" })).toBeDisabled();
    await repeats.focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("5");
    await page.keyboard.press("Tab"); // Transactions checked one by one
    await page.keyboard.press("Tab"); // Run all methods
    await expect(qa.getByRole("button", { name: "Run all methods" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(qa.getByTestId("qa-summary")).toHaveText("8 of 8 passed.", { timeout: 60_000 });
    const cell = qa.getByTestId("qa-A-eth_getBlockByNumber-http");
    await expect(cell).toContainText(/median \d+ ms · p95 \d+ ms · n 5/);
    const md = await download(page, qa.getByRole("button", { name: "Export Markdown" }));
    expect(md).toMatch(/\| eth_getBlockByNumber \| HTTP \| pass \| [^|]+ \| \d+ ms \| \d+ ms \| 5 \|/);
  });
});

test("comparing providers: a second node on the same devnet agrees everywhere, a node that alters a receipt is flagged, and no key is exported", async ({
  page,
}) => {
  const { evm, key } = devnet();
  const TYPED = "qa-typed-key-5c1d9e7b";
  const seenPaths: string[] = [];
  // A node that asks the devnet and flips the status of block receipts' first receipt.
  const altered = await startLoopbackNode(async (path, request) => {
    seenPaths.push(path);
    const res = await fetch(`${evm.httpUrl}/v3/${key}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    const text = await res.text();
    if (request.method !== "eth_getBlockReceipts") return text;
    const json = JSON.parse(text) as { result?: { status: string }[] };
    const first = json.result?.[0];
    if (first) first.status = first.status === "0x1" ? "0x0" : "0x1";
    return JSON.stringify(json);
  });
  try {
    await openPlayground(page);
    await addCustomNetwork(page, "Same devnet", evm.httpUrl, evm.wsUrl);
    await addLoopbackNetwork(page, "Altered node", altered.base);
    await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Local devnet (Anvil)" });
    await page.setViewportSize({ width: 360, height: 800 });
    const qa = await openQa(page);

    // Devnet against the same devnet under another name, with a key typed for this comparison.
    await qa.getByRole("button", { name: "Add a target to compare" }).click();
    const b = qa.getByRole("group", { name: "Target B", exact: true });
    await b.getByLabel("Network of target B").selectOption({ label: "Same devnet" });
    await expect(b.getByRole("alert")).toContainText("No key is stored for Same devnet");
    await b.getByLabel("Another key, for this comparison only").check();
    await b.getByLabel("Key for target B, this comparison only").fill(key);
    await qa.getByRole("button", { name: "Run the comparison" }).click();
    const summary = qa.getByTestId("qa-comparison-summary");
    await expect(summary).toHaveText(/^All \d+ fields agree\.$/, { timeout: 90_000 });
    await expect(qa.getByTestId("qa-summary")).toHaveText("A: 8 of 8 passed; B: 8 of 8 passed.");
    await expect(qa.getByTestId("qa-fact-block hash")).toHaveText("agree");
    // The panel fits the phone: nothing in it is wider than it, the tables scroll in their own boxes.
    const fit = await qa.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      overflow: el.scrollWidth - el.clientWidth,
    }));
    expect(fit.right).toBeLessThanOrEqual(360);
    expect(fit.overflow).toBeLessThanOrEqual(0);

    // A third target: the altered node, with a distinctive key typed for it.
    await qa.getByRole("button", { name: "Add a target to compare" }).click();
    const c = qa.getByRole("group", { name: "Target C", exact: true });
    await c.getByLabel("Network of target C").selectOption({ label: "Altered node" });
    await c.getByLabel("Another key, for this comparison only").check();
    await c.getByLabel("Key for target C, this comparison only").fill(TYPED);
    await qa.getByRole("button", { name: "Run the comparison" }).click();
    await expect(summary).toHaveText(/^1 of \d+ fields disagree: receipt 0 status\.$/, { timeout: 90_000 });
    await expect(qa.getByRole("table", { name: "Disagreements per receipt or transaction" })).toContainText(
      "receipt 0 status",
    );
    await expect(qa.getByTestId("qa-fact-receipt 0 status")).toHaveText("differs");
    await expect(qa.getByTestId("qa-fact-state root")).toHaveText("agree");
    await expect(qa.getByTestId("qa-fact-median / p95 latency")).toBeAttached();
    expect(seenPaths.every((p) => p === `/v3/${TYPED}`)).toBe(true);

    const md = await download(page, qa.getByRole("button", { name: "Export Markdown" }));
    const json = await download(page, qa.getByRole("button", { name: "Export JSON" }));
    expect(md).toMatch(/\| receipt 0 status \| [01] \| [01] \| [01] \| \*\*differs\*\* \|/);
    expect(JSON.parse(json).comparison.disagreements).toHaveLength(1);
    for (const text of [md, json]) {
      expect(text).not.toContain(TYPED);
      expect(text).not.toContain(key);
    }
    expect(md).toContain("typed for this comparison");
    // The typed key was never kept.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(TYPED);
  } finally {
    await altered.close();
  }
});

/**
 * Three runs that fail or are cut short, on one page (one page load instead of three). The Starknet
 * run comes first, as the page opens on that network; its wrong key is replaced when the silent node
 * is picked, key filled in. The unreachable target comes last: the target B it adds stays, and no
 * step after it runs without one. Each step chooses its network (and so target A) and its key at
 * its start, and each waits for a result only its own run shows.
 */
test("a QA run on a Starknet network samples a block and checks it by number and by hash, and a wrong key fails the target; a QA run against a node that never answers can be cancelled; a target that cannot be reached fails its own column with a message, never the panel", async ({
  page,
}) => {
  const { key } = devnet();
  await openStarknetDevnet(page);

  await test.step("a QA run on a Starknet network samples a block and checks it by number and by hash; a wrong key fails the target", async () => {
    const qa = await openQa(page);
    await qa.getByRole("button", { name: "Run all methods" }).click();
    await expect(qa.getByTestId("qa-summary")).toHaveText("1 of 1 passed.", { timeout: 30_000 });
    await expect(qa.getByTestId("qa-check-A-block by number = block by hash")).toContainText("pass");

    await page.getByLabel("API key").fill("wrong-key");
    await qa.getByRole("button", { name: "Run all methods" }).click();
    await expect(qa.getByTestId("qa-target-A-error")).toContainText("401");
    await expect(qa.getByTestId("qa-target-A-error")).not.toContainText("wrong-key");
  });

  await test.step("a QA run against a node that never answers can be cancelled", async () => {
    // The silent node, with the devnet's key (not the step before's wrong one).
    await pickFaultyNode(page, "Silent", "never");
    const qa = await openQa(page);
    await qa.getByRole("button", { name: "Run all methods" }).click();
    await expect(qa.getByTestId("qa-progress")).toContainText("Asking each target its head");
    await qa.getByRole("button", { name: "Cancel run" }).click();
    await expect(qa.getByTestId("qa-target-A-error")).toContainText(/cancel/i);
    await expect(qa.getByRole("button", { name: "Run all methods" })).toBeEnabled();
  });

  await test.step("a target that cannot be reached fails its own column with a message, never the panel", async () => {
    await addCustomNetwork(page, "Down node", "http://127.0.0.1:9", "ws://127.0.0.1:9");
    await chooseEvmDevnet(page);
    const qa = await openQa(page);
    await qa.getByRole("button", { name: "Add a target to compare" }).click();
    const b = qa.getByRole("group", { name: "Target B", exact: true });
    await b.getByLabel("Network of target B").selectOption({ label: "Down node" });
    await b.getByLabel("Another key, for this comparison only").check();
    await b.getByLabel("Key for target B, this comparison only").fill(key);
    await qa.getByRole("button", { name: "Run the comparison" }).click();
    await expect(qa.getByTestId("qa-target-B-error")).toContainText(
      "B: Down node failed: Could not read the chain's head",
      {
        timeout: 60_000,
      },
    );
    await expect(qa.getByTestId("qa-summary")).toHaveText("A: 8 of 8 passed.", { timeout: 60_000 });
    await expect(qa.getByTestId("qa-B-eth_getProof-http")).toHaveText("not run");
  });
});
