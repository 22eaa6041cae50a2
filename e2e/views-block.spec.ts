import type { Locator, Page } from "@playwright/test";
import {
  askDevnet,
  entryPushed,
  expect,
  historyLength,
  openPlayground,
  response,
  scrollToEnd,
  sendBody,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** Seeded devnet data (docs/devnet-data.md). */
const BLOCK6 = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";
const TX6 = "0x888c8d08a886f1fe69f171bbcc590d5acd4b3b928a51e9b4a3d1eab28073cfe6";

function heading(page: Page, name: string) {
  return response(page).getByRole("heading", { level: 3, name, exact: true });
}

/**
 * The heavy block and five other answers on one page (one page load instead of two); each step
 * waits for a heading or status only its own answer has. The heavy block's 1,100 full transactions
 * come first, as the page's first send, and the console is checked at its end for the page so far.
 * The links' walk comes last: it goes Back through the page's history, and the console of the steps
 * between is checked before it, as it was never checked there.
 */
test("the heavy block's 1,100 full transactions: counted, virtualized, scrolled to the end; blocks: block 6's grouped fields and hashes, block 1's contract creation, the neighbours' links, a missing uncle; links: block → transaction → receipts, and Back walks the path", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await test.step("the heavy block's 1,100 full transactions: counted, virtualized, scrolled to the end", async () => {
    await sendBody(page, "eth_getBlockByNumber", ["0x9", true]);
    const region = response(page);
    await expect(heading(page, "Block 9")).toBeVisible();
    await expect(region.getByText("1,100 transactions", { exact: true })).toBeVisible();
    const table = region.getByRole("table", { name: "Transactions" });
    await expect(table.getByRole("cell", { name: "0", exact: true })).toBeVisible();
    // Virtualized: far fewer rows in the DOM than transactions.
    expect(await table.getByRole("row").count()).toBeLessThan(100);
    const scroller = region.getByTestId("virtual-scroll");
    await scrollToEnd(scroller, table.getByRole("cell", { name: "1099", exact: true }));
    const last = table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "1099", exact: true }) });
    await expect(last).toContainText("0x71a8…9789");
    await expect(last).toContainText("EIP-1559");
    // The table's section is laid out only near the screen (below-fold-lazy), which clips what it
    // paints: the scroll box's focus ring, outside its edge, is still drawn.
    await scroller.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(scroller).toBeFocused();
    expect(await ringPaintedLeftOf(page, scroller)).toBe(true);
    // The whole page so far, its load too.
    expect(consoleErrors).toEqual([]);
  });
  const errorsBeforeBlocks = consoleErrors.length;
  await test.step("block 6 by hash: grouped fields and the list of transaction hashes", async () => {
    await sendBody(page, "eth_getBlockByHash", [BLOCK6, false]);
    const region = response(page);
    await expect(heading(page, "Block 6")).toBeVisible();
    await expect(region.getByRole("tab", { name: "View" })).toHaveAttribute("aria-selected", "true");
    for (const group of ["Identity", "Gas and fees", "Roots"]) {
      await expect(region.getByRole("heading", { level: 4, name: group })).toBeVisible();
    }
    const identity = region.getByRole("region", { name: "Identity" });
    await expect(identity.getByRole("definition").filter({ hasText: "0x9c45…46ed" })).toBeVisible();
    await expect(identity.getByText("2025-01-01 00:01:12 UTC")).toBeVisible();
    const gas = region.getByRole("region", { name: "Gas and fees" });
    await expect(gas.getByText("21,000", { exact: true })).toBeVisible();
    await expect(gas.getByText("0.513359237 gwei")).toBeVisible();
    await expect(region.getByText("1 transaction", { exact: true })).toBeVisible();
    await expect(region.getByRole("list", { name: "Transaction hashes" })).toContainText(TX6);
    await expect(region.getByRole("button", { name: "Receipts of this block" })).toBeVisible();
  });
  await test.step("block 1's full transactions show the contract creation", async () => {
    await sendBody(page, "eth_getBlockByNumber", ["0x1", true]);
    await expect(heading(page, "Block 1")).toBeVisible();
    const table = response(page).getByRole("table", { name: "Transactions" });
    await expect(table.getByRole("cell", { name: "contract creation" })).toBeVisible();
  });
  await test.step("prev / next block links open the neighbours", async () => {
    await sendBody(page, "eth_getBlockByNumber", ["0x6", false]);
    await expect(heading(page, "Block 6")).toBeVisible();
    await response(page)
      .getByRole("button", { name: /^Next block \(7\):/ })
      .click();
    await expect(heading(page, "Block 7")).toBeVisible();
    await response(page)
      .getByRole("button", { name: /^Previous block \(6\):/ })
      .click();
    await expect(heading(page, "Block 6")).toBeVisible();
  });
  await test.step("a block drawn over another: a field shows the new block's value where the node's differs, the same where it is the same", async () => {
    // Field rows are drawn again only when their field says something new (FieldList, sameField).
    // A field's text and the full values in its titles (a shortened hash's text can be the same).
    const shown = () =>
      response(page)
        .locator("dl dt[title]")
        .evaluateAll((dts) =>
          Object.fromEntries(
            dts.map((dt) => {
              const dd = dt.nextElementSibling;
              const titles = [...(dd?.querySelectorAll("[title]") ?? [])].map((e) => e.getAttribute("title"));
              return [
                (dt.getAttribute("title") ?? "").split(":")[0],
                `${dd?.textContent} ${titles.join(" ")}`,
              ];
            }),
          ),
        );
    const six = await shown();
    await response(page)
      .getByRole("button", { name: /^Next block \(7\):/ })
      .click();
    await expect(heading(page, "Block 7")).toBeVisible();
    const seven = await shown();
    const nodeBlock = async (tag: string) =>
      (await askDevnet("eth_getBlockByNumber", [tag, false])) as Record<string, unknown>;
    const [raw6, raw7] = [await nodeBlock("0x6"), await nodeBlock("0x7")];
    const keys = Object.keys(six).filter((k) => k in raw6 && k in raw7);
    expect(keys).toEqual(expect.arrayContaining(["hash", "gasLimit", "gasUsed", "timestamp", "stateRoot"]));
    for (const key of keys) {
      if (JSON.stringify(raw6[key]) === JSON.stringify(raw7[key])) expect(seven[key], key).toBe(six[key]);
      else expect(seven[key], key).not.toBe(six[key]);
    }
  });
  await test.step("the uncle of the latest block is not found (result null)", async () => {
    await sendBody(page, "eth_getUncleByBlockNumberAndIndex", ["latest", "0x0"]);
    const status = response(page).getByRole("status");
    await expect(status).toContainText("Not found");
    await expect(response(page).getByRole("heading", { level: 3 })).toHaveCount(0);
  });
  expect(consoleErrors.slice(errorsBeforeBlocks)).toEqual([]);
  await test.step("links: block → transaction → receipts, and Back walks the path", async () => {
    // The sends before this step may still have an entry to push.
    let entries = await historyLength(page);
    await sendBody(page, "eth_getBlockByHash", [BLOCK6, false]);
    await expect(heading(page, "Block 6")).toBeVisible();
    // Each send's entry is in the history before the next step (fixtures.ts, entryPushed).
    entries = await entryPushed(page, entries);
    await response(page)
      .getByRole("button", { name: /^Open transaction 0:/ })
      .click();
    await expect(heading(page, "Transaction 0 of block 6")).toBeVisible();
    await expect(response(page).getByText("EIP-1559", { exact: true }).first()).toBeVisible();
    entries = await entryPushed(page, entries);
    await response(page)
      .getByRole("button", { name: /^Open receipts of block 6:/ })
      .click();
    await expect(heading(page, "Receipts of block 6")).toBeVisible();
    await entryPushed(page, entries);
    await page.goBack();
    await expect(heading(page, "Transaction 0 of block 6")).toBeVisible();
    await page.goBack();
    await expect(heading(page, "Block 6")).toBeVisible();
  });
});

/**
 * Whether `target`'s focus ring is painted beyond its left edge: a screenshot of its surroundings,
 * read in the page (a canvas), the pixel 3 px left of the box, halfway down, in the ring's colour.
 */
async function ringPaintedLeftOf(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const margin = 6;
  const png = await page.screenshot({
    clip: { x: box.x - margin, y: box.y, width: box.width + 2 * margin, height: Math.min(box.height, 200) },
  });
  const ring = await target.evaluate((el) => getComputedStyle(el).outlineColor);
  return page.evaluate(
    async ({ data, ring, margin }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext("2d");
      if (!g) return false;
      g.drawImage(img, 0, 0);
      const scale = window.devicePixelRatio;
      const at = g.getImageData(Math.round((margin - 3) * scale), Math.floor(img.height / 2), 1, 1).data;
      const want = (ring.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      return want.every((v, i) => Math.abs(v - (at[i] ?? -999)) <= 40);
    },
    { data: png.toString("base64"), ring, margin },
  );
}
