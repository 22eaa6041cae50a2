import type { Frame, Page } from "@playwright/test";
import { type HostServer, startHostServer } from "./embed-host/server.ts";
import { devnet, expect, test } from "./fixtures.ts";

type Received = { origin: string; data: { type: string; [k: string]: unknown } };
declare global {
  interface Window {
    received: Received[];
    hostSend(message: unknown): void;
  }
}

/** Two documentation sites on two origins: the embed lists the first, never the second. */
let listed: HostServer;
let unlisted: HostServer;
test.beforeAll(async () => {
  listed = await startHostServer();
  unlisted = await startHostServer();
});
test.afterAll(async () => {
  await listed?.close();
  await unlisted?.close();
});

const appUrl = (baseURL: string | undefined) => {
  if (!baseURL) throw new Error("baseURL is not set: run through playwright.config.ts");
  return baseURL.replace(/\/$/, "");
};
const embedSrc = (app: string, origins: string) =>
  `${app}/embed?method=eth_getBlockByNumber&params=["0x1",false]&network=devnet&origins=${origins}`;
const hostPage = (host: HostServer, src: string, app: string) =>
  `${host.origin}/host.html?src=${encodeURIComponent(src)}&app=${encodeURIComponent(new URL(app).origin)}`;

const received = (page: Page) => page.evaluate(() => window.received);
const ofType = async (page: Page, type: string) =>
  (await received(page)).filter((m) => m.data.type === `rpc-playground:${type}`);
/** The answer worker's address among the page's workers (a cross-origin frame's included), if it started. */
const answerWorker = (page: Page) =>
  page
    .workers()
    .map((w) => w.url())
    .find((u) => /answer-worker/.test(u));
const embedFrame = (page: Page, app: string): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(`${app}/embed`));
  if (!frame) throw new Error("the embed's frame is not there");
  return frame;
};

/**
 * Three embeds a host (or the guide) uses as meant, on one page, each step opening its own address
 * on it: a host page's messages and counts are its own, and so is the embed's frame. The embed that
 * hears one result comes first, so its check that no answer worker started sees only HTTP embeds;
 * the host that floods it with sends follows; the guide goes last, as it grants the clipboard and
 * leaves for the playground itself.
 */
test("a page on another origin embeds one method: it fits the frame, hands in the key, sends, and hears the result; a host that posts 200 set-params and 2,000 sends in a loop: the last params win, every send is answered; the guide generates the iframe code for the chosen method, previews it, and copies it", async ({
  page,
  baseURL,
  context,
  consoleErrors,
}) => {
  const app = appUrl(baseURL);

  await test.step("a page on another origin embeds one method: it fits the frame, hands in the key, sends, and hears the result", async () => {
    const errorsBefore = consoleErrors.length;
    const { key } = devnet();
    await page.goto(hostPage(listed, embedSrc(app, listed.origin), app));
    const embed = page.frameLocator("#embed");

    // One method's form, editor and response; none of the playground's chrome.
    await expect(embed.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
    await expect(embed.getByRole("form", { name: "eth_getBlockByNumber params" })).toBeVisible();
    await expect(embed.getByRole("textbox", { name: "Block number" })).toHaveValue("0x1");
    await expect(embed.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
    await expect(embed.getByRole("region", { name: "Response" })).toBeVisible();
    for (const name of ["Network", "Method"])
      await expect(embed.getByRole("combobox", { name, exact: true })).toHaveCount(0);
    await expect(embed.getByRole("tab", { name: "Code snippets" })).toHaveCount(0);
    await expect(embed.getByRole("textbox", { name: "API key" })).toHaveCount(0);
    await expect(embed.getByRole("radiogroup", { name: "Transport" })).toHaveCount(0);

    await expect.poll(async () => (await ofType(page, "ready")).length).toBe(1);
    expect((await ofType(page, "ready"))[0]?.data).toMatchObject({
      version: 1,
      method: "eth_getBlockByNumber",
      product: "RPC Playground",
    });

    // The iframe starts 150 px high and takes the height the embed reports.
    const iframe = page.locator("#embed");
    await expect
      .poll(async () => {
        const heights = await ofType(page, "height");
        const last = heights.at(-1)?.data.height;
        const box = await iframe.boundingBox();
        return { matches: last !== undefined && Math.round(box?.height ?? 0) === last, last };
      })
      .toMatchObject({ matches: true, last: expect.any(Number) });
    const reported = (await ofType(page, "height")).at(-1)?.data.height as number;
    expect(reported).toBeGreaterThan(300);
    await expect(page.locator("#reported")).toHaveText(String(reported));

    // Without a key the embed does not send; it tells the host why.
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:send" }));
    await expect
      .poll(async () => (await ofType(page, "error")).at(-1)?.data.message)
      .toMatch(/No API key yet/);

    // The answer's code came in idle time: the first answer shows with no "Loading the view…" first.
    const frame = embedFrame(page, app);
    await frame.evaluate(() => {
      const w = window as unknown as { __fallback: boolean };
      w.__fallback = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Loading the view")) w.__fallback = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    // The host hands in the key and sends; the result comes back with the block.
    await page.evaluate((k) => window.hostSend({ type: "rpc-playground:set-key", key: k }), key);
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:send" }));
    await expect.poll(async () => (await ofType(page, "result")).length).toBe(1);
    const result = (await ofType(page, "result"))[0]!;
    expect(result.origin).toBe(new URL(app).origin);
    expect(result.data).toMatchObject({
      method: "eth_getBlockByNumber",
      network: "devnet",
      transport: "http",
      ok: true,
      id: expect.any(Number),
      latencyMs: expect.any(Number),
      result: { number: "0x1" },
    });
    await expect(embed.getByRole("region", { name: "Response" }).getByLabel("Answer details")).toContainText(
      "eth_getBlockByNumber",
    );
    expect(await frame.evaluate(() => (window as unknown as { __fallback: boolean }).__fallback)).toBe(false);

    // The host changes the params and sends again.
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:set-params", params: ["0x2", false] }));
    await expect(embed.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:send" }));
    await expect.poll(async () => (await ofType(page, "result")).length).toBe(2);
    expect((await ofType(page, "result"))[1]?.data).toMatchObject({ ok: true, result: { number: "0x2" } });

    // The host themes the embed; a message the embed cannot apply is answered with the reason.
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:set-theme", theme: "dark" }));
    await expect(embed.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:set-network", network: "atlantis" }));
    await expect
      .poll(async () => (await ofType(page, "error")).at(-1)?.data.message)
      .toMatch(/set-network: "atlantis" is not in the catalog/);

    // The key never went to the host, and the embed stored nothing of the playground's or the key.
    expect(JSON.stringify(await received(page))).not.toContain(key);
    const stored = await embedFrame(page, app).evaluate(() => ({
      state: localStorage.getItem("rpc-playground:state"),
      sessionKeys: sessionStorage.getItem("rpc-playground:api-keys"),
      localKeys: localStorage.getItem("rpc-playground:api-keys"),
    }));
    expect(stored).toEqual({ state: null, sessionKeys: null, localKeys: null });
    // An HTTP embed starts no answer worker in idle time (nor for a small answer): a docs page may
    // hold several embeds. (A WebSocket one does: the next test.)
    expect(answerWorker(page)).toBeUndefined();
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a host that posts 200 set-params and 2,000 sends in a loop: the last params win, every send is answered", async () => {
    const errorsBefore = consoleErrors.length;
    await page.goto(hostPage(listed, embedSrc(app, encodeURIComponent(listed.origin)), app));
    const embed = page.frameLocator("#embed");
    await expect(embed.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
    await expect.poll(async () => (await ofType(page, "ready")).length).toBe(1);
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:set-key", key: "devnet-key" }));
    await page.evaluate(() => {
      for (let i = 1; i <= 200; i++)
        window.hostSend({ type: "rpc-playground:set-params", params: [`0x${i.toString(16)}`, false] });
    });
    await expect(embed.getByRole("textbox", { name: "Block number" })).toHaveValue("0xc8");
    await page.evaluate(() => {
      for (let i = 0; i < 2_000; i++) window.hostSend({ type: "rpc-playground:send" });
    });
    // One result, and a "busy" error for each send made while it was on its way.
    await expect
      .poll(async () => (await ofType(page, "result")).length + (await ofType(page, "error")).length, {
        timeout: 20_000,
      })
      .toBe(2_000);
    const errors = await ofType(page, "error");
    expect(errors.every((e) => /busy/.test(String(e.data.message)))).toBe(true);
    expect(consoleErrors.slice(errorsBefore).filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  await test.step("the guide generates the iframe code for the chosen method, previews it, and copies it", async () => {
    const errorsBefore = consoleErrors.length;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/guide");
    await expect(page.getByRole("heading", { name: "Embed the RPC Playground" })).toBeVisible();
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await page.getByRole("textbox", { name: "Allowed host origins" }).fill("https://docs.example.com");
    await page.getByRole("checkbox", { name: "Read-only params" }).check();

    const snippet = page.getByTestId("embed-snippet");
    await expect(snippet).toContainText('<iframe\n  id="rpc-playground-eth_getStorageAt"');
    await expect(snippet).toContainText("/embed?method=eth_getStorageAt&amp;params=");
    await expect(snippet).toContainText("origins=https%3A%2F%2Fdocs.example.com");
    await expect(snippet).toContainText("readonly=1");
    await expect(snippet).toContainText('data.type === "rpc-playground:height"');
    // The one tag says the same, with the loader beside the app.
    const tag = page.getByTestId("embed-tag");
    await expect(tag).toContainText('data-method="eth_getStorageAt"');
    await expect(tag).toContainText('data-origins="https://docs.example.com"');
    await expect(tag).toContainText('data-readonly="1"');
    await expect(tag).toContainText(`<script src="${new URL("embed.js", page.url())}" async></script>`);
    // Its types, beside it, for a page written in TypeScript.
    const types = await page.getByRole("link", { name: "embed.d.ts" }).getAttribute("href");
    expect(types).toBe(new URL("embed.d.ts", page.url()).href);
    expect(await (await page.request.get(types ?? "")).text()).toContain("export interface RpcPlaygroundApi");

    // The live preview is that embed; the guide hands it this browser's devnet key, as a host would.
    // The preview follows the form 400 ms late (a new frame per change): the last change in first,
    // or a click can land in a frame about to be replaced.
    await expect(page.locator('iframe[title="Embed preview"]')).toHaveAttribute("src", /readonly=1/);
    const preview = page.frameLocator('iframe[title="Embed preview"]');
    await expect(preview.getByRole("heading", { name: "eth_getStorageAt" })).toBeVisible();
    await expect(preview.locator("[data-embed]")).toHaveAttribute("data-key-set", "yes");
    await preview.getByRole("button", { name: "Send", exact: true }).click();
    await expect(
      preview.getByRole("region", { name: "Response" }).getByLabel("Answer details"),
    ).toContainText("eth_getStorageAt");

    await page.getByRole("button", { name: "Copy code" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await snippet.textContent());

    // The preview (an embed on the playground's own origin) left the user's playground as it was.
    await page.getByRole("link", { name: "Back to the playground" }).click();
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByNumber");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});

/**
 * Three short cases of an embed given what it cannot use, on one page (one page instead of three),
 * each step opening its own address on it: a host page's messages and counts are its own, and so is
 * the embed's frame. The WebSocket embed comes first, so the answer worker it starts is the only
 * one the page has had. The bad embed address comes last: it opens the embed itself, no host page.
 */
test("messages from an origin the embed does not list are ignored: no key, no send, no result; a flood of 20,000 messages from an unlisted page is counted without stalling the embed; a bad embed address says what is wrong inside the frame", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const app = appUrl(baseURL);

  await test.step("messages from an origin the embed does not list are ignored: no key, no send, no result", async () => {
    const errorsBefore = consoleErrors.length;
    // An embed that lists no host (so any page may frame it), inside a page that messages it anyway.
    // (An embed that lists the first site cannot even be framed by the second: headers.spec.ts.)
    // It sends over WebSocket: its answer worker, where its socket lives, starts in idle time.
    await page.goto(hostPage(unlisted, `${embedSrc(app, "")}&transport=ws`, app));
    const embed = page.frameLocator("#embed");
    await expect(embed.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
    await expect.poll(async () => (await ofType(page, "ready")).length).toBe(1);

    await page.evaluate((k) => window.hostSend({ type: "rpc-playground:set-key", key: k }), devnet().key);
    await page.evaluate(() => window.hostSend({ type: "rpc-playground:send" }));

    await expect(embed.locator("[data-embed]")).toHaveAttribute("data-ignored-messages", "2");
    await expect(embed.getByTestId("embed-ignored")).toContainText(
      `Ignored 2 messages from ${unlisted.origin}`,
    );
    await expect(embed.locator("[data-embed]")).toHaveAttribute("data-key-set", "no");
    await expect(embed.getByRole("region", { name: "Response" })).toContainText(
      "Send a request to see its answer",
    );
    // Both messages were handled (and ignored) when they were counted above, so no request was sent
    // and nothing can still be on its way: only ready and height messages came back.
    const types = new Set((await received(page)).map((m) => m.data.type));
    expect([...types].sort()).toEqual(["rpc-playground:height", "rpc-playground:ready"]);
    // With no send made, the WebSocket embed's answer worker started in idle time (its first send
    // does not wait for it to start).
    await expect.poll(() => answerWorker(page)).toBeDefined();
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a flood of 20,000 messages from an unlisted page is counted without stalling the embed", async () => {
    await page.goto(hostPage(unlisted, embedSrc(app, ""), app));
    const embed = page.frameLocator("#embed");
    await expect(embed.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
    await expect.poll(async () => (await ofType(page, "ready")).length).toBe(1);
    await page.evaluate(() => {
      for (let i = 0; i < 20_000; i++) window.hostSend({ type: "rpc-playground:send" });
    });
    await expect(embed.locator("[data-embed]")).toHaveAttribute("data-ignored-messages", "20000", {
      timeout: 10_000,
    });
    // Still answering the user at once.
    await embed.getByRole("button", { name: "Send", exact: true }).focus();
    await expect(embed.getByRole("button", { name: "Send", exact: true })).toBeFocused();
  });

  await test.step("a bad embed address says what is wrong inside the frame", async () => {
    const errorsBefore = consoleErrors.length;
    await page.goto('/embed?method=eth_nope&transport=pigeon&params=["0x1"');
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("This embed's address has a problem");
    await expect(alert).toContainText('method "eth_nope" is not offered');
    await expect(alert).toContainText("transport must be http or ws");
    await expect(alert).toContainText("params is not valid JSON");
    await expect(alert.getByRole("link", { name: "embed guide" })).toHaveAttribute("href", /\/guide$/);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});
