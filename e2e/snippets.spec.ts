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

/**
 * Holds the page's idle callbacks from `window.__holdIdle()` until `window.__releaseIdle()`: work
 * the page does when idle waits for a moment the test chooses.
 */
function holdIdleCallbacks(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __holdIdle(): void; __releaseIdle(): void };
    const own = window.requestIdleCallback.bind(window);
    const cancelOwn = window.cancelIdleCallback.bind(window);
    const held = new Map<number, [IdleRequestCallback, IdleRequestOptions | undefined]>();
    let holding = false;
    let fakeId = 0;
    window.requestIdleCallback = (callback, options) => {
      if (!holding) return own(callback, options);
      fakeId -= 1;
      held.set(fakeId, [callback, options]);
      return fakeId;
    };
    window.cancelIdleCallback = (id) => (id < 0 ? void held.delete(id) : cancelOwn(id));
    w.__holdIdle = () => {
      holding = true;
    };
    w.__releaseIdle = () => {
      holding = false;
      for (const [callback, options] of held.values()) own(callback, options);
      held.clear();
    };
  });
}

/**
 * The snippet follows the body in idle time, and its note of a body with problems takes room: on a
 * page scrolled to its end, the note leaving shortens the page and moves Send down. A press on Send
 * made as it goes (a method picked, then Send, on a busy machine) must still click it: the snippet
 * waits for the release (state/useIdleValue.ts). The page's idle time is held until the press.
 */
test("the snippet changing while Send is pressed waits for the release: the click sends", async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPlayground(page);
  const problems = page.getByText("The body has problems");
  await replaceBody(page, '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["",false]}');
  await expect(problems).toBeVisible();
  await page.evaluate(() => (window as unknown as { __holdIdle(): void }).__holdIdle());
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByHash");
  // A timer of the snippet's pause (QUIET_MS in state/useIdleValue.ts), set after the one the
  // change set: timers of one delay fire in the order they were set, so this one fires after it.
  await page.evaluate(() => {
    const w = window as unknown as { __quietPassed: Promise<void> };
    w.__quietPassed = new Promise((done) => setTimeout(done, 250));
  });
  await expect(page.getByLabel("Block hash")).toBeVisible();
  // The page's scroll box on a desktop is its main area, not the window.
  await page.locator("main").evaluate((m) => m.scrollTo(0, m.scrollHeight));
  const send = await page.getByRole("button", { name: "Send", exact: true }).boundingBox();
  if (!send) throw new Error("Send is not on screen");
  await page.mouse.move(send.x + send.width / 2, send.y + send.height / 2);
  await page.mouse.down();
  // Idle time comes back with Send pressed. Once the snippet's pause is over, an idle callback
  // asked for then runs after the one the snippet asked for (idle callbacks run in the order they
  // were asked), and a frame later the snippet would show the new body, were it not for the press.
  await page.evaluate(async () => {
    const w = window as unknown as { __releaseIdle(): void; __quietPassed: Promise<void> };
    w.__releaseIdle();
    await w.__quietPassed;
    // With the snippet's timeout (its deadline later than the snippet's: it runs after it either way).
    await new Promise((done) => requestIdleCallback(done, { timeout: 500 }));
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  });
  await expect(problems).toBeVisible();
  await page.mouse.up();
  await expect(response(page).getByRole("heading", { name: "Block 6" })).toBeVisible();
  await expect(problems).toHaveCount(0);
});
