import type { FrameLocator, Locator } from "@playwright/test";
import { type HostServer, startHostServer } from "./embed-host/server.ts";
import { devnet, expect, test } from "./fixtures.ts";

type LoaderEvent = { on: string; type: string; detail: { method?: string; message?: string } };
declare global {
  interface Window {
    events: LoaderEvent[];
  }
}

/** A documentation site on another origin than the app's. */
let docs: HostServer;
test.beforeAll(async () => {
  docs = await startHostServer();
});
test.afterAll(async () => {
  await docs?.close();
});

/**
 * The iframe's height is the one its embed reports: its content's, give or take a pixel. (Chromium
 * does not lay out a cross-origin frame out of view: it reports its height once scrolled to.)
 */
async function fitsContent(iframe: Locator, frame: FrameLocator) {
  await iframe.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const box = (await iframe.boundingBox())?.height ?? 0;
      const content = await frame.locator("body").evaluate((b) => b.getBoundingClientRect().height);
      return Math.abs(box - content) <= 1 && box > 300;
    })
    .toBe(true);
}

test("two one-tag embeds on a page of another origin, driven through embed.js: each its own key, params, send and result", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  if (!baseURL) throw new Error("baseURL is not set: run through playwright.config.ts");
  const { key } = devnet();
  await page.goto(`${docs.origin}/tags.html?app=${encodeURIComponent(baseURL.replace(/\/$/, ""))}`);

  // A tag with a misspelt option says so in its place; the other becomes an embed.
  await expect(page.locator("#typo").getByRole("alert")).toContainText(
    "data-metod is not an option of the tag (did you mean data-method?)",
  );
  const blocks = page.frameLocator("#blocks iframe");
  await expect(blocks.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  await expect(blocks.getByRole("textbox", { name: "Block number" })).toHaveValue("0x1");

  // A tag added later (as a docs framework's client-side navigation adds a page) is picked up.
  await page.evaluate(() => {
    const tag = document.createElement("div");
    tag.id = "storage";
    tag.dataset.rpcPlayground = "";
    tag.dataset.method = "eth_getStorageAt";
    tag.dataset.network = "devnet";
    document.body.append(tag);
  });
  const storage = page.frameLocator("#storage iframe");
  await expect(storage.getByRole("heading", { name: "eth_getStorageAt" })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        window.events
          .filter((e) => e.type === "ready")
          .map((e) => e.on)
          .sort(),
      ),
    )
    .toEqual(["blocks", "storage"]);

  // Without a key the embed does not send: the promise says why.
  const refused = await page.evaluate(() =>
    window.RpcPlayground?.get("#storage")
      ?.send()
      .then(
        () => "sent",
        (e: Error) => `${e.name}: ${e.message}`,
      ),
  );
  expect(refused).toMatch(/^RpcPlaygroundError: send: No API key yet/);

  // The page hands each embed the key, new params to one, and sends both at once.
  const results = await page.evaluate(async (k) => {
    const api = window.RpcPlayground;
    const a = api?.get("#blocks");
    const b = api?.get("#storage");
    if (!a || !b) throw new Error("no playground handles");
    a.setKey(k);
    b.setKey(k);
    a.setParams(["0x2", false]);
    const [block, slot] = await Promise.all([a.send(), b.send()]);
    return { block, slot };
  }, key);
  expect(results.block).toMatchObject({ number: "0x2" });
  expect(results.slot).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(blocks.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
  await expect(blocks.getByRole("region", { name: "Response" }).getByLabel("Answer details")).toContainText(
    "eth_getBlockByNumber",
  );
  await expect(storage.getByRole("region", { name: "Response" }).getByLabel("Answer details")).toContainText(
    "eth_getStorageAt",
  );

  // Each result came as an event on its own tag, never the other's.
  const events = await page.evaluate(() => window.events);
  expect(events.filter((e) => e.type === "result").map((e) => [e.on, e.detail.method])).toEqual(
    expect.arrayContaining([
      ["blocks", "eth_getBlockByNumber"],
      ["storage", "eth_getStorageAt"],
    ]),
  );
  expect(events.filter((e) => e.type === "result")).toHaveLength(2);
  expect(events.filter((e) => e.type === "error").map((e) => e.on)).toEqual(["storage"]);

  // Two sends on one embed at once: each promise gets its own outcome (matched by the send's ref),
  // the first its block, the second "busy", though the "busy" comes back first.
  const both = await page.evaluate(async () => {
    const a = window.RpcPlayground?.get("#blocks");
    if (!a) throw new Error("no playground handle");
    const settled = await Promise.allSettled([a.send(), a.send()]);
    return settled.map((o) =>
      o.status === "fulfilled"
        ? { block: (o.value as { number?: string }).number }
        : { error: (o.reason as Error).message },
    );
  });
  expect(both).toEqual([{ block: "0x2" }, { error: expect.stringMatching(/^send: busy/) }]);

  // Each frame is as high as its content (from the embed's height messages).
  await fitsContent(page.locator("#blocks iframe"), blocks);
  await fitsContent(page.locator("#storage iframe"), storage);

  // The page turns dark: both embeds follow it.
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await expect(blocks.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(storage.locator("html")).toHaveAttribute("data-theme", "dark");

  // The key went only into the frames: not into their addresses, nor into any event.
  const srcs = await page.locator("iframe").evaluateAll((fs) => fs.map((f) => (f as HTMLIFrameElement).src));
  expect(srcs).toHaveLength(2);
  for (const src of srcs) expect(src).toContain(`origins=${encodeURIComponent(docs.origin)}`);
  expect(JSON.stringify([srcs, events])).not.toContain(key);

  // A value the embed cannot take: the frame says so, and a send is refused with the same words.
  await page.evaluate(() => {
    const tag = document.createElement("div");
    tag.id = "bad";
    tag.dataset.rpcPlayground = "";
    tag.dataset.method = "eth_nope";
    document.body.append(tag);
  });
  await expect(page.frameLocator("#bad iframe").getByRole("alert")).toContainText(
    'method "eth_nope" is not offered',
  );
  const badSend = await page.evaluate(() =>
    window.RpcPlayground?.get("#bad")
      ?.send()
      .then(
        () => "sent",
        (e: Error) => e.message,
      ),
  );
  expect(badSend).toMatch(/^method "eth_nope" is not offered/);
  expect(consoleErrors).toEqual([]);
});

test("embed.d.ts is served beside embed.js: the types of what it gives a page, as text", async ({
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not set: run through playwright.config.ts");
  const res = await request.get(new URL("embed.d.ts", baseURL).href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toContain("export interface RpcPlaygroundApi");
  expect(text).toContain("RpcPlayground?: RpcPlaygroundApi;");
  expect(text).toContain('"rpc-playground:result": CustomEvent<RpcPlaygroundResultDetail>;');
});
