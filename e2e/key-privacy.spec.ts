import { devnet, expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const SECRET = "sEcReT-kEy-1234567890";

async function storageDump(page: import("@playwright/test").Page) {
  return page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
}

/**
 * The key's privacy, on one page. The reveal comes first, while the field still holds the devnet's
 * key; the foreign page's read comes last, as it leaves the app for another origin.
 */
test("the key is revealed only on request, stays out of the page text, the URL and local storage unless remembered, and another page on this machine cannot read the devnet's key from /devnet.json", async ({
  page,
  baseURL,
}) => {
  await openPlayground(page);
  const key = page.getByLabel("API key");

  await test.step("the key is revealed only on request", async () => {
    await page.getByRole("button", { name: "Reveal key" }).click();
    await expect(key).toHaveAttribute("type", "text");
    await expect(key).toHaveValue(devnet().key);
    await page.getByRole("button", { name: "Hide key" }).click();
    await expect(key).toHaveAttribute("type", "password");
  });

  await test.step("the key stays out of the page text, the URL and local storage unless remembered", async () => {
    await expect(key).toHaveAttribute("type", "password");
    await key.fill(SECRET);
    await sendButton(page).click();
    await expect(response(page).getByRole("alert")).toContainText("401");
    expect(await page.locator("body").textContent()).not.toContain(SECRET);
    // Nor in any attribute: a controlled input would mirror it into value="…" in the markup.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(SECRET);
    await expect(page.locator(`[value="${SECRET}"]`)).toHaveCount(0);
    expect(page.url()).not.toContain(SECRET);
    const s1 = await storageDump(page);
    expect(s1.local).not.toContain(SECRET);
    expect(s1.session).toContain(SECRET);

    await page.getByLabel("Remember on this device").check();
    const s2 = await storageDump(page);
    expect(s2.local).toContain(SECRET);
    expect(s2.session).not.toContain(SECRET);
    await page.reload();
    await expect(key).toHaveValue(SECRET);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(SECRET);

    await page.getByLabel("Remember on this device").uncheck();
    const s3 = await storageDump(page);
    expect(s3.local).not.toContain(SECRET);
  });

  await test.step("another page on this machine cannot read the devnet's key from /devnet.json", async () => {
    // Own origin: the app reads it.
    const own = await page.evaluate(async () => (await fetch("/devnet.json")).status);
    expect(own).toBe(200);
    // Another origin on loopback (the gateway's): Vite would answer its CORS request; the guard does not.
    await page.goto(`${devnet().evm.httpUrl}/`);
    const foreign = await page.evaluate(async (url) => {
      try {
        const res = await fetch(url);
        return { status: res.status, text: await res.text() };
      } catch (e) {
        return { status: 0, text: String(e) };
      }
    }, `${baseURL}/devnet.json`);
    expect(foreign.text).not.toContain(devnet().key);
    expect([0, 403]).toContain(foreign.status);
  });
});
