import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import {
  chooseStarknetDevnet,
  devnet,
  expect,
  openPlayground,
  replaceBody,
  response,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Runs a shell snippet as a user pasting it in a terminal would, with the real curl. */
function runShell(snippet: string): unknown {
  const out = execFileSync("sh", ["-c", snippet], { encoding: "utf8", timeout: 20_000, stdio: "pipe" });
  return JSON.parse(out) as unknown;
}

/**
 * Sends the current request and returns the answer the app shows (its Raw JSON, copied); with `id`,
 * once the details name that id (a page that showed an answer before).
 */
async function sendAndReadAnswer(page: Page, id?: number): Promise<{ result: unknown }> {
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const region = response(page);
  await expect(region.getByText("Latency")).toBeVisible();
  if (id !== undefined)
    await expect(region.getByLabel("Answer details")).toContainText(new RegExp(`id${id}(?!\\d)`));
  await region.getByRole("tab", { name: "Raw" }).click();
  await expect(region.getByTestId("raw-json")).toBeVisible();
  await region.getByRole("button", { name: "Copy JSON" }).click();
  await expect(region.getByRole("button", { name: "Copied" })).toBeVisible();
  return JSON.parse(await readClipboard(page)) as { result: unknown };
}

/**
 * Both snippet cases on one page (one page load instead of two): the devnet's curl first, its
 * reload included; then the Starknet simulator, chosen in the page, whose answer is read once its
 * details name its id (5).
 */
test("the curl snippet, key revealed and run with the real curl, gets the answer the app showed; Starknet object params run through curl too; viem and ethers say they do not apply; a bad body gets no snippet", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await test.step("the curl snippet, key revealed and run with the real curl, gets the answer the app showed", async () => {
    const { key } = devnet();
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    const shown = await sendAndReadAnswer(page);
    expect(shown.result).toMatchObject({ stateRoot: expect.any(String) });

    await page.getByRole("tab", { name: "Code snippets" }).click();
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("curl");
    const code = page.getByTestId("snippet-code");
    await expect(code).toContainText("curl '");
    await expect(code).toContainText("/v3/<API_KEY>");
    await expect(code).not.toContainText(key);
    await expect(code).toContainText('"method":"eth_getBlockByNumber"');

    // Every language is redacted too.
    const language = page.getByRole("combobox", { name: "Language" });
    for (const lang of ["fetch", "wscat", "websocket", "viem", "ethers", "python"]) {
      await language.selectOption(lang);
      await expect(code).toHaveAttribute("data-language", lang);
      await expect(code).toContainText("<API_KEY>");
      await expect(code).not.toContainText(key);
    }
    await language.selectOption("curl");

    await page.getByLabel("Reveal key in snippets").check();
    await expect(code).toContainText(`/v3/${key}`);
    await expect(code).not.toContainText("<API_KEY>");
    await page.getByRole("button", { name: "Copy curl snippet" }).click();
    await expect(
      page.getByRole("region", { name: "Tools" }).getByRole("button", { name: "Copied" }),
    ).toBeVisible();
    const snippet = await readClipboard(page);
    expect(snippet).toBe(await code.textContent());

    const answer = runShell(snippet) as { jsonrpc: string; id: unknown; result: unknown };
    expect(answer.jsonrpc).toBe("2.0");
    expect(answer.result).toEqual(shown.result);

    // The reveal is for this panel only and not remembered.
    await page.reload();
    await expect(page.getByLabel("API key")).not.toHaveValue("");
    await page.getByRole("tab", { name: "Code snippets" }).click();
    await expect(page.getByLabel("Reveal key in snippets")).not.toBeChecked();
    await expect(page.getByTestId("snippet-code")).not.toContainText(key);
    expect(consoleErrors).toEqual([]);
  });
  await test.step("Starknet object params run through curl too; viem and ethers say they do not apply; a bad body gets no snippet", async () => {
    await chooseStarknetDevnet(page);
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("starknet_getBlockWithTxHashes");
    await replaceBody(
      page,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 5,
        method: "starknet_getBlockWithTxHashes",
        params: { block_id: { block_number: 0 } },
      }),
    );
    await page.getByRole("tab", { name: "Code snippets" }).click();
    await page.getByLabel("Reveal key in snippets").check();
    const code = page.getByTestId("snippet-code");
    // The snippet follows the body as it is edited.
    await expect(code).toContainText('"params":{"block_id":{"block_number":0}}');
    const snippet = (await code.textContent()) ?? "";
    const shown = await sendAndReadAnswer(page, 5);
    const answer = runShell(snippet) as { result: unknown };
    expect(answer.result).toEqual(shown.result);

    const language = page.getByRole("combobox", { name: "Language" });
    const tools = page.getByRole("region", { name: "Tools" });
    for (const lang of ["viem", "ethers"]) {
      await language.selectOption(lang);
      await expect(tools.getByRole("status")).toContainText("library for EVM chains");
      await expect(code).toHaveCount(0);
    }

    // A body with problems: the snippet sends it exactly as written, as Send anyway does.
    const broken = '{"jsonrpc": "2.0", "id": 1, "method": "starknet_getBlockWithTxHashes", "params": [}';
    await replaceBody(page, broken);
    await expect(tools.getByRole("status").first()).toContainText("the snippet sends it exactly as written");
    await language.selectOption("curl");
    await expect(code).toContainText(broken);
  });
});
