import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import axe from "axe-core";
import { SYNTHETIC_BASE } from "../devnet/gateway/synthetic.ts";
import {
  devnet,
  expect,
  openOnSlowNode,
  openPlayground,
  replaceBody,
  response,
  sendAnswered,
  sendBody,
  sendButton,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Sends block 5 under the id `id` and waits until its answer is shown in the View tab (a step
 * before may have left the Raw tab chosen): the last answer, for the next send or a copy.
 */
async function showBlock5(page: Page, id: number) {
  await sendAnswered(page, "eth_getBlockByNumber", ["0x5", false], id);
  await response(page).getByRole("tab", { name: "View" }).click();
  await expect(response(page).getByRole("heading", { name: "Block 5" })).toBeVisible();
}

/**
 * Four short cases of the answer panel on one page (one page load instead of four). The raw answer
 * comes first: it is the page's first send, and its file is named by that id (1). The copy and the
 * quick answer each send a block of their own (5, then 6) and wait for it, and the quick answer
 * takes its hold off the node at its end. The theme comes last: its reload starts the page anew.
 */
test("the raw answer folds, unfolds and downloads as the JSON the node sent; a copy made while the last one's \"Copied\" still shows says so for its own 1.5 s; a quick answer takes the last one's place with no waiting line or outline flashed between them; the theme can be set to dark or light, and stays after a reload", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  const region = response(page);

  await test.step("the raw answer folds, unfolds and downloads as the JSON the node sent", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await region.getByRole("tab", { name: "Raw" }).click();
    const raw = region.getByTestId("raw-json");
    await expect(raw).toContainText('"stateRoot"');
    await raw.getByRole("button", { name: "Fold result" }).click();
    await expect(raw).not.toContainText('"stateRoot"');
    await expect(raw.getByRole("button", { name: "Unfold result" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await raw.getByRole("button", { name: "Unfold result" }).click();
    await expect(raw).toContainText('"stateRoot"');

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      region.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("eth_getBlockByNumber-1.json");
    const saved = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(saved).toMatchObject({ jsonrpc: "2.0", id: 1, result: { number: "0xa" } });
  });

  await test.step('a copy made while the last one\'s "Copied" still shows says so for its own 1.5 s', async () => {
    const errorsBefore = consoleErrors.length;
    await showBlock5(page, 2);
    // Two copies a second apart, timed in the page: when each write to the clipboard was done, and
    // when the button said "Copy JSON" again.
    const seen = await page.evaluate(
      () =>
        new Promise<{ done: number[]; back: number }>((resolve, fail) => {
          const button = [...document.querySelectorAll("button")].find(
            (b) => b.textContent?.trim() === "Copy JSON",
          );
          if (!button) throw new Error("no Copy JSON button");
          const done: number[] = [];
          const write = navigator.clipboard.write.bind(navigator.clipboard);
          navigator.clipboard.write = (items) =>
            write(items).then(() => {
              done.push(performance.now());
            });
          const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
          navigator.clipboard.writeText = (text) =>
            writeText(text).then(() => {
              done.push(performance.now());
            });
          const observer = new MutationObserver(() => {
            if (done.length === 2 && button.textContent?.trim() === "Copy JSON") {
              observer.disconnect();
              resolve({ done, back: performance.now() });
            }
          });
          observer.observe(button, { subtree: true, childList: true, characterData: true });
          button.click();
          setTimeout(() => button.click(), 1000);
          setTimeout(() => fail(new Error("the button never said Copy JSON again")), 10_000);
        }),
    );
    expect(seen.done).toHaveLength(2);
    // Its own 1.5 s from the second copy, not what was left of the first's (half a second).
    expect(seen.back - (seen.done[1] ?? 0)).toBeGreaterThanOrEqual(1450);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a quick answer takes the last one's place with no waiting line or outline flashed between them", async () => {
    const errorsBefore = consoleErrors.length;
    // Block 5 is the last answer, whatever the step before left.
    await showBlock5(page, 3);
    await replaceBody(
      page,
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "eth_getBlockByNumber", params: ["0x6", false] }),
    );
    // The node's answers held 100 ms: an answer well within the send's quiet wait (190 ms,
    // useSendRequest.ts `QUIET_WAIT_MS`), and past the 40 ms it was.
    let held = 0;
    const nodeUrl = `${devnet().evm.httpUrl}/**`;
    await page.route(nodeUrl, async (route) => {
      held++;
      await new Promise((r) => setTimeout(r, 100));
      await route.continue();
    });
    // The next send, watched in the page from its click: when the panel first said it waits (the
    // line, or the last answer outlined), and when the answer came.
    const seen = await page.evaluate(
      () =>
        new Promise<{ marked: number | null; answered: number }>((done, fail) => {
          const panel = [...document.querySelectorAll("section")].find(
            (s) => s.querySelector("h2")?.textContent?.trim() === "Response",
          );
          const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
          if (!panel || !send) throw new Error("no Response panel or Send button");
          const heading = () =>
            [...panel.querySelectorAll("h1, h2, h3, h4")].map((h) => h.textContent?.trim() ?? "");
          let marked: number | null = null;
          const t0 = performance.now();
          const look = () => {
            const at = performance.now() - t0;
            const waits =
              (panel.textContent ?? "").includes("Waiting for the answer") ||
              panel.querySelector("[data-testid=last-answer]") !== null;
            if (waits && marked === null) marked = at;
            if (heading().includes("Block 6")) {
              observer.disconnect();
              done({ marked, answered: at });
            }
          };
          const observer = new MutationObserver(look);
          observer.observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
          setTimeout(() => fail(new Error("no answer within 10 s")), 10_000);
          send.click();
        }),
    );
    expect(held).toBe(1);
    expect(seen.answered).toBeGreaterThanOrEqual(100);
    // Never before the quiet wait's 190 ms from the click: an answer that
    // came sooner was never preceded by either (a busy machine's later answer may be).
    if (seen.answered < 190) expect(seen.marked).toBeNull();
    else expect(seen.marked === null || seen.marked >= 190).toBe(true);
    await expect(region.getByRole("heading", { name: "Block 6" })).toBeVisible();
    await expect(region.getByText(/Waiting for the answer/)).toHaveCount(0);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
    // The node answers at once again.
    await page.unroute(nodeUrl);
  });

  await test.step("the theme can be set to dark or light, and stays after a reload", async () => {
    const html = page.locator("html");
    await page.getByLabel("Theme").selectOption("dark");
    await expect(html).toHaveAttribute("data-theme", "dark");
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByLabel("Theme")).toHaveValue("dark");
    await page.getByLabel("Theme").selectOption("light");
    await expect(html).toHaveAttribute("data-theme", "light");
  });
});

test("Raw shows a window of 100 rows of a big list, its items folded, moved by Previous and Next, never the whole list; Copy JSON and Download give all of it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPlayground(page);
  // The heavy block: 1,100 receipts.
  await sendBody(page, "eth_getBlockReceipts", ["0x9"]);
  const region = response(page);
  await expect(region.getByText("Latency")).toBeVisible({ timeout: 30_000 });
  await region.getByRole("tab", { name: "Raw" }).click();
  const raw = region.getByTestId("raw-json");
  const next = raw.getByRole("button", { name: /^Next 100 \(items 101–200 of 1100\)/ });
  await expect(next).toBeVisible();
  // The items of a list this long start folded, a line each (1,100 receipts opened a hundred at a
  // time drew about 1,500 rows in one task); one unfolds on a click.
  await expect(raw.getByRole("button", { name: /^Unfold item \d+$/ })).toHaveCount(100);
  await expect(raw).not.toContainText('"cumulativeGasUsed"');
  await raw.getByRole("button", { name: "Unfold item 0", exact: true }).click();
  await expect(raw).toContainText('"cumulativeGasUsed"');
  await expect(raw.getByRole("button", { name: "Fold item 0", exact: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const rows = () => raw.locator("div").count();
  const before = await rows();
  await next.click();
  await expect(raw.getByRole("button", { name: /^Previous 100 \(items 1–100\)/ })).toBeVisible();
  await raw.getByRole("button", { name: /^Next 100 \(items 201–300/ }).click();
  // Moving the window does not grow the page: about the same rows as before.
  expect(Math.abs((await rows()) - before)).toBeLessThan(50);

  // The whole answer, written a slice at a time (chain/json-text.ts, jsonBlobInSlices).
  await region.getByRole("button", { name: "Copy JSON" }).click();
  await expect(region.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.result).toHaveLength(1100);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    region
      .getByRole("button", { name: /^Download/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe("eth_getBlockReceipts-1.json");
  expect(JSON.parse(readFileSync(await download.path(), "utf8"))).toEqual(copied);
});

test("Download of a big answer says it is preparing the file, gives one file for a double click, and says when it fails; a slow Copy still clears its message", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const tag = `0x${(SYNTHETIC_BASE + 5000).toString(16)}`;
  const params = encodeURIComponent(JSON.stringify([tag, true]));
  await page.goto(`/?network=devnet&method=eth_getBlockByNumber&params=${params}`);
  await sendButton(page).click();
  const region = response(page);
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);

  // Its 6 MB of text are written a slice at a time (jsonBlobInSlices); on a CPU slowed 4x that is
  // long enough to see. The clicks come from the page itself (Playwright's own checks before a click
  // take longer than the file on a slowed CPU); the second comes while the button says "Preparing…".
  const downloads: string[] = [];
  page.on("download", (d) => downloads.push(d.suggestedFilename()));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const button = region.getByRole("button", { name: "Download answer", exact: true });
  // Files handed to the browser are counted in the page, until it has no work left (an idle
  // callback waits for the slices of any second file to end): one click, one file.
  const { seen, files } = await button.evaluate(
    (b: HTMLElement) =>
      new Promise<{ seen: string[]; files: number }>((resolve) => {
        let files = 0;
        const own = URL.createObjectURL;
        URL.createObjectURL = (blob: Blob) => {
          files++;
          return own(blob);
        };
        const idle = () => new Promise((done) => requestIdleCallback(done));
        const states: string[] = [];
        const observer = new MutationObserver(() => {
          const state = `${b.textContent} busy=${b.getAttribute("aria-busy")}`;
          if (states.at(-1) === state) return;
          states.push(state);
          // Clicked again while it says so.
          if (b.getAttribute("aria-busy") === "true") b.click();
          if (states.length > 1 && b.getAttribute("aria-busy") === "false") {
            observer.disconnect();
            void idle()
              .then(idle)
              .then(() => {
                URL.createObjectURL = own;
                resolve({ seen: states, files });
              });
          }
        });
        observer.observe(b, { subtree: true, childList: true, attributes: true, characterData: true });
        b.click();
      }),
  );
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(seen).toEqual(["Preparing… busy=true", "Download answer busy=false"]);
  expect(files).toBe(1);
  await expect.poll(() => downloads).toEqual(["eth_getBlockByNumber-1.json"]);

  // A failure is said beside the button.
  await page.evaluate(() => {
    URL.createObjectURL = () => {
      throw new Error("no room for the file");
    };
  });
  await button.click();
  await expect(region.getByRole("alert")).toHaveText("Could not download it: no room for the file");
  // Running out of memory for it is said in words, not as the engine's "Invalid string length".
  await page.evaluate(() => {
    URL.createObjectURL = () => {
      throw new RangeError("Invalid string length");
    };
  });
  await button.click();
  await expect(region.getByRole("alert")).toHaveText(
    "Could not download it: the file is too big for this tab to make (it ran out of memory for it).",
  );

  // A copy that takes longer than the 1.5 s its message is shown: "Copied" comes when it is done,
  // and goes 1.5 s later (it used to be cleared before it came, and then stayed).
  await page.evaluate(() => {
    const write = navigator.clipboard.write.bind(navigator.clipboard);
    navigator.clipboard.write = (items) => new Promise((r) => setTimeout(r, 2000)).then(() => write(items));
  });
  await region.getByRole("button", { name: "Copy JSON" }).click();
  await expect(region.getByRole("button", { name: "Copied" })).toBeVisible({ timeout: 10_000 });
  await expect(region.getByRole("button", { name: "Copy JSON" })).toBeVisible({ timeout: 3_000 });
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.result.transactions).toHaveLength(5000);
});

/** The playground with block 5's answer shown: the last answer, for the next send or a copy. */
async function openWithBlock5(page: Page): Promise<Locator> {
  await openPlayground(page);
  await sendBody(page, "eth_getBlockByNumber", ["0x5", false]);
  const region = response(page);
  await expect(region.getByRole("heading", { name: "Block 5" })).toBeVisible();
  return region;
}

test("while the next send waits, the last answer stays, outlined and said so, and the next answer of its kind is drawn into its elements", async ({
  page,
}) => {
  // A node that answers after 3 s: the wait is long enough to look at.
  await openOnSlowNode(page);
  await sendBody(page, "eth_getBlockByNumber", ["0x6", false]);
  const region = response(page);
  const block6 = region.getByRole("heading", { name: "Block 6" });
  await expect(block6).toBeVisible({ timeout: 15_000 });
  // The view's title element, marked: the next block's view is to update it, not make a new one.
  await block6.evaluate((el) => el.setAttribute("data-marked", ""));

  await sendBody(page, "eth_getBlockByNumber", ["0x7", false]);
  await expect(
    region.getByText(
      /^Waiting for the answer to eth_getBlockByNumber… \d+\.\d s\. The last answer stays below until it comes\.$/,
    ),
  ).toBeVisible();
  const last = region.getByTestId("last-answer");
  await expect(last).toContainText("Block 6");
  await expect(last).toHaveCSS("outline-style", "dashed");
  // The waiting panel, the last answer in it, passes axe (a dimmed answer would fail its contrast).
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const { axe: checker } = window as unknown as { axe: typeof axe };
    const panel = document.querySelector("section[aria-busy=true]");
    if (!panel) return ["no waiting panel"];
    return (await checker.run(panel, { resultTypes: ["violations"] })).violations.map(
      (v) => `${v.id}: ${v.help}`,
    );
  });
  expect(found).toEqual([]);

  await expect(region.getByRole("heading", { name: "Block 7" })).toBeVisible({ timeout: 15_000 });
  await expect(last).toHaveCount(0);
  await expect(region.getByText(/Waiting for the answer/)).toHaveCount(0);
  await expect(region.getByRole("heading", { name: "Block 7" })).toHaveAttribute("data-marked", "");
});

test("the waiting line counts from the click, and a send that replaces a waiting one counts from its own", async ({
  page,
  consoleErrors,
}) => {
  const region = await openWithBlock5(page);
  // The node's answers held 2 s: long enough to see the line count, and to send again meanwhile.
  await page.route(`${devnet().evm.httpUrl}/**`, async (route) => {
    await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  // Watched in the page: the first time the line shows, and the first after a second Send clicked
  // once it read 1.0 s or more.
  const seen = await page.evaluate(
    () =>
      new Promise<{ first: number; afterReplace: number; atReplace: number }>((done, fail) => {
        const panel = [...document.querySelectorAll("section")].find(
          (s) => s.querySelector("h2")?.textContent?.trim() === "Response",
        );
        const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
        if (!panel || !send) throw new Error("no Response panel or Send button");
        let first: number | null = null;
        let atReplace: number | null = null;
        const look = () => {
          const m = /Waiting for the answer to [^…]*… (\d+\.\d) s/.exec(panel.textContent ?? "");
          if (!m) return;
          const shown = Number(m[1]);
          if (first === null) first = shown;
          if (atReplace === null && shown >= 1) {
            atReplace = shown;
            send.click();
          } else if (atReplace !== null && shown !== atReplace) {
            observer.disconnect();
            done({ first, afterReplace: shown, atReplace });
          }
        };
        const observer = new MutationObserver(look);
        observer.observe(panel, { subtree: true, childList: true, characterData: true });
        setTimeout(() => fail(new Error("the line never counted past 1 s")), 10_000);
        send.click();
      }),
  );
  // The line comes 190 ms after the click (the send's quiet wait) and says so: it counted from its
  // own drawing (0.0 s) before.
  expect(seen.first).toBeGreaterThanOrEqual(0.1);
  // The new send's time, not the first one's going on.
  expect(seen.afterReplace).toBeLessThan(0.5);
  // While the new send waits (its answer held 2 s), the line's spinner turns, unless the user asked
  // the system for less motion.
  const spinner = region
    .getByRole("status")
    .filter({ hasText: /Waiting for the answer/ })
    .locator("span")
    .first();
  expect(await spinner.evaluate((el) => getComputedStyle(el).animationName)).toBe("spin");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await spinner.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await page.emulateMedia({ reducedMotion: null });
  await expect(region.getByRole("heading", { name: "Block 5" })).toBeVisible();
  await expect(region.getByText(/Waiting for the answer/)).toHaveCount(0, { timeout: 10_000 });
  expect(consoleErrors).toEqual([]);
});

test("a last answer over 4 MiB goes when the next send starts: it is not kept beside the next", async ({
  page,
}) => {
  // Kept, it stayed in memory beside the next answer for good (ResponsePanel.tsx,
  // KEPT_WHILE_WAITING_MAX_BYTES): the 10,000-transaction block is 12 MB.
  await openOnSlowNode(page);
  const tag = `0x${(SYNTHETIC_BASE + 10_000).toString(16)}`;
  await sendBody(page, "eth_getBlockByNumber", [tag, true]);
  const region = response(page);
  await expect(region.getByRole("tabpanel")).toContainText("10,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);

  await sendBody(page, "eth_getBlockByNumber", ["0x6", false]);
  await expect(region.getByText(/^Waiting for the answer to eth_getBlockByNumber… \d+\.\d s$/)).toBeVisible();
  await expect(region.getByTestId("last-answer")).toHaveCount(0);
  await expect(region.getByText("10,000 transactions")).toHaveCount(0);
  await expect(region.getByRole("heading", { name: "Block 6" })).toBeVisible({ timeout: 15_000 });
});
