import type { Browser, Page } from "@playwright/test";
import axe from "axe-core";
import {
  addCustomNetwork,
  bodyText,
  devnet,
  expect,
  holdRequests,
  openPlayground,
  recordInputOf,
  replaceBody,
  response,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** The deployer's entry of Store's mapping at slot 1 (see src/methods/devnet-examples.ts). */
const MAPPING_POSITION = "0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502";

/** The link the Share UI shows for the current request. */
async function shareLink(page: Page, opts: { copy?: boolean } = {}): Promise<string> {
  await page.getByRole("button", { name: "Share link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share link" });
  const field = dialog.getByRole("textbox", { name: "Link to this request" });
  await expect(field).toHaveValue(/[?&]method=/);
  const url = await field.inputValue();
  if (opts.copy) {
    // Copy link puts the field's link, and only it, on the clipboard, and says so.
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog).toContainText("Copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  return url;
}

/** What a link carries, read as the app does: its query parameters, params as JSON. */
function payloadOf(url: string): Record<string, unknown> {
  const q = new URL(url).searchParams;
  const out: Record<string, unknown> = Object.fromEntries(q.entries());
  if (q.has("params")) out.params = JSON.parse(q.get("params") ?? "null");
  return out;
}

/** A link of the older format (`?share=<base64url of JSON>`), which keeps opening. */
function legacyLink(base: string, payload: unknown): string {
  const url = new URL(base);
  url.search = "";
  url.searchParams.set("share", Buffer.from(JSON.stringify(payload)).toString("base64url"));
  return url.toString();
}

/** A page in a new browser context: fresh storage, as a colleague opening the link would have. */
async function freshPage(
  browser: Browser,
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  await recordInputOf(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

async function sendAndReadResult(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const region = response(page);
  await expect(region.getByText("Latency")).toBeVisible();
  await expect(region.getByRole("alert")).toHaveCount(0);
  await region.getByRole("tab", { name: "Raw" }).click();
  return (await region.getByTestId("raw-json").textContent()) ?? "";
}

test("a link restores network, method, params and transport in a fresh browser, ready to send, without the key", async ({
  page,
  context,
  browser,
  consoleErrors,
}) => {
  const { key } = devnet();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
  await page.getByRole("textbox", { name: "Storage position" }).fill(MAPPING_POSITION);
  await page.getByRole("radiogroup", { name: "Transport" }).getByText("WebSocket", { exact: true }).click();
  await expect.poll(() => bodyText(page)).toContain(MAPPING_POSITION);
  const sentHere = await sendAndReadResult(page);
  expect(sentHere).toMatch(/"result": "0x[0-9a-f]{64}"/);

  const url = await shareLink(page, { copy: true });
  expect(url).not.toContain(key);
  expect(payloadOf(url)).toEqual({
    network: "devnet",
    method: "eth_getStorageAt",
    params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", MAPPING_POSITION, "latest"],
    transport: "ws",
  });
  // The link is the address the playground itself shows.
  expect(decodeURIComponent(page.url())).toBe(decodeURIComponent(url));

  const other = await freshPage(browser);
  const p2 = other.page;
  await p2.goto(url);
  await expect(p2.getByRole("combobox", { name: "Network" })).toHaveValue("devnet");
  await expect(p2.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getStorageAt");
  await expect(p2.getByRole("textbox", { name: "Storage position" })).toHaveValue(MAPPING_POSITION);
  await expect(p2.getByRole("radio", { name: "WebSocket" })).toBeChecked();
  // Loaded, not sent: no answer until the user presses Send.
  await expect(response(p2).getByText("Latency")).toHaveCount(0);
  // The address keeps saying what is on screen.
  await expect(p2).toHaveURL((u) => u.searchParams.get("method") === "eth_getStorageAt");
  await expect(p2.getByLabel("API key")).not.toHaveValue("");
  const resultOf = (raw: string) => /"result": "0x[0-9a-f]{64}"/.exec(raw)?.[0];
  expect(resultOf(await sendAndReadResult(p2))).toBe(resultOf(sentHere));
  await expect(response(p2).getByLabel("Answer details")).toContainText("WebSocket");

  await p2.reload();
  await expect(p2.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getStorageAt");
  await expect(p2.getByTestId("share-notice")).toHaveCount(0);
  expect(other.errors).toEqual([]);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("a link to a custom network adds it and says so; the key is not carried", async ({ page, browser }) => {
  const { evm, key } = devnet();
  await openPlayground(page);
  await addCustomNetwork(page, "Linked Anvil", evm.httpUrl, evm.wsUrl);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");

  const url = await shareLink(page);
  expect(payloadOf(url)).toMatchObject({
    network: "custom",
    name: "Linked Anvil",
    kind: "evm",
    base_url: evm.httpUrl,
    ws_url: evm.wsUrl,
  });
  expect(url).not.toContain(key);

  const other = await freshPage(browser);
  const p2 = other.page;
  await p2.goto(url);
  const notice = p2.getByTestId("share-notice");
  await expect(notice).toHaveRole("status");
  await expect(notice).toContainText(
    `Network Linked Anvil was added from a link: check its address (${evm.httpUrl}) before you send your key.`,
  );
  const picker = p2.getByRole("combobox", { name: "Network" });
  await expect(picker).toHaveValue(/^custom-/);
  await expect(picker.locator("option:checked")).toHaveText("Linked Anvil");
  await expect(p2.getByLabel("API key")).toHaveValue("");
  await p2.getByLabel("API key").fill(key);
  await p2.getByRole("button", { name: "Send", exact: true }).click();
  await expect(response(p2).getByLabel("Answer details")).toContainText("Linked Anvil");
  await expect(response(p2).getByRole("alert")).toHaveCount(0);
  expect(other.errors).toEqual([]);
  await other.close();
});

/**
 * Four ways a link can be broken, each opened in a fresh browser; the links are made from one page
 * (one page load for the four instead of one each).
 */
const BROKEN = [
  { what: "params cut off", says: /params are not JSON/ },
  { what: "an unknown network", says: /does not know/ },
  { what: "a legacy link changed after it was made", says: /was changed after it was made/ },
  { what: "a legacy link cut in half", says: /damaged/ },
] as const;

test("a broken link (params cut off, an unknown network, a legacy link changed or cut in half) shows an alert and the app still sends its default request", async ({
  page,
  browser,
}) => {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getProof");
  const url = await shareLink(page);
  const legacy = legacyLink(url, {
    v: 1,
    network: "devnet",
    method: "eth_getProof",
    params: ["0x5FbDB2315678afecb367f032d93F642f64180aa3", [], "latest"],
    transport: "http",
  });
  const value = new URL(legacy).searchParams.get("share") ?? "";
  const links = [
    url.replace(/params=.*$/, "params=[%220x5F"),
    url.replace("network=devnet", "network=nowhere"),
    legacy.replace(value, `${value.slice(0, 12)}!~${value.slice(14)}`),
    legacy.replace(value, value.slice(0, Math.floor(value.length / 2))),
  ];
  for (const [i, { what, says }] of BROKEN.entries()) {
    await test.step(what, async () => {
      const other = await freshPage(browser);
      const p2 = other.page;
      await p2.goto(links[i]!);
      const alert = p2.getByRole("alert").filter({ hasText: "This share link could not be opened." });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(says);
      await expect(p2.getByRole("combobox", { name: "Network" })).toHaveValue("devnet");
      await expect(p2.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByNumber");
      await expect(p2.getByLabel("API key")).not.toHaveValue("");
      expect(await sendAndReadResult(p2)).toContain('"stateRoot"');
      await alert.getByRole("button", { name: "Dismiss" }).click();
      await expect(alert).toHaveCount(0);
      expect(other.errors).toEqual([]);
      await other.close();
    });
  }
});

/** The chunk of the code that reads links. */
const READING_CODE = /apply-share-link[^/]*\.js$/;

/**
 * Opens a link to devnet block `block` (eth_getBlockByNumber; `&send=1` when `send`) while the code
 * that reads links is held back, as a slow network would: the page shows what it had meanwhile.
 * Returns what lets that code through; the step stops holding it (`page.unroute`) at its end.
 */
async function openLinkHeld(page: Page, block: string, send: boolean): Promise<() => void> {
  const release = await holdRequests(page, READING_CODE);
  const params = encodeURIComponent(JSON.stringify([block, false]));
  await page.goto(`/?network=devnet&method=eth_getBlockByNumber&params=${params}${send ? "&send=1" : ""}`);
  await expect(page.getByLabel("API key")).not.toHaveValue("");
  return release;
}

/**
 * Five links opened on one page (one page instead of five), each step opening its own address. The
 * Send made while a link is read comes first, on a page with nothing stored yet, so the form it
 * clicks shows the default; it lets the link-reading code through again at its end. The key and
 * then the body typed while a link (a good one, then a broken one) is read come next, and the link of the older format last: it
 * brings its own request, whatever the page holds.
 */
test("a Send clicked while a link is still being read sends the link's request, not the form's default; the key typed and the theme chosen meanwhile do not hold it back; a body typed while a link is read is kept, and the link is offered (a broken one says so); a link of the older ?share= format still opens, and says so", async ({
  page,
  consoleErrors,
}) => {
  await test.step("a Send clicked while a link is still being read sends the link's request, not the form's default", async () => {
    const errorsBefore = consoleErrors.length;
    // The code that reads links arrives late (a slow network): the form shows its default meanwhile.
    const release = await openLinkHeld(page, "0x3", false);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    // Nothing went yet: the click waits for the link.
    await expect(response(page).getByLabel("Answer details")).toHaveCount(0);
    release();
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x3");
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
    await expect(response(page).getByRole("tabpanel")).toContainText("Block 3");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
    await page.unroute(READING_CODE);
  });

  await test.step("the key typed and the theme chosen while a link is still being read do not hold the link back: it opens and sends", async () => {
    const release = await openLinkHeld(page, "0x3", true);
    const key = page.getByLabel("API key");
    // The devnet's key typed again (an input event in the key field): not what a link carries.
    await key.fill(await key.inputValue());
    // A setting, not the request: the theme. (The plain text box's choice is marked the same way;
    // unticked here, it would load Monaco into this spec's plain-box page.)
    const theme = page.getByRole("combobox", { name: "Theme" });
    await theme.selectOption("dark");
    release();
    await expect(response(page).getByRole("tabpanel")).toContainText("Block 3");
    await expect(page.getByTestId("share-notice")).toHaveCount(0);
    await theme.selectOption("system");
    await page.unroute(READING_CODE);
  });

  await test.step("a body typed while a link is still being read is kept; the link's request is offered, and opens (and sends) when asked", async () => {
    const release = await openLinkHeld(page, "0x2", true);
    const typed = '{"jsonrpc":"2.0","id":7,"method":"eth_getBlockByNumber","params":["0x1",false]}';
    await replaceBody(page, typed);
    // Longer than the pause after which an edit rewrites the address (useRequestAddress.ts,
    // SYNC_DELAY_MS, 250 ms): the link in the address must still be there when it is read.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 400)));
    expect(new URL(page.url()).searchParams.get("send")).toBe("1");
    release();
    const notice = page.getByTestId("share-notice");
    await expect(notice).toHaveRole("status");
    await expect(notice).toContainText("Your edits were kept.");
    await expect(notice).toContainText("The link asks to send its request: opening it sends it.");
    // The notice and its button: axe finds nothing in them.
    await page.evaluate(axe.source);
    const { violations } = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { include: [['[data-testid="share-notice"]']] },
        { resultTypes: ["violations"] },
      ),
    );
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(await bodyText(page)).toBe(typed);
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x1");
    // The link's send=1 did not send over the typing; the address says what is on screen.
    await expect(response(page).getByLabel("Answer details")).toHaveCount(0);
    await expect(page).toHaveURL((u) => u.searchParams.get("params") === '["0x1",false]');
    await notice.getByRole("button", { name: "Open the link's request" }).click();
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
    await expect(response(page).getByRole("tabpanel")).toContainText("Block 2");
    await expect(notice).toHaveCount(0);
    await page.unroute(READING_CODE);
  });

  await test.step("a broken link read after typing: its alert, and the typing kept (nothing to offer)", async () => {
    const release = await holdRequests(page, READING_CODE);
    await page.goto(`/?network=devnet&method=eth_getBlockByNumber&params=${encodeURIComponent('["0x2"')}`);
    await expect(page.getByLabel("API key")).not.toHaveValue("");
    const typed = '{"jsonrpc":"2.0","id":8,"method":"eth_getBlockByNumber","params":["0x1",false]}';
    await replaceBody(page, typed);
    release();
    const notice = page.getByTestId("share-notice");
    await expect(notice).toHaveRole("alert");
    await expect(notice).toContainText("This share link could not be opened.");
    await expect(notice.getByRole("button", { name: "Open the link's request" })).toHaveCount(0);
    expect(await bodyText(page)).toBe(typed);
    await page.unroute(READING_CODE);
  });

  await test.step("a link of the older ?share= format still opens, and says so", async () => {
    const link = legacyLink("http://x/", {
      v: 1,
      network: "devnet",
      method: "eth_getBlockByNumber",
      params: ["0x2", false],
      transport: "http",
    });
    await page.goto(`/${new URL(link).search}`);
    const notice = page.getByTestId("share-notice");
    await expect(notice).toHaveRole("status");
    await expect(notice).toContainText("eth_getBlockByNumber on Local devnet (Anvil) over HTTP");
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
    await expect(page).toHaveURL(
      (u) => !u.searchParams.has("share") && u.searchParams.get("params") === '["0x2",false]',
    );
  });
});
