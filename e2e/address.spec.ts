import type { Page } from "@playwright/test";
import {
  devnet,
  entryPushed,
  expect,
  historyLength,
  openOnSlowNode,
  openPlayground,
  response,
  sendButton,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const heading = (page: Page, name: string) => response(page).getByRole("heading", { name });
const countSends = (page: Page) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    // The user's requests only: the views' own reads (the chain's head) have ids from 1e9 up.
    if (r.method() === "POST" && /\/v3\//.test(r.url()) && !/"id":1\d{9}/.test(r.postData() ?? ""))
      sent.push(r.postData() ?? "");
  });
  return sent;
};

/**
 * Links and edits of the address that walk no history, on one page (one page load instead of three).
 * The link whose reading code cannot download goes first, on the page's first load: the request it
 * keeps is the first visit's, and it lets that code through again at its end. The address that says
 * what is on screen comes next, from its own `/` (the request the first step kept, on the devnet);
 * the links that fill the request name their network, transport and method themselves. The docs link
 * to a network that needs a key goes last: it leaves the playground on that network, without a key.
 */
test("a link whose reading code cannot download says so; the previous request stays; the address says what is on screen, and edits rewrite it without new history entries; an address fills the request and does not send it; with send=1 it sends; a docs link with send=1 to a network that needs a key asks for it instead of sending", async ({
  page,
}) => {
  await test.step("a link whose reading code cannot download says so; the previous request stays", async () => {
    const readingCode = /\/assets\/(apply-share-link|read-address)-[^/]*\.js$/;
    await page.route(readingCode, (route) => route.abort());
    await page.goto("/?network=devnet&method=eth_getProof&params=[]");
    const notice = page.getByText("This link's request could not be opened.");
    await expect(notice).toBeVisible();
    await expect(page.getByText("Reload the page to try again")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByNumber");
    await expect(sendButton(page)).toBeEnabled();
    await page.unroute(readingCode);
  });

  await test.step("the address says what is on screen, and edits rewrite it without new history entries", async () => {
    await openPlayground(page);
    await expect(page).toHaveURL((u) => u.searchParams.get("method") === "eth_getBlockByNumber");
    const before = await historyLength(page);
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await expect(page).toHaveURL((u) => u.searchParams.get("method") === "eth_getStorageAt");
    await page.getByRole("textbox", { name: "Storage position" }).fill("0x1");
    await expect(page).toHaveURL((u) => (u.searchParams.get("params") ?? "").includes('"0x1"'));
    await page.getByRole("radiogroup", { name: "Transport" }).getByText("WebSocket", { exact: true }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("transport") === "ws");
    expect(page.url()).toContain("network=devnet");
    expect(page.url()).not.toContain(devnet().key);
    expect(await historyLength(page)).toBe(before);
  });

  await test.step("an address fills the request and does not send it; with send=1 it sends", async () => {
    const sent = countSends(page);
    await page.goto('/?network=devnet&transport=http&method=eth_getBlockByNumber&params=["0x5",false]');
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x5");
    await expect(page.getByLabel("API key")).not.toHaveValue("");
    await expect(response(page).getByText("Send a request to see its answer")).toBeVisible();
    expect(sent).toHaveLength(0);

    await page.goto(
      '/?network=devnet&transport=http&method=eth_getBlockByNumber&params=["0x5",false]&send=1',
    );
    await expect(heading(page, "Block 5")).toBeVisible();
    expect(sent).toHaveLength(1);
    // send=1 is not kept: a reload does not send again.
    await expect(page).toHaveURL((u) => !u.searchParams.has("send"));

    // A link whose body has a problem (an address's checksum) waits for Send anyway, and says so.
    await page.goto(
      '/?network=devnet&transport=http&method=eth_getStorageAt&params=["0x5fbDB2315678afecb367f032d93F642f64180aa3","0x0","latest"]&send=1',
    );
    await expect(page.getByText("This link's request was not sent.")).toBeVisible();
    await expect(page.getByText(/Not sent: the body has problems \(.*checksum.*\)/)).toBeVisible();
    await expect(page.getByTestId("send-problems")).toContainText(/checksum/);
    expect(sent).toHaveLength(1);
  });

  await test.step("a docs link with send=1 to a network that needs a key asks for it instead of sending", async () => {
    const sent = countSends(page);
    await page.goto("/?network=ethereum-mainnet&method=eth_getBlockByNumber&send=1");
    await expect(
      page.getByRole("alert").filter({ hasText: "Enter your API key for Ethereum Mainnet." }),
    ).toBeVisible();
    expect(sent).toHaveLength(0);
  });
});

/**
 * Back and Forward over the answers of sends, on one page (one page load instead of two). Each step
 * opens the playground anew and walks back only over the entries of its own sends, so it starts from
 * an empty answer panel and reads its own answers. The Back/Forward/Send again step goes first, at
 * the page's own size; the one about the scroll after Back sets its short viewport at its start.
 */
test("each Send is a history entry: Back shows the earlier request and its answer without sending; Send again sends; Back to an earlier answer shows it from its top, not at the scroll the later one was left at", async ({
  page,
}) => {
  await test.step("each Send is a history entry: Back shows the earlier request and its answer without sending; Send again sends", async () => {
    const sent = countSends(page);
    await openPlayground(page);
    const number = page.getByRole("textbox", { name: "Block number" });
    await number.fill("0x6");
    await sendButton(page).click();
    await expect(heading(page, "Block 6")).toBeVisible();
    await number.fill("0x7");
    // The edit rewrites the entry of the send before it; Back still restores what was sent from it.
    await expect(page).toHaveURL((u) => u.searchParams.get("params") === '["0x7",false]');
    const entries = await historyLength(page);
    await sendButton(page).click();
    await expect(heading(page, "Block 7")).toBeVisible();
    expect(sent).toHaveLength(2);
    await entryPushed(page, entries);

    await page.goBack();
    await expect(heading(page, "Block 6")).toBeVisible();
    await expect(number).toHaveValue("0x6");
    await expect(page).toHaveURL((u) => u.searchParams.get("params") === '["0x6",false]');
    await expect(response(page).getByText(/not sent again/)).toBeVisible();
    expect(sent).toHaveLength(2);

    await page.goForward();
    await expect(heading(page, "Block 7")).toBeVisible();
    await expect(number).toHaveValue("0x7");
    expect(sent).toHaveLength(2);

    await page.goBack();
    await expect(heading(page, "Block 6")).toBeVisible();
    // A body with a problem is not sent again at once: the panel says why, as Send does.
    await number.fill("seven");
    await response(page).getByRole("button", { name: "Send again" }).click();
    await expect(
      response(page).getByText(
        /^Not sent: the body has problems \(.+\)\. Send anyway sends it as written\.$/,
      ),
    ).toBeVisible();
    expect(sent).toHaveLength(2);
    await number.fill("0x6");
    await response(page).getByRole("button", { name: "Send again" }).click();
    await expect.poll(() => sent.length).toBe(3);
    await expect(response(page).getByText(/not sent again/)).toHaveCount(0);
    await expect(heading(page, "Block 6")).toBeVisible();
  });

  await test.step("Back to an earlier answer shows it from its top, not at the scroll the later one was left at", async () => {
    // Short enough that a block's raw JSON scrolls inside the answer's panel (the wide layout).
    await page.setViewportSize({ width: 1280, height: 560 });
    await openPlayground(page);
    const number = page.getByRole("textbox", { name: "Block number" });
    const entries = await historyLength(page);
    await number.fill("0x6");
    await sendButton(page).click();
    await expect(heading(page, "Block 6")).toBeVisible();
    await entryPushed(page, entries);
    await number.fill("0x7");
    await sendButton(page).click();
    await expect(heading(page, "Block 7")).toBeVisible();
    await entryPushed(page, entries + 1);
    // Back and Forward show a kept answer in the same view, which is not made anew as a send's is.
    const answer = response(page).getByRole("tablist", { name: "Answer" });
    await answer.getByRole("tab", { name: "Raw" }).click();
    const panel = response(page).getByRole("tabpanel").first();
    await panel.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(() => panel.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);

    await page.goBack();
    await expect(panel).toContainText('"number": "0x6"');
    await expect(answer.getByRole("tab", { name: "Raw" })).toHaveAttribute("aria-selected", "true");
    await expect.poll(() => panel.evaluate((el) => el.scrollTop)).toBe(0);
  });
});

test("an edit while a slow node's answer is on its way: the address follows the edit, the send keeps one entry, and Back and Forward bring back the request as it was sent", async ({
  page,
}) => {
  // The devnet's `slow` fault: every answer 3 s late.
  await openOnSlowNode(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
  const number = page.getByRole("textbox", { name: "Block number" });
  const addressSays = (block: string) => (u: URL) => u.searchParams.get("params") === `["${block}",false]`;
  await number.fill("0x6");
  await expect(page).toHaveURL(addressSays("0x6"));
  const entries = await historyLength(page);
  await sendButton(page).click();
  const waiting = response(page).getByText(/^Waiting for the answer/);
  await expect(waiting).toBeVisible();
  await number.fill("0x7");
  // The send's entry (pushed at the latest a second after the send) takes the edit's address,
  // before the answer comes; the entry before it keeps the request as it was then.
  await expect(page).toHaveURL(addressSays("0x7"));
  await expect(waiting).toBeVisible();
  expect(await historyLength(page)).toBe(entries + 1);
  await expect(heading(page, "Block 6")).toBeVisible({ timeout: 10_000 });
  expect(await historyLength(page)).toBe(entries + 1);

  await page.goBack();
  await expect(number).toHaveValue("0x6");
  await expect(page).toHaveURL(addressSays("0x6"));
  await expect(response(page).getByText(/answer was not kept|not sent again/)).toBeVisible();
  await page.goForward();
  await expect(heading(page, "Block 6")).toBeVisible();
  await expect(number).toHaveValue("0x6");
});
