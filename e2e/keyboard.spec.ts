import type { Page } from "@playwright/test";
import {
  bodyText,
  colorScheme,
  expect,
  openOnSilentNode,
  openPlayground,
  response,
  sendBody,
  sendButton,
  test,
} from "./fixtures.ts";

const focusInEditor = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest(".monaco-editor") !== null);

/**
 * Both ways Escape cancels, on one page. The instant cancel goes first: it never shows the waiting
 * line, so after another cancel its message could be that one's, still on screen. The request under
 * way then shows the waiting line, which takes the last message's place: the message after its
 * Escape is its own.
 */
test("Escape cancels a request right after Send, before the page shows it waiting, and one the page shows waiting", async ({
  page,
}) => {
  await openOnSilentNode(page);
  const alert = response(page).getByRole("alert");
  const cancel = response(page).getByRole("button", { name: "Cancel request" });
  await test.step("right after Send, before the page shows it waiting", async () => {
    // In one task: the send's first moments (its quiet wait), when the mutation has not heard of it yet.
    await page.evaluate(() => {
      const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
      send?.click();
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    await expect(alert).toContainText(/cancel/i);
    await expect(cancel).toHaveCount(0);
  });
  await test.step("the request under way, the page showing it waiting", async () => {
    await sendButton(page).click();
    await expect(cancel).toBeVisible();
    // The last step's message has gone: the one after Escape is this request's.
    await expect(alert).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(alert).toContainText(/cancel/i);
  });
});

/**
 * The keyboard's ways in and out of the page's parts, on one page. The sheet's and Share link's code
 * cannot download at first, so that step comes first (once a chunk has come, it is not fetched again):
 * it lets both chunks through again at its end, and the steps after it open the sheet and the
 * popover as they come. The focus ring in both themes comes last (the colour scheme switched in
 * place).
 */
test("? opens the sheet of shortcuts and Share link's popover takes the focus to the link, Escape closing either and giving the focus back, as it closes a part whose code could not download; tabs follow the WAI-ARIA keys; Tab leaves the editor unless the toggle or Ctrl+M lets it indent; the focus ring is visible and stands out at 3:1 or more, in the light and the dark theme", async ({
  page,
}) => {
  const sheetChunk = /\/assets\/ShortcutsSheet-[^/]*\.js$/;
  const shareChunk = /\/assets\/SharePanel-[^/]*\.js$/;
  await page.route(sheetChunk, (route) => route.abort());
  await page.route(shareChunk, (route) => route.abort());
  await openPlayground(page);
  const button = page.getByRole("button", { name: "Keyboard shortcuts" });
  const share = page.getByRole("button", { name: "Share link" });

  await test.step("the sheet's and Share link's code could not download", async () => {
    // As on a connection that dropped: each says so where it would have opened, and Escape or Close
    // shuts the message as they shut the part.
    await button.focus();
    await page.keyboard.press("?");
    const failed = page.getByRole("alert").filter({ hasText: /^Could not show the shortcut sheet/ });
    await expect(failed).toContainText("its code could not download");
    await page.keyboard.press("Escape");
    await expect(failed).toHaveCount(0);
    await expect(button).toBeFocused();

    await share.focus();
    await page.keyboard.press("Enter");
    const shareFailed = page.getByRole("alert").filter({ hasText: /^Could not show the share link/ });
    await shareFailed.getByRole("button", { name: "Close" }).click();
    await expect(shareFailed).toHaveCount(0);
    await expect(share).toBeFocused();
    await expect(share).toHaveAttribute("aria-expanded", "false");

    // The connection is back for the steps after this one.
    await page.unroute(sheetChunk);
    await page.unroute(shareChunk);
  });

  await test.step("? opens the sheet of shortcuts; Escape closes it and gives the focus back", async () => {
    await button.focus();
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText("Cancel the request under way");
    await expect(sheet).toContainText("Ctrl+Shift+Enter (⌘+Shift+Enter)Send anyway");
    await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(button).toBeFocused();

    // In a text field, ? is a character, not a shortcut.
    await page.getByLabel("API key").focus();
    await page.keyboard.press("?");
    await expect(sheet).toHaveCount(0);
  });

  await test.step("Share link's popover takes the focus to the link; Escape closes it and gives the focus back", async () => {
    await share.focus();
    await page.keyboard.press("Enter");
    const popover = page.getByRole("dialog", { name: "Share link" });
    const field = popover.getByRole("textbox", { name: "Link to this request" });
    await expect(field).toBeFocused();
    await expect(share).toHaveAttribute("aria-expanded", "true");
    // The link is selected, ready to copy by hand.
    const selected = await field.evaluate((el: HTMLInputElement) => [
      el.selectionEnd! - el.selectionStart!,
      el.value.length,
    ]);
    expect(selected[0]).toBe(selected[1]);
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);
    await expect(share).toBeFocused();
    await expect(share).toHaveAttribute("aria-expanded", "false");

    // The button closes it as it opened it; a press elsewhere closes it and leaves the focus there.
    await share.click();
    await expect(field).toBeFocused();
    await share.click();
    await expect(popover).toHaveCount(0);
    await share.click();
    await expect(field).toBeFocused();
    const key = page.getByLabel("API key");
    await key.click();
    await expect(popover).toHaveCount(0);
    await expect(key).toBeFocused();
  });

  await test.step("tabs follow the WAI-ARIA keys: arrows move and wrap, Home and End go to the ends", async () => {
    const tools = page.getByRole("region", { name: "Tools" });
    const tabs = tools.getByRole("tab");
    const count = await tabs.count();
    expect(count).toBeGreaterThan(2);
    await tabs.first().click();
    await page.keyboard.press("End");
    await expect(tabs.nth(count - 1)).toBeFocused();
    await expect(tabs.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(tools.getByRole("tabpanel")).toHaveCount(1);
  });

  await test.step("Tab leaves the editor by default; the toggle and Ctrl+M let Tab indent", async () => {
    const toggle = page.getByLabel("Tab moves focus out of the editor");
    await expect(toggle).toBeChecked();
    await expect(page.getByText(/press Ctrl\+M/).first()).toBeVisible();

    await page.getByTestId("body-editor").locator(".view-lines").click();
    expect(await focusInEditor(page)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focusInEditor(page)).toBe(false);

    // Tab indents once the toggle is off; Ctrl+M in the editor turns it back on.
    await toggle.uncheck();
    await page.getByTestId("body-editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    const before = await bodyText(page);
    await page.keyboard.press("Tab");
    expect(await focusInEditor(page)).toBe(true);
    await expect.poll(() => bodyText(page)).not.toBe(before);
    await page.keyboard.press("ControlOrMeta+M");
    await expect(toggle).toBeChecked();
    await page.keyboard.press("Tab");
    expect(await focusInEditor(page)).toBe(false);
  });
  await test.step("the focus ring is visible and stands out at 3:1 or more, in the light and the dark theme", async () => {
    for (const theme of ["light", "dark"] as const) {
      await test.step(theme, async () => {
        // The page follows the system's scheme (no theme chosen): switched in place, one page load.
        await colorScheme(page, theme);
        const targets = [
          sendButton(page),
          page.getByLabel("API key"),
          page.getByRole("combobox", { name: "Method" }),
        ];
        for (const target of targets) {
          await target.focus();
          await page.keyboard.press("Shift+Tab");
          await page.keyboard.press("Tab");
          const ring = await target.evaluate((el) => {
            const s = getComputedStyle(el);
            return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth), color: s.outlineColor };
          });
          const surfaces = await page.evaluate(() =>
            ["--color-surface", "--color-surface-muted", "--color-surface-raised"].map((v) => {
              const probe = document.createElement("div");
              probe.style.color = `var(${v})`;
              document.body.append(probe);
              const c = getComputedStyle(probe).color;
              probe.remove();
              return c;
            }),
          );
          expect(ring.style).toBe("solid");
          expect(ring.width).toBeGreaterThanOrEqual(2);
          for (const surface of surfaces) expect(contrast(ring.color, surface)).toBeGreaterThanOrEqual(3);
        }
      });
    }
  });
});

/** WCAG contrast of two CSS colours `rgb(r, g, b)`. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The next `stops` stops of the Tab order, from where the focus is: what is focused and where its focus ring
 * (or, for a visually hidden input, its label's) is cut off by a box around it that clips what it
 * paints (a scroll box, a rounded group): nothing when the ring is drawn whole. The page's own
 * scroll (the viewport) brings the focus into view and is not counted.
 */
async function ringsCutInTabOrder(page: Page, stops: number): Promise<string[]> {
  const cut: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      let el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.closest(".monaco-editor")) return null;
      let r = el.getBoundingClientRect();
      // A visually hidden input (the transport's radios): its label shows the ring.
      if (r.width <= 1 || r.height <= 1) {
        const label = el.closest("label");
        if (!label) return null;
        el = label;
        r = label.getBoundingClientRect();
      }
      const name = `<${el.tagName.toLowerCase()}> "${(el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
      const s = getComputedStyle(el);
      if (s.outlineStyle === "none" || Number.parseFloat(s.outlineWidth) === 0) return `${name}: no ring`;
      const out = Number.parseFloat(s.outlineOffset) + Number.parseFloat(s.outlineWidth);
      const ring = { left: r.left - out, top: r.top - out, right: r.right + out, bottom: r.bottom + out };
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const cs = getComputedStyle(box);
        const clips =
          cs.overflowX !== "visible" || cs.overflowY !== "visible" || cs.contentVisibility === "auto";
        if (!clips) continue;
        const b = box.getBoundingClientRect();
        const left = b.left + Number.parseFloat(cs.borderLeftWidth);
        const top = b.top + Number.parseFloat(cs.borderTopWidth);
        const edges = { left, top, right: left + box.clientWidth, bottom: top + box.clientHeight };
        const sides = [
          ring.left < edges.left - 0.5 && "left",
          ring.top < edges.top - 0.5 && "top",
          ring.right > edges.right + 0.5 && "right",
          ring.bottom > edges.bottom + 0.5 && "bottom",
        ].filter(Boolean);
        if (sides.length > 0)
          return `${name}: cut at its ${sides.join(", ")} by <${box.tagName.toLowerCase()} class="${box.className}">`;
      }
      return "";
    });
    if (found) cut.push(found);
  }
  return cut;
}

test("the focus ring of every stop of the Tab order is drawn whole: the first screen, a block's list of transaction hashes in its scroll box, and a block's transactions table on a phone", async ({
  page,
}) => {
  await openPlayground(page);
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
  // From the page's start: the header, the request's controls and fields, the editor's neighbours.
  expect(await ringsCutInTabOrder(page, 40)).toEqual([]);
  // Block 6's hashes (eth_getBlockByHash without full transactions), each a link in the list's scroll box.
  await sendBody(page, "eth_getBlockByHash", [
    "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed",
    false,
  ]);
  const hashes = response(page).getByRole("list", { name: "Transaction hashes" });
  await expect(hashes).toBeVisible();
  await hashes.getByRole("button").first().focus();
  await page.keyboard.press("Shift+Tab");
  expect(await ringsCutInTabOrder(page, 3)).toEqual([]);
  // On a phone, the block's transactions table is wider than its box: the keyboard's stops in it
  // (a button half in view) are scrolled into view whole, ring included.
  await page.setViewportSize({ width: 390, height: 844 });
  await sendBody(page, "eth_getBlockByNumber", ["0x6", true]);
  const view = response(page).getByRole("tab", { name: "View" });
  await expect(response(page).getByTestId("virtual-scroll")).toBeVisible();
  await view.focus();
  expect(await ringsCutInTabOrder(page, 40)).toEqual([]);
});
