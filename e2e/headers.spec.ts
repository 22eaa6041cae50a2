import { type HostServer, startHostServer } from "./embed-host/server.ts";
import { expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

/** The security headers (scripts/security-headers.ts) as a browser meets them on the production build. */

let host: HostServer;
test.beforeAll(async () => {
  host = await startHostServer();
});
test.afterAll(async () => {
  await host?.close();
});

/**
 * The policy on the app's own pages, then the framing rules, on one page (one page load instead of
 * two). The app under its policy goes first: its violations' listener (an init script) stays on the
 * page, which is harmless to the step after it, and it reads the console errors of its own loads.
 * The framing step goes last: it leaves the app's origin for another origin's page that frames it.
 */
test("every page carries a strict policy, and the app runs under it without one violation; no other page can frame the playground; an embed only the pages it lists", async ({
  page,
  consoleErrors,
  baseURL,
}) => {
  await test.step("every page carries a strict policy, and the app runs under it without one violation", async () => {
    const errorsBefore = consoleErrors.length;
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      );
    });
    const answer = await page.goto("/");
    const headers = answer?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    // The devnet's address and key, as the page reads them: not to be sniffed as another type.
    const devnet = await page.request.get("/devnet.json", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(devnet.headers()["x-content-type-options"]).toBe("nosniff");

    await openPlayground(page);
    // Monaco (its workers and styles), a send, the structured view and Raw: all under the policy.
    const editor = page.getByTestId("body-editor");
    await expect(editor.locator(".monaco-editor")).toBeVisible();
    await editor.locator(".view-lines").click();
    await sendButton(page).click();
    await expect(response(page).getByRole("tab", { name: "Raw" })).toBeVisible();
    await response(page).getByRole("tab", { name: "Raw" }).click();
    expect(violations).toEqual([]);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("no other page can frame the playground; an embed only the pages it lists", async () => {
    const app = (baseURL ?? "").replace(/\/$/, "");
    const frameOf = (src: string) =>
      `${host.origin}/host.html?src=${encodeURIComponent(src)}&app=${encodeURIComponent(new URL(app).origin)}`;
    const embed = `${app}/embed?method=eth_getBlockByNumber&network=devnet`;

    // The browser says when it refuses a frame (in the framing page's console): wait for that.
    const refused = () =>
      page.waitForEvent("console", {
        predicate: (m) => m.text().includes("frame-ancestors"),
        timeout: 15_000,
      });

    // The playground inside another origin's page: the browser refuses to show it.
    const playgroundRefused = refused();
    await page.goto(frameOf(`${app}/`));
    expect((await playgroundRefused).text()).toContain("frame-ancestors 'none'");
    await expect(page.frameLocator("#embed").getByRole("combobox", { name: "Network" })).toHaveCount(0);

    // An embed listing this page's origin shows; one listing another origin does not.
    await page.goto(frameOf(`${embed}&origins=${host.origin}`));
    await expect(
      page.frameLocator("#embed").getByRole("heading", { name: "eth_getBlockByNumber" }),
    ).toBeVisible();
    const embedRefused = refused();
    await page.goto(frameOf(`${embed}&origins=https://docs.example.com`));
    expect((await embedRefused).text()).toContain("https://docs.example.com");
    await expect(
      page.frameLocator("#embed").getByRole("heading", { name: "eth_getBlockByNumber" }),
    ).toHaveCount(0);
  });
});
