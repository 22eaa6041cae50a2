import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SYNTHETIC_BASE } from "../devnet/gateway/synthetic.ts";
import { buildTestApp } from "./app-build.mjs";
import { type HostServer, startHostServer } from "./embed-host/server.ts";
import { devnet, expect, response, sendBody, test } from "./fixtures.ts";
import { type StaticHost, startStaticHost } from "./static-host.ts";

/**
 * The app built for a sub-path (`PLAYGROUND_BASE=/playground/ npm run build`) and served by a
 * static host as the README's "Hosting under a path" says: the build's own `_headers`, the
 * single-page fallback within the base, nothing else of the origin. A docs site on another origin
 * embeds it.
 */

// The file's tests run in one worker, one after the other: each worker that ran one built the app
// again for itself (the beforeAll below, 6-8 s of a core on CI's 2).
test.describe.configure({ mode: "default" });

const BASE = "/playground/";
const dir = fileURLToPath(new URL(`../node_modules/.e2e-dist/base-path-${process.pid}`, import.meta.url));

let app: StaticHost;
let docs: HostServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const status = await buildTestApp(dir, { base: BASE });
  if (status !== 0) throw new Error(`vite build exited with ${status}`);
  // The devnet's address and key as `npm start` serves them: devnet.json beside the page.
  app = await startStaticHost(dir, BASE, { [`${BASE}devnet.json`]: JSON.stringify(devnet()) });
  docs = await startHostServer();
});
test.afterAll(async () => {
  await app?.close();
  await docs?.close();
  rmSync(dir, { recursive: true, force: true });
});

type HostWindow = { received: { data: { type: string } }[]; hostSend(message: unknown): void };

test("under /playground/: a send, a share link, the guide and an embed on another origin, nothing outside the base", async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const home = `${app.origin}${BASE}`;
  const asked: string[] = [];
  context.on("request", (r) => {
    const url = new URL(r.url());
    if (url.origin === app.origin) asked.push(url.pathname);
  });

  // The playground, with the headers the build wrote for its base; the key from devnet.json.
  const answer = await page.goto(home);
  expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self'");
  expect(answer?.headers()["x-frame-options"]).toBe("DENY");
  await expect(page.getByLabel("API key")).not.toHaveValue("");

  // A send big enough for the answer worker (a synthetic block of 4,000 full transactions, 4.8 MB).
  const tag = `0x${(SYNTHETIC_BASE + 4000).toString(16)}`;
  await sendBody(page, "eth_getBlockByNumber", [tag, true]);
  await expect(response(page).getByText("4,000 transactions", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  expect(new URL(page.url()).pathname).toBe(BASE);

  // The share link opens the same request, under the base.
  await page.getByRole("button", { name: "Share link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share link" });
  const field = dialog.getByRole("textbox", { name: "Link to this request" });
  await expect(field).toHaveValue(/[?&]method=eth_getBlockByNumber/);
  const link = await field.inputValue();
  expect(link.startsWith(`${home}?`)).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).click();
  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByNumber");
  await expect(shared.getByRole("textbox", { name: "Block number" })).toHaveValue(tag);
  await shared.close();

  // The guide, from the header: its snippet and its preview are the embed under the base.
  await page.getByRole("link", { name: "Embed guide" }).click();
  await expect(page).toHaveURL(`${home}guide`);
  await expect(page.getByRole("heading", { name: "Embed the RPC Playground" })).toBeVisible();
  await expect(page.getByTestId("embed-snippet")).toContainText(
    `src="${home}embed?method=eth_getBlockByNumber`,
  );
  const preview = page.frameLocator('iframe[title="Embed preview"]');
  await expect(preview.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the playground" })).toHaveAttribute("href", home);

  // A docs page on another origin embeds it, hands in the key and sends.
  const src = `${home}embed?method=eth_getBlockByNumber&params=${encodeURIComponent('["0x1",false]')}&network=devnet&origins=${encodeURIComponent(docs.origin)}`;
  await page.goto(
    `${docs.origin}/host.html?src=${encodeURIComponent(src)}&app=${encodeURIComponent(app.origin)}`,
  );
  const embed = page.frameLocator("#embed");
  await expect(embed.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  const received = (type: string) =>
    page.evaluate(
      (t) => (window as unknown as HostWindow).received.filter((m) => m.data.type === t).length,
      `rpc-playground:${type}`,
    );
  await expect.poll(() => received("ready")).toBe(1);
  await page.evaluate((key) => {
    const host = window as unknown as HostWindow;
    host.hostSend({ type: "rpc-playground:set-key", key });
    host.hostSend({ type: "rpc-playground:send" });
  }, devnet().key);
  await expect.poll(() => received("result")).toBe(1);
  await expect(embed.getByRole("region", { name: "Response" })).toContainText("Block 1");

  // The same with one tag: embed.js, loaded from under the base, finds the app there.
  await page.goto(`${docs.origin}/tags.html?app=${encodeURIComponent(home.replace(/\/$/, ""))}`);
  const tagged = page.frameLocator("#blocks iframe");
  await expect(tagged.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  const block = await page.evaluate(async (key) => {
    const handle = (
      window as unknown as {
        RpcPlayground?: { get(s: string): { setKey(k: string): void; send(): Promise<unknown> } | undefined };
      }
    ).RpcPlayground?.get("#blocks");
    handle?.setKey(key);
    return handle?.send();
  }, devnet().key);
  expect(block).toMatchObject({ number: "0x1" });

  // Every file, worker and page came from under the base: devnet.json, the answer worker, Monaco's.
  expect(asked.filter((path) => !path.startsWith(BASE))).toEqual([]);
  expect(asked).toContain(`${BASE}devnet.json`);
  expect(asked).toContain(`${BASE}embed.js`);
  // Its types beside it, as text from a static host too (the build's _headers says so).
  const types = await page.request.get(`${app.origin}${BASE}embed.d.ts`);
  expect(types.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await types.text()).toContain("export interface RpcPlaygroundApi");
  expect(asked.some((path) => /\/assets\/answer-worker-[^/]*\.js$/.test(path))).toBe(true);
  expect(asked.some((path) => /\/assets\/(editor|json)\.worker-[^/]*\.js$/.test(path))).toBe(true);

  // A host whose fallback is too wide serves the page outside the base: it is not the playground there.
  const outside = `${app.origin}/docs/intro`;
  const indexHtml = readFileSync(join(dir, "index.html"), "utf8");
  await page.route(outside, (route) => route.fulfill({ body: indexHtml, contentType: "text/html" }));
  await page.goto(outside);
  const note = page.getByRole("alert");
  await expect(note).toContainText("This address is not part of RPC Playground");
  await expect(note.getByRole("link", { name: BASE })).toHaveAttribute("href", BASE);
  await expect(page.getByLabel("API key")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("a broken or hostile devnet.json leaves the devnet at its catalog address, and the page works", async ({
  page,
  consoleErrors,
}) => {
  const hostile = {
    evm: { httpUrl: "javascript:alert(1)", wsUrl: "ws://127.0.0.1:1" },
    starknet: { httpUrl: "http://127.0.0.1:1", wsUrl: "ws://127.0.0.1:1" },
    key: "k",
  };
  for (const body of ['{"evm": {"httpUrl": "http://127.0.0', JSON.stringify(hostile)]) {
    const site = await startStaticHost(dir, BASE, { [`${BASE}devnet.json`]: body });
    try {
      const toNode: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/v3/")) toNode.push(new URL(r.url()).origin);
      });
      await page.goto(`${site.origin}${BASE}`);
      const picker = page.getByRole("combobox", { name: "Network" });
      await expect(picker).toHaveValue("devnet");
      await page.getByLabel("API key").fill("some-key");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      // Nothing listens at the catalog's address: the Response panel says so, nothing ran.
      await expect(response(page).getByRole("alert")).toBeVisible();
      expect(toNode).toEqual(["http://127.0.0.1:8645"]);
      page.removeAllListeners("request");
    } finally {
      // Off the site before it closes: its chunks still loading (Monaco's) would fail to load.
      await page.goto("about:blank");
      await site.close();
    }
  }
  expect(consoleErrors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
});
