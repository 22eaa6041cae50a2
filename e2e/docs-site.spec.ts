import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildDocsSite, PLAYGROUND_SLOT } from "./docs-site/build.mjs";
import { type HostServer, startStaticServer } from "./embed-host/server.ts";
import { devnet, expect, test } from "./fixtures.ts";

/**
 * A real documentation framework (VitePress, a dev dependency for this test only) builds a site
 * whose pages embed the playground with one tag (e2e/docs-site/), served from another origin.
 * The build takes about 4 s (10-19 s on CI's 2 busy cores): `npm test` makes it beside the unit
 * suite, which leaves a core idle (scripts/test-all.mjs, E2E_DOCS_SITE_DIR); run alone, the spec
 * builds it here and prints what it cost. Either way it is built with a stand-in for the
 * playground's address, which the site's server replaces with the real one.
 */
let site: HostServer;
const outDir = resolve(`node_modules/.e2e-docs-site/${process.pid}`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const app = process.env.E2E_APP_URL;
  if (!app) throw new Error("E2E_APP_URL is not set: run through playwright.config.ts");
  const prebuilt = process.env.E2E_DOCS_SITE_DIR;
  let dir = outDir;
  if (prebuilt && existsSync(join(prebuilt, "index.html"))) {
    dir = prebuilt;
    console.log("docs site: built beside the unit suite (npm test)");
  } else {
    const started = Date.now();
    const built = await buildDocsSite(outDir);
    if (built.status !== 0) throw new Error(`vitepress build failed:\n${built.output}`);
    console.log(`docs site: VitePress built it in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  site = await startStaticServer(dir, { replace: [PLAYGROUND_SLOT, app] });
});
test.afterAll(async () => {
  await site?.close();
  for (const dir of [outDir, `${outDir}-cache`]) rmSync(dir, { recursive: true, force: true });
});

test("a VitePress site embeds the playground with one tag: it survives hydration, follows the site's theme and answers a send, on a page reached by the site's navigation too", async ({
  page,
  consoleErrors,
}) => {
  const started = Date.now();
  const { key } = devnet();
  /** Hands the key to a tag's playground and sends, as the docs page's own script would. */
  const send = (selector: string) =>
    page.evaluate(
      async ({ selector, key }) => {
        const playground = window.RpcPlayground?.get(selector);
        if (!playground) throw new Error(`no playground at ${selector}`);
        playground.setKey(key);
        return playground.send();
      },
      { selector, key },
    );

  await page.goto(`${site.origin}/`);
  await expect(page.getByRole("heading", { name: "eth_getBlockByNumber", level: 1 })).toBeVisible();
  const blocks = page.frameLocator("#try-blocks iframe");
  await expect(blocks.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
  // Vue has hydrated the page (the loader ran before it) and the embed is still there.
  await page.waitForFunction(() => "__vue_app__" in (document.getElementById("app") ?? {}));
  await expect(page.locator("#try-blocks iframe")).toHaveCount(1);
  await expect(blocks.getByRole("textbox", { name: "Block number" })).toHaveValue("0x1");

  expect(await send("#try-blocks")).toMatchObject({ number: "0x1" });
  await expect(blocks.getByRole("region", { name: "Response" }).getByLabel("Answer details")).toContainText(
    "eth_getBlockByNumber",
  );

  // VitePress's own appearance switch: the embed follows the site's theme.
  await page.getByRole("switch", { name: "Switch to dark theme" }).first().click();
  await expect(blocks.locator("html")).toHaveAttribute("data-theme", "dark");

  // The site's client-side navigation renders the next page: its tag becomes an embed too.
  await page.getByRole("link", { name: "reading a contract's storage" }).click();
  // Failed once in CI (1 run in many; not reproduced in 80 runs here, idle or loaded): what the
  // page showed instead is said with the failure, as CI keeps no screenshot.
  await expect(page.getByRole("heading", { name: "eth_getStorageAt", level: 1 }))
    .toBeVisible()
    .catch(async (err: Error) => {
      const shown = await page
        .evaluate(() => ({
          url: location.href,
          headings: [...document.querySelectorAll("h1")].map((h) => h.textContent),
          scrollY: Math.round(scrollY),
        }))
        .catch((e: Error) => e.message);
      throw new Error(
        `${err.message}\nthe page showed: ${JSON.stringify(shown)}; console errors: ${JSON.stringify(consoleErrors)}`,
      );
    });
  const storage = page.frameLocator("#try-storage iframe");
  await expect(storage.getByRole("heading", { name: "eth_getStorageAt" })).toBeVisible();
  await expect(storage.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await send("#try-storage")).toMatch(/^0x[0-9a-f]{64}$/);

  expect(consoleErrors).toEqual([]);
  console.log(`docs site: the page test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
