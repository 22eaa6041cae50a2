import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type PreviewServer, preview } from "vite";
import { startHostServer } from "./embed-host/server.ts";
import { devnet, expect, response, sendButton, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * A provider's playground.config.json, served for real beside index.html: a copy of the tests'
 * build with the file in it, served by a `vite preview` of this spec's own (the shared build stays
 * without one, as every other spec expects).
 */
async function serveWithConfig(config: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const built = process.env.E2E_BUILD_DIR;
  if (!built) throw new Error("E2E_BUILD_DIR is not set: run the browser tests through playwright.config.ts");
  const dir = mkdtempSync(path.join(path.dirname(path.resolve(built)), "provider-"));
  cpSync(built, dir, { recursive: true });
  writeFileSync(path.join(dir, "playground.config.json"), JSON.stringify(config, null, 2));
  const server: PreviewServer = await preview({
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
    build: { outDir: dir },
    logLevel: "warn",
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview did not report its address");
  return {
    url,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A provider's own chain (here the tests' devnet under another name, id and key group). */
const acme = () => ({
  id: "acme-devnet",
  name: "Acme Devnet",
  kind: "evm",
  base_url: devnet().evm.httpUrl,
  ws_url: devnet().evm.wsUrl,
  chainId: 31337,
  keyGroup: "acme",
  family: "ethereum",
  nativeCurrency: { symbol: "ETH", decimals: 18 },
});

test("a provider's settings file shapes the page: its name, networks, defaults and key", async ({
  page,
  consoleErrors,
}) => {
  const site = await serveWithConfig({
    productName: "Acme Chain Playground",
    networks: [acme()],
    hideNetworks: ["devnet-starknet", "ethereum-hoodi"],
    networkOrder: ["acme-devnet", "ethereum-sepolia"],
    defaultNetwork: "acme-devnet",
    defaultMethod: "eth_getBlockByHash",
    keyLabel: "Project ID",
    getKeyLink: { url: "https://acme.example/keys", text: "Get a Project ID" },
    embedOrigins: ["https://docs.acme.example"],
  });
  try {
    await page.goto(site.url);
    await expect(page.getByRole("heading", { name: "Acme Chain Playground" })).toBeVisible();
    await expect(page).toHaveTitle("Acme Chain Playground");
    // A fresh page opens on the provider's default network and method.
    const picker = page.getByRole("combobox", { name: "Network" });
    await expect(picker).toHaveValue("acme-devnet");
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByHash");
    const names = await picker.locator("option").allTextContents();
    expect(names.slice(0, 2)).toEqual(["Acme Devnet", "Ethereum Sepolia"]);
    expect(names).toContain("Local devnet (Anvil)");
    expect(names).not.toContain("Local devnet (Starknet simulator)");
    expect(names).not.toContain("Ethereum Hoodi");

    // The key is asked for by the provider's name for it, with where to get one.
    const keyField = page.getByLabel("Project ID", { exact: true });
    await expect(keyField).toHaveValue("");
    await expect(page.getByRole("link", { name: "Get a Project ID" })).toHaveAttribute(
      "href",
      "https://acme.example/keys",
    );
    await sendButton(page).click();
    const prompt = page.getByRole("alert").filter({ hasText: "Enter your Project ID for Acme Devnet." });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link", { name: "Get a Project ID" })).toBeVisible();
    await expect(keyField).toBeFocused();

    // A wrong key is said in the provider's words too (the node's own text stays as it came).
    await keyField.fill("not-the-project-id");
    await sendButton(page).click();
    const refused = response(page).getByRole("alert");
    await expect(refused).toContainText("401");
    await expect(refused.locator("p").first()).toContainText("Project ID");
    await expect(refused.locator("p").first()).not.toContainText("API key");
    // The folded details too: the app's sentence names the Project ID, the node's quote stays its own.
    await expect(refused.locator("details")).toContainText(
      "The Project ID was refused (HTTP 401 Unauthorized). The provider answered: Unauthorized: invalid API key",
    );
    // The browser logs the 401 itself ("Failed to load resource"): expected here, not the app's.
    consoleErrors.splice(0);

    // The added network works: with a key, a Send goes to its address and is answered.
    await keyField.fill(devnet().key);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().startsWith(`${devnet().evm.httpUrl}/v3/`),
    );
    await sendButton(page).click();
    expect((await answered).status()).toBe(200);
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
    await expect(page.getByRole("alert").filter({ hasText: "settings file" })).toHaveCount(0);

    // The reader's own choice wins over the provider's default; a stored choice the provider now
    // hides gives way to the default.
    await picker.selectOption("ethereum-sepolia");
    // The address follows the edit (a pause later); a reload before that would reopen the old one.
    await expect(page).toHaveURL(/network=ethereum-sepolia/);
    await page.reload();
    await expect(picker).toHaveValue("ethereum-sepolia");
    expect(consoleErrors).toEqual([]);
    // The stored choice is changed while no page of the app is open (an open page writes its own
    // state back as it goes), before the next page's scripts run.
    const next = await page.context().newPage();
    await page.close();
    await next.addInitScript(() => {
      const state = JSON.parse(localStorage.getItem("rpc-playground:state") ?? "{}");
      state.state.selectedNetworkId = "ethereum-hoodi";
      localStorage.setItem("rpc-playground:state", JSON.stringify(state));
    });
    // Opened without an address of a request (one would name its own network).
    await next.goto(site.url);
    await expect(next.getByRole("combobox", { name: "Network" })).toHaveValue("acme-devnet");

    // The embed and the guide's snippet carry the provider's name too, not "RPC Playground".
    await next.goto(new URL("guide", site.url).href);
    await expect(next.getByRole("heading", { name: "Embed the Acme Chain Playground" })).toBeVisible();
    await expect(next.getByTestId("embed-snippet")).toContainText('title="Acme Chain Playground: ');
    await next.goto(new URL("embed?method=eth_blockNumber&network=acme-devnet", site.url).href);
    await expect(next.getByRole("main", { name: "Acme Chain Playground embed" })).toBeVisible();
    // A one-tag embed on a docs page: embed.js reads no settings; the embed tells it the name.
    const docs = await startHostServer();
    try {
      await next.goto(`${docs.origin}/tags.html?app=${encodeURIComponent(site.url.replace(/\/$/, ""))}`);
      const frame = next.frameLocator("#blocks iframe");
      await expect(frame.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
      await expect(next.locator("#blocks iframe")).toHaveAttribute(
        "title",
        "Acme Chain Playground: eth_getBlockByNumber",
      );
    } finally {
      await docs.close();
    }
  } finally {
    await site.close();
  }
});

test("a settings file with mistakes names each one on the page, and the page works with the rest", async ({
  page,
  consoleErrors,
}) => {
  const site = await serveWithConfig({
    productName: "",
    networks: [{ ...acme(), id: "broken", name: "Broken", base_url: "ftp://rpc.example" }, acme()],
    hideNetworks: ["nowhere"],
    defaultNetwork: "broken",
    keyLabel: "Project ID",
    colour: "blue",
  });
  try {
    await page.goto(site.url);
    const notice = page.getByRole("alert", { name: "Problems in the provider's settings" });
    await expect(notice).toBeVisible();
    for (const said of [
      "playground.config.json: colour: is not a setting",
      "playground.config.json: networks[0].base_url: The HTTP address must start with http:// or https://",
      'playground.config.json: hideNetworks[0]: "nowhere" is not a network',
      'playground.config.json: defaultNetwork: "broken" is not one of the networks shown',
      "playground.config.json: productName: must not be empty",
    ])
      await expect(notice).toContainText(said);
    // What is right applies; what is wrong is left out, with the bundled settings in its place.
    await expect(page.getByRole("heading", { name: "RPC Playground" })).toBeVisible();
    const picker = page.getByRole("combobox", { name: "Network" });
    await expect(picker).toHaveValue("devnet");
    const names = await picker.locator("option").allTextContents();
    expect(names).toContain("Acme Devnet");
    expect(names).not.toContain("Broken");
    const keyField = page.getByLabel("Project ID", { exact: true });
    await expect(keyField).not.toHaveValue("");
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
    await notice.getByRole("button", { name: "Hide these messages" }).click();
    await expect(notice).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  } finally {
    await site.close();
  }
});
