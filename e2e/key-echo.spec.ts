import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { addLoopbackNetwork, expect, openPlayground, response, sendBody, test } from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * A node that echoes the key back (in an error message, in a result): after exercising the
 * features that show, copy, download, keep or share an answer, the distinctive key is searched for
 * on every surface the page has. Only the key field (its property, not its markup) and the session
 * storage the user chose may hold it.
 */
const KEY = "zz-EchoedSecret-7781";

let node: Awaited<ReturnType<typeof startLoopbackNode>>;
test.beforeAll(async () => {
  node = await startLoopbackNode((path, request) => {
    const echoed = `${node.base}${path}`;
    if (request.method === "eth_getStorageAt")
      return JSON.stringify({
        jsonrpc: "2.0",
        id: request.id,
        result: `key ${path.split("/").pop()} at ${echoed}`,
      });
    return JSON.stringify({
      jsonrpc: "2.0",
      id: request.id,
      error: { code: -32001, message: `unknown project id ${path.split("/").pop()}`, data: { url: echoed } },
    });
  });
});
test.afterAll(() => node.close());

async function surfaces(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const idb = await new Promise<string>((resolve) => {
      const open = indexedDB.open("rpc-playground-history");
      open.onerror = () => resolve("");
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("entries")) return resolve("");
        const all = db.transaction("entries", "readonly").objectStore("entries").getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
        all.onerror = () => resolve("");
      };
    });
    return {
      markup: document.documentElement.outerHTML,
      text: document.body.textContent ?? "",
      url: location.href,
      local: JSON.stringify({ ...localStorage }),
      history: idb,
      clipboard: await navigator.clipboard.readText().catch(() => ""),
    };
  });
}

test("a key the node echoes back is on no surface: views, Raw, copy, downloads, history, share, snippets", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const logs: string[] = [];
  page.on("console", (m) => logs.push(m.text()));
  await openPlayground(page);
  await addLoopbackNetwork(page, "Echo node", node.base);
  await page.getByLabel("API key").fill(KEY);
  const downloads: string[] = [];
  const grab = async (click: () => Promise<void>) => {
    const [d] = await Promise.all([page.waitForEvent("download"), click()]);
    downloads.push(await readFile((await d.path()) ?? "", "utf8"));
  };

  // An error that carries the key, and a result that does.
  for (const [method, params] of [
    ["eth_getBlockByNumber", ["0x1", false]],
    ["eth_getStorageAt", ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"]],
  ] as const) {
    await sendBody(page, method, params);
    const region = response(page);
    await expect(region.getByText("Latency")).toBeVisible();
    await region.getByRole("tab", { name: "Raw" }).click();
    await expect(region).toContainText("<API_KEY>");
    await region.getByRole("button", { name: "Copy JSON" }).click();
    // The text is made a slice at a time: the button says when it is in.
    await expect(region.getByRole("button", { name: "Copied" })).toBeVisible();
    expect((await surfaces(page)).clipboard).toContain("<API_KEY>");
    await grab(() =>
      region
        .getByRole("button", { name: /^Download/ })
        .first()
        .click(),
    );
  }

  // The tools: snippets (redacted unless revealed), history and its export, the share link.
  await page.getByRole("tab", { name: "Code snippets" }).click();
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("tabpanel", { name: "History" });
  await expect(history.getByRole("row").filter({ has: page.getByRole("checkbox") })).toHaveCount(2);
  await grab(() => history.getByRole("button", { name: /Export/ }).click());
  await page.getByRole("button", { name: "Share link" }).click();

  const found = await surfaces(page);
  for (const [surface, text] of Object.entries(found)) expect(text, surface).not.toContain(KEY);
  for (const [i, text] of downloads.entries()) expect(text, `download ${i}`).not.toContain(KEY);
  expect(downloads.join("\n")).toContain("<API_KEY>");
  expect(logs.join("\n")).not.toContain(KEY);
  // The key itself is where the user put it: the field, for this session.
  await expect(page.getByLabel("API key")).toHaveValue(KEY);
});
