import { expect, test } from "@playwright/test";
import { OMNIBOX_POPUP_FEATURES, SPARE_RENDERER_FEATURES } from "../scripts/chromium-features.ts";

/**
 * The app's loads, on one page (one page load of a browser context instead of three). The first
 * visit goes first: the test's page is a fresh browser's, with nothing stored yet. The load with no
 * console errors then opens `/` again and collects what its own load logs. The load that holds
 * /devnet.json goes last: it sends, and lets /devnet.json through again at its end.
 */
test("a first visit in a fresh browser shows the method's form, filled with its example; the app loads in Chromium with its main screen and no console errors; the page carries the devnet's address and key: the first Send goes to the devnet with /devnet.json held", async ({
  page,
}) => {
  await test.step("a first visit in a fresh browser shows the method's form, filled with its example", async () => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "eth_getBlockByNumber params" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("textbox").first()).not.toHaveValue("");
  });

  await test.step("the app loads in Chromium with its main screen and no console errors", async () => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "RPC Playground" })).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    // Monaco draws one line first, under the textarea, then every line once its code is warm
    // (monaco-mount.ts): once the textarea is gone, the whole body is drawn.
    const editor = page.getByTestId("body-editor");
    await expect(editor.locator(".monaco-editor")).toBeVisible();
    await expect(page.locator("textarea[aria-label='JSON-RPC request body']")).toHaveCount(0);
    const lines = (await editor.getAttribute("data-text"))?.split("\n").length ?? 0;
    expect(lines).toBeGreaterThan(3);
    await expect(editor.locator(".view-line")).toHaveCount(lines);
    expect(errors).toEqual([]);
  });

  await test.step("the page carries the devnet's address and key: the first Send goes to the devnet with /devnet.json held", async () => {
    let asked = false;
    // /devnet.json never answers: the app must not need it when the page carries the config.
    await page.route("**/devnet.json", () => {
      asked = true;
    });
    const html = await (await page.request.get("/", { headers: { accept: "text/html" } })).text();
    expect(html).toContain('<script type="application/json" id="playground-devnet">');
    const cspViolations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await page.goto("/");
    await expect(page.getByLabel("API key")).not.toHaveValue("");
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/v3/"));
    await page.getByRole("button", { name: "Send", exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole("region", { name: "Response" }).getByLabel("Answer details")).toContainText(
      "Latency",
    );
    expect(asked).toBe(false);
    expect(cspViolations).toEqual([]);
    await page.unroute("**/devnet.json");
  });
});

// playwright.config.ts turns the omnibox popup's WebUI and the spare renderer off with a
// --disable-features of its own, which must repeat Playwright's (Chromium reads only the last one).
test("the tests' browser keeps Playwright's disabled features and turns the omnibox popup and the spare renderer off", async ({
  page,
}) => {
  // Playwright's own headless shell (`npx playwright install` on a laptop) may not serve this page;
  // it has no omnibox either.
  const opened = await page.goto("chrome://version").then(
    () => true,
    () => false,
  );
  const shown = opened && (await page.locator("#command_line").count()) > 0;
  test.skip(!shown, "this browser has no chrome://version (a headless shell, which has no omnibox popup)");
  const line = (await page.locator("#command_line").textContent()) ?? "";
  const lists = [...line.matchAll(/--disable-features=(\S+)/g)].map((m) => (m[1] ?? "").split(","));
  const inForce = lists.at(-1) ?? [];
  expect(lists.length).toBeGreaterThan(1);
  for (const list of lists) expect(inForce).toEqual(expect.arrayContaining(list));
  expect(inForce).toEqual(expect.arrayContaining([...OMNIBOX_POPUP_FEATURES, ...SPARE_RENDERER_FEATURES]));
  expect(inForce).toContain("ThirdPartyStoragePartitioning");
});
