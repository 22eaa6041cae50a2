import type { Page } from "@playwright/test";
import {
  addLoopbackNetwork,
  bodyText,
  chooseTransport,
  expect,
  openPlayground,
  replaceBody,
  response,
  scrollToEnd,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

/**
 * The app advises, the node decides: a body with problems is listed where it is wrong and goes,
 * exactly as written, after one confirmation (Send anyway, or Ctrl/Cmd+Shift+Enter); invalid JSON,
 * string ids, methods outside the nine and batches reach the devnet and its answers are shown.
 */

const STORE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** STORE with one letter's case flipped: its EIP-55 checksum no longer holds. */
const BAD_CHECKSUM = "0x5fbDB2315678afecb367f032d93F642f64180aa3";

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** A batch of `n` eth_chainId requests, ids 1 to n. */
const chainIdBatch = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "eth_chainId", params: [] }));

/**
 * A node of the caller's own (`answer`, on loopback), added as network `name` on the open
 * playground (which chooses it), a key typed; `run`, then the node closed.
 */
async function onOwnNode(
  page: Page,
  name: string,
  answer: Parameters<typeof startLoopbackNode>[0],
  run: () => Promise<void>,
) {
  const node = await startLoopbackNode(answer);
  try {
    await addLoopbackNetwork(page, name, node.base);
    await page.getByLabel("API key").fill("k");
    await run();
  } finally {
    await node.close();
  }
}
/** The next POST to the node (ids >= 1e9 are the views' own reads, never the user's send). */
const nextPost = (page: Page) =>
  page.waitForRequest(
    (r) => r.method() === "POST" && /\/v3\//.test(r.url()) && !/"id":\s*\d{10}/.test(r.postData() ?? ""),
  );
/** The next WebSocket message the page sends. */
const nextFrame = (page: Page) =>
  new Promise<string>((resolve) => {
    page.on("websocket", (ws) => ws.on("framesent", (f) => resolve(String(f.payload))));
  });

/** A storage read of an address written with a broken checksum, under `id`, as the editor shows it. */
const badChecksumBody = (id: number) =>
  pretty({ jsonrpc: "2.0", id, method: "eth_getStorageAt", params: [BAD_CHECKSUM, "0x0", "latest"] });

/**
 * Three kinds of sending a body with problems, on one page (one page load instead of three). The
 * bad checksum comes first: it checks the Response panel before the page's first answer, and it
 * leaves a confirmation pending, which the next body (its own) replaces; each later send waits for
 * its own id or transport. The string id goes last, as it leaves the Response panel on its Raw tab
 * and the transport on WebSocket.
 */
test('a bad checksum is listed at its field and line; Send asks once, Send anyway sends it byte for byte; Ctrl+Shift+Enter sends a storage key "0xasdf" from the editor and the node\'s own -32602 shows, and from outside the editor sends a bad checksum over WebSocket; params the form cannot hold stay as text with their problem and a form edit keeps them; a method outside the nine is sent at once and answered in the generic JSON view; a string id goes round over WebSocket, is shown as a string, and is left after the send', async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("a bad checksum is listed at its field and line; Send asks once, Send anyway sends it byte for byte", async () => {
    await chooseTransport(page, "HTTP");
    const text = badChecksumBody(5);
    await replaceBody(page, text);
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getStorageAt");
    await expect(page.getByTestId("field-error")).toContainText(/checksum/);
    const problems = page.getByTestId("send-problems");
    await expect(problems).toContainText(/Line 6: Address: The mixed-case checksum/);
    // Send asks first: nothing goes.
    await sendButton(page).click();
    await expect(page.getByTestId("send-confirm")).toContainText("Not sent yet: this body has 1 problem");
    await expect(
      response(page).getByText("Send a request to see its answer here.", { exact: false }),
    ).toBeVisible();
    const anyway = page.getByRole("button", { name: "Send anyway" });
    await expect(anyway).toBeFocused();
    const [request] = await Promise.all([nextPost(page), anyway.click()]);
    expect(request.postData()).toBe(text);
    const details = response(page).getByLabel("Answer details");
    await expect(details).toContainText("as written");
    await expect(details).toContainText("eth_getStorageAt");
    // The body stays as written (sent as written: the id is left).
    expect(await bodyText(page)).toBe(text);

    // A Send clicked while a change typed in the editor is still on its way to the page (handed over
    // after a 120 ms pause) asks about the text typed: a stray letter after a body without problems,
    // the click at once (when the page has not listed the letter's problem yet).
    await replaceBody(
      page,
      pretty({ jsonrpc: "2.0", id: 6, method: "eth_getStorageAt", params: [STORE, "0x0", "latest"] }),
    );
    await expect(problems).toHaveCount(0);
    await page.getByTestId("body-editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("x");
    // The click in the same task as a look at the page: whether its list held the letter's problem yet.
    const listedAtClick = await page.evaluate(() => {
      const listed = document.querySelector("[data-testid=send-problems]") !== null;
      [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send")?.click();
      return listed;
    });
    // On a run slow enough for the 120 ms to pass between the key and the click, the ordinary path is
    // what was checked: said in the report, not failed.
    if (listedAtClick)
      test
        .info()
        .annotations.push({ type: "note", description: "the letter was handed over before the click" });
    await expect(page.getByTestId("send-confirm")).toContainText("Not sent yet: this body has 1 problem");
    // Listed where parsing stopped: the letter after the closing brace, on line 10.
    await expect(problems).toContainText(/Line 10: The body is not valid JSON/);
    await expect(anyway).toBeFocused();
    await expect(details).toContainText("id5");
  });
  await test.step('Ctrl+Shift+Enter sends a storage key "0xasdf" from the editor and the node\'s own -32602 shows, and from outside the editor sends a bad checksum over WebSocket', async () => {
    await test.step('from the editor: a storage key "0xasdf", and the node\'s own -32602', async () => {
      await chooseTransport(page, "HTTP");
      await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
      const text = pretty({
        jsonrpc: "2.0",
        id: 9,
        method: "eth_getProof",
        params: [STORE, ["0xasdf"], "latest"],
      });
      await replaceBody(page, text);
      // The picker and the form follow the body, bad param and all.
      await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getProof");
      await expect(page.getByRole("textbox", { name: "Storage key 1" })).toHaveValue("0xasdf");
      await expect(page.getByTestId("send-problems")).toContainText("Storage key 1");
      // The bad checksum's confirmation was for its own body: none is pending for this one.
      await expect(page.getByTestId("send-confirm")).toHaveText("");
      // Ctrl+Enter asks; Ctrl+Shift+Enter (here, in the editor) sends anyway.
      await page.keyboard.press("ControlOrMeta+Enter");
      await expect(page.getByTestId("send-confirm")).toContainText("Not sent yet");
      await page.getByTestId("body-editor").locator(".view-lines").click();
      const [request] = await Promise.all([nextPost(page), page.keyboard.press("ControlOrMeta+Shift+Enter")]);
      expect(request.postData()).toBe(text);
      // This send's answer (the bad checksum's stays until it comes), then its code.
      await expect(response(page).getByLabel("Answer details")).toContainText(/id9(?!\d)/);
      await expect(response(page).locator('[data-rpc-code="-32602"]')).toBeVisible();
    });
    await test.step("from outside the editor: a bad checksum over WebSocket", async () => {
      await chooseTransport(page, "WebSocket");
      const text = badChecksumBody(11);
      await replaceBody(page, text);
      // The last step's confirmation was for its own body: none is pending for this one.
      await expect(page.getByTestId("send-confirm")).toHaveText("");
      await page.getByRole("heading", { name: "RPC Playground" }).click();
      const frame = nextFrame(page);
      await page.keyboard.press("ControlOrMeta+Shift+Enter");
      expect(await frame).toBe(text);
      await expect(response(page).getByLabel("Answer details")).toContainText("WebSocket");
      await expect(response(page).getByLabel("Answer details")).toContainText(/id11(?!\d)/);
    });
  });
  await test.step("params the form cannot hold stay as text with their problem and a form edit keeps them; a method outside the nine is sent at once and answered in the generic JSON view; a string id goes round over WebSocket, is shown as a string, and is left after the send", async () => {
    await test.step("params the form cannot hold stay as text with their problem, and a form edit keeps them", async () => {
      await replaceBody(
        page,
        pretty({
          jsonrpc: "2.0",
          id: 2,
          method: "eth_getStorageAt",
          params: [STORE, "0x0", "latest", { override: 1 }],
        }),
      );
      const held = page.getByTestId("held-as-text");
      await expect(held).toContainText("Extra params");
      await expect(held.getByRole("textbox")).toHaveValue('[{"override":1}]');
      await expect(held).toContainText("takes 3 params");
      await page.getByRole("textbox", { name: "Storage position" }).fill("0x1");
      await expect
        .poll(async () => JSON.parse(await bodyText(page)).params)
        .toEqual([STORE, "0x1", "latest", { override: 1 }]);
    });
    await test.step("a method outside the nine is sent at once and answered in the generic JSON view", async () => {
      await chooseTransport(page, "HTTP");
      await replaceBody(page, pretty({ jsonrpc: "2.0", id: 4, method: "eth_chainId", params: [] }));
      await expect(page.getByRole("combobox", { name: "Method" }).locator("option:checked")).toHaveText(
        "eth_chainId (no form)",
      );
      await expect(page.getByTestId("form-note")).toContainText("no form for eth_chainId");
      await sendButton(page).click();
      await expect(response(page).getByLabel("Answer details")).toContainText(/id4(?!\d)/);
      await expect(response(page).getByTestId("generic-view")).toContainText("0x7a69");
    });
    await test.step("a string id goes round over WebSocket, is shown as a string, and is left after the send", async () => {
      await chooseTransport(page, "WebSocket");
      const text = pretty({
        jsonrpc: "2.0",
        id: "req-1",
        method: "eth_getBlockByNumber",
        params: ["0x1", false],
      });
      await replaceBody(page, text);
      await expect(page.getByTestId("body-notes")).toContainText(
        "beyond the service spec; accepted by geth, Erigon, Nethermind, Reth",
      );
      await expect(page.getByTestId("send-problems")).toHaveCount(0);
      await sendButton(page).click();
      const details = response(page).getByLabel("Answer details");
      await expect(details).toContainText('id"req-1"');
      await response(page).getByRole("tab", { name: "Raw" }).click();
      await expect(response(page).getByTestId("raw-json")).toContainText('"req-1"');
      expect(JSON.parse(await bodyText(page)).id).toBe("req-1");
    });
  });
});

const BATCH = [
  { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
  { jsonrpc: "2.0", id: "two", method: "eth_getBlockByNumber", params: ["0x1", false] },
  { jsonrpc: "2.0", id: 3, method: "eth_getStorageAt", params: [STORE, "0x0", "latest"] },
];

/**
 * Invalid JSON and a batch, each over both transports, on one page (one page load instead of two):
 * each send waits for its transport's name in the details (the last answer, over the other
 * transport, stays until it comes), then for what only its kind of answer shows.
 */
test("invalid JSON goes out as text and the node's -32700 shows, over HTTP and over WebSocket; a batch of 3 over HTTP and over WebSocket: one view, a tab per request, each matched by id", async ({
  page,
}) => {
  await openPlayground(page);
  const region = response(page);
  await test.step("invalid JSON goes out as text and the node's -32700 shows, over HTTP and over WebSocket", async () => {
    const broken = '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",';
    for (const transport of ["HTTP", "WebSocket"] as const) {
      await test.step(transport, async () => {
        await chooseTransport(page, transport);
        await replaceBody(page, broken);
        await expect(page.getByTestId("send-problems")).toContainText(/not valid JSON/);
        await page.getByRole("button", { name: "Send anyway" }).click();
        // This transport's answer (the last one stays until it comes), then its code.
        await expect(region.getByLabel("Answer details")).toContainText(transport);
        await expect(region.locator('[data-rpc-code="-32700"]')).toBeVisible();
        expect(await bodyText(page)).toBe(broken);
      });
    }
  });
  await test.step("a batch of 3 over HTTP and over WebSocket: one view, a tab per request, each matched by id", async () => {
    for (const transport of ["HTTP", "WebSocket"] as const) {
      await test.step(transport, async () => {
        await chooseTransport(page, transport);
        await replaceBody(page, pretty(BATCH));
        await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("(body)");
        await expect(page.getByRole("combobox", { name: "Method" }).locator("option:checked")).toHaveText(
          "Batch (3 requests)",
        );
        await expect(page.getByTestId("form-note")).toContainText("batch of 3 requests");
        await sendButton(page).click();
        // This transport's answer (the last batch's stays until it comes), then what it shows.
        await expect(region.getByLabel("Answer details").first()).toContainText(transport);
        await expect(region.getByTestId("batch-summary")).toHaveText("Batch: 3 of 3 requests answered.");
        const tabs = region.getByRole("tablist", { name: "Batch requests" });
        await expect(tabs.getByRole("tab")).toHaveText([
          "1. eth_chainId",
          "2. eth_getBlockByNumber",
          "3. eth_getStorageAt",
          "Whole answer",
        ]);
        // The first tab is open on a first batch; a batch sent again keeps the tab last opened.
        if (transport === "WebSocket")
          await expect(tabs.getByRole("tab", { name: "3. eth_getStorageAt" })).toHaveAttribute(
            "aria-selected",
            "true",
          );
        await tabs.getByRole("tab", { name: "1. eth_chainId" }).click();
        await expect(region.getByTestId("generic-view")).toContainText("0x7a69");
        await tabs.getByRole("tab", { name: "2. eth_getBlockByNumber" }).click();
        await expect(region.getByRole("heading", { name: "Block 1" })).toBeVisible();
        await tabs.getByRole("tab", { name: "3. eth_getStorageAt" }).click();
        await expect(region.getByLabel("Answer details").last()).toContainText("id3");
        if (transport === "HTTP") {
          // The history keeps the batch, and its stored answer opens in the same view.
          const tools = page.getByRole("region", { name: "Tools" });
          await tools.getByRole("tab", { name: "History" }).click();
          await expect(tools.getByText("batch", { exact: true }).first()).toBeVisible();
        }
      });
    }
  });
});

/**
 * Two nodes of the test's own answering batches, on one page (one page load instead of two), each
 * added as a network of its own when its step starts. The 100,000-element answer comes first, so
 * its main-thread figure is taken on a page as fresh as it had alone (its CPU slowdown is undone at
 * its end); the forgetful node's batches then wait for their own summaries.
 */
test("a long batch answer (100,000 elements) is a list to pick from; the page stays usable; a batch answer that misses an id says so: beside an unknown one, and in a long batch's list, where its row says why", async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("a long batch answer (100,000 elements) is a list to pick from; the page stays usable", async () => {
    // The node answers each of the 25 requests, then 100,000 elements that answer none of them.
    await onOwnNode(
      page,
      "Chatty node",
      (_path, request) => {
        if (!Array.isArray(request)) return JSON.stringify({ jsonrpc: "2.0", id: request.id, result: "0x1" });
        const own = (request as { id: unknown }[]).map((r) => ({
          jsonrpc: "2.0",
          id: r.id,
          result: "0x7a69",
        }));
        const strays = Array.from({ length: 100_000 }, (_, i) => ({
          jsonrpc: "2.0",
          id: 1e6 + i,
          result: "0x0",
        }));
        return JSON.stringify([...own, ...strays]);
      },
      async () => {
        await replaceBody(page, pretty(chainIdBatch(25)));
        await page.evaluate(() => {
          const w = window as unknown as { __longest: number };
          w.__longest = 0;
          new PerformanceObserver((l) => {
            for (const e of l.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
          }).observe({ type: "longtask" });
        });
        // Judged as issue 20 asks: on a CPU slowed 2x (the figure is printed; a timed assertion would fail on a busy machine).
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 2 });
        await sendButton(page).click();
        const region = response(page);
        await expect(region.getByTestId("batch-summary")).toHaveText(
          "Batch: 25 of 25 requests answered, 100000 answers matching no request.",
          { timeout: 60_000 },
        );
        await expect(region.getByRole("list", { name: "Batch problems" })).toContainText("… and 99,950 more");
        // A list, not 25 tabs: only the rows in view are in the page.
        const list = region.getByRole("table", { name: "Batch requests" });
        await expect(list).toBeVisible();
        expect(await list.getByRole("row").count()).toBeLessThan(40);
        await expect(region.getByTestId("generic-view")).toContainText("0x7a69");
        await list.getByRole("button", { name: "eth_chainId" }).nth(2).click();
        await expect(region.getByRole("region", { name: "Request 3's answer" })).toContainText("id3");
        await region.getByRole("button", { name: "Whole answer" }).click();
        await expect(region.getByRole("region", { name: "Whole answer" })).toBeVisible();
        await expect(sendButton(page)).toBeEnabled();
        const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        console.log(
          // The Long Tasks API reports tasks over 50 ms only: none is not a task of 0 ms.
          `100,000-element batch answer, CPU 2x slower: ${longest > 0 ? `longest main-thread task ${Math.round(longest)} ms` : "no main-thread task over 50 ms"}`,
        );
      },
    );
  });
  await test.step("a batch answer that misses an id says so: beside an unknown one, and in a long batch's list, where its row says why", async () => {
    // A node that forgets: a batch of 2 gets an answer to its first request and one to no request;
    // a longer batch gets an answer to every request but the one with id 30.
    await onOwnNode(
      page,
      "Forgetful node",
      (_path, request) => {
        if (!Array.isArray(request)) return JSON.stringify({ jsonrpc: "2.0", id: request.id, result: "0x1" });
        const batch = request as { id: unknown }[];
        if (batch.length === 2)
          return JSON.stringify([
            { jsonrpc: "2.0", id: 999, result: "0x0" },
            { jsonrpc: "2.0", id: batch[0]?.id, result: "0x7a69" },
          ]);
        return JSON.stringify(
          batch.filter((r) => r.id !== 30).map((r) => ({ jsonrpc: "2.0", id: r.id, result: "0x7a69" })),
        );
      },
      async () => {
        const region = response(page);
        const problems = region.getByRole("list", { name: "Batch problems" });
        await test.step("a batch of 2: one id missing, one answer matching no request", async () => {
          await replaceBody(page, pretty(BATCH.slice(0, 2)));
          await sendButton(page).click();
          await expect(region.getByTestId("batch-summary")).toHaveText(
            "Batch: 1 of 2 requests answered, 1 without an answer, 1 answer matching no request.",
          );
          await expect(problems).toContainText(
            'Missing: request 2 (eth_getBlockByNumber, id "two") got no answer.',
          );
          await expect(problems).toContainText(
            "Unmatched: answer 1 of the array (no request in the batch has id 999)",
          );
          await region.getByRole("tab", { name: "2. eth_getBlockByNumber (missing)" }).click();
          await expect(region.getByText('No answer in the array has id "two"')).toBeVisible();
        });
        await test.step("a batch of 30: the list marks the unanswered one, and its row says why", async () => {
          await replaceBody(page, pretty(chainIdBatch(30)));
          await sendButton(page).click();
          await expect(region.getByTestId("batch-summary")).toContainText("29 of 30 requests answered");
          await expect(problems).toContainText("Missing: request 30 (eth_chainId, id 30) got no answer.");
          // Over 20 requests: a list, not tabs. Its last row, scrolled to, says missing and opens why.
          const row = region.getByRole("table", { name: "Batch requests" }).locator('tr[aria-rowindex="31"]');
          await scrollToEnd(region.getByTestId("virtual-scroll"), row);
          await expect(row.locator("td").last()).toHaveText("missing");
          await row.getByRole("button", { name: "eth_chainId" }).click();
          await expect(region.getByRole("region", { name: "Request 30's answer" })).toContainText(
            "No answer in the array has id 30: the node (or a proxy) left request 30 unanswered.",
          );
        });
      },
    );
  });
});
