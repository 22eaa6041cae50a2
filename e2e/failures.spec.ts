import type { Page } from "@playwright/test";
import {
  answerWorkerReady,
  chooseEvmDevnet,
  chooseTransport,
  countPageFetches,
  devnet,
  expect,
  openPlayground,
  pageFetches,
  pickFaultyNode,
  response,
  sendBody,
  sendButton,
  test,
  trackAnswerWorker,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const faults: { name: string; expect: RegExp }[] = [
  { name: "rate-limit", expect: /rate limit/i },
  { name: "forbidden", expect: /rejected by the key's settings|403/i },
  { name: "credit", expect: /402|credit|plan/i },
  { name: "plain-401", expect: /401.*API key/i },
  { name: "html-502", expect: /502/ },
  { name: "not-json", expect: /not JSON/i },
  { name: "bad-id", expect: /id does not match/i },
  { name: "no-cors", expect: /Failed to fetch|could not reach|CORS/i },
];

/**
 * The faults one after another on one page, each on a network of its own (one page load instead of
 * eight: about 3 s of CPU each on 2 cores). Each Send's message must differ from the last one's: the
 * last answer stays until the next replaces it, and "its own clear message" is the point.
 */
test("each HTTP fault gets its own clear message", async ({ page }) => {
  // Sent by the answer worker (it sends every request once it runs: rpc/answer-parse.ts,
  // fetchInWorker), the page's own fetch counted to be sure. Before it runs the page sends them:
  // src/rpc/http.test.ts reads these statuses on that path.
  await trackAnswerWorker(page);
  await countPageFetches(page);
  await openPlayground(page);
  const alert = response(page).getByRole("alert");
  let last = "";
  for (const f of faults) {
    await test.step(f.name, async () => {
      const name = `Faulty ${f.name}`;
      await pickFaultyNode(page, name, f.name);
      // The examples' reading settles first: its note appearing above the form moves the Send button.
      await expect(page.getByTestId("examples-note")).toContainText(
        new RegExp(`^(Could not read examples from|Examples from) ${name}\\b`),
      );
      await answerWorkerReady(page);
      const before = await pageFetches(page);
      await sendButton(page).click();
      if (last) await expect(alert).not.toHaveText(last);
      await expect(alert).toContainText(f.expect);
      last = (await alert.textContent()) ?? "";
      expect(await pageFetches(page)).toBe(before);
    });
  }
});

/** HTTP and the default 30 s timeout: what a step on a node that never answers starts from. */
async function httpWithDefaultTimeout(page: Page) {
  await chooseTransport(page, "HTTP");
  await page.getByLabel("Timeout (seconds)").fill("30");
}

/**
 * Eight short failures on one page (one page load instead of eight), each faulty node a custom
 * network of its own. The answer whose code cannot download comes first: its routes abort the
 * answer's and the views' chunks from the page's first load, before any answer has brought them,
 * and it unroutes both. The worker that broke comes last: the page goes on without its answer
 * worker from then on. Each step picks its network (and key), transport and timeout at its start,
 * and its message differs from the one the step before left on screen: the null result's "Not
 * found", the wrong key's 401, the cancel and the 1 s timeout, the Anvil answer, the dropped
 * socket, the set-aside id, the worker's loss. The wrong key's step puts the devnet's key back.
 */
test("an answer whose code cannot download says so in the Response panel; the request stays, and Try again shows the answer; a null result is shown as not found, not as an error; a wrong key is reported as a key problem; a request that never answers times out with a message, and can be cancelled; a Send that replaces a waiting one shows its answer, never the stopped one as cancelled; a WebSocket drop fails the pending request clearly, then the socket reconnects; over WebSocket, an answer with another id is set aside: the request times out and says why; a request the page's answer worker loses (the worker broke) says so in the panel, and the next Send works", async ({
  page,
}) => {
  // The page's own requests to a node are counted: the worker sends them once it runs.
  await trackAnswerWorker(page);
  await countPageFetches(page);

  await test.step("an answer whose code cannot download says so in the Response panel; the request stays, and Try again shows the answer", async () => {
    // The answer's code and the views' are chunks of their own (lazy-answer.ts, views/registry.ts),
    // as on a connection that drops.
    const answerChunk = /\/assets\/AnswerView-[^/]*\.js$/;
    const viewsChunk = /\/assets\/all-views-[^/]*\.js$/;
    await page.route(answerChunk, (route) => route.abort());
    await page.route(viewsChunk, (route) => route.abort());
    await openPlayground(page);
    await page.getByRole("textbox", { name: "Block number" }).fill("0x6");
    await sendButton(page).click();
    const failed = response(page)
      .getByRole("alert")
      .filter({ hasText: /^Could not show the answer/ });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText("its code could not download (is the network down?)");
    await expect(failed).toContainText("your request is as you left it");
    await expect(failed).not.toContainText("/assets/");
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x6");
    await expect(sendButton(page)).toBeEnabled();

    // The answer's code now comes; its views' does not: the view says so, with the answer's details
    // above it and the answer to download as it came.
    await page.unroute(answerChunk);
    await failed.getByRole("button", { name: "Try again" }).click();
    const viewFailed = response(page)
      .getByRole("alert")
      .filter({ hasText: /^Could not show this answer's view/ });
    await expect(viewFailed).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(response(page).getByLabel("Answer details")).toContainText("eth_getBlockByNumber");
    await expect(viewFailed.getByRole("button", { name: "Download answer as it came" })).toBeVisible();
    // The Raw tab's tree is the answer's code, not the views': it shows the answer (the View tab's
    // message stayed in its place before: both tabs' panels were one error boundary).
    await response(page).getByRole("tab", { name: "Raw" }).click();
    await expect(response(page).getByTestId("raw-json")).toContainText('"number": "0x6"');
    await expect(response(page).getByRole("alert")).toHaveCount(0);
    await response(page).getByRole("tab", { name: "View" }).click();
    await expect(viewFailed).toBeVisible();

    await page.unroute(viewsChunk);
    await viewFailed.getByRole("button", { name: "Try again" }).click();
    await expect(response(page).getByRole("heading", { name: "Block 6" })).toBeVisible();
    await expect(viewFailed).toHaveCount(0);
  });

  await test.step("a null result is shown as not found, not as an error", async () => {
    await chooseEvmDevnet(page);
    // A block hash no block has (a number after the head says "not mined yet": chain-head.spec.ts).
    await sendBody(page, "eth_getBlockByHash", [`0x${"ab".repeat(32)}`, false]);
    await expect(response(page).getByRole("status")).toContainText("Not found");
    await expect(response(page).getByRole("alert")).toHaveCount(0);
  });

  await test.step("a wrong key is reported as a key problem", async () => {
    await chooseEvmDevnet(page);
    await page.getByLabel("API key").fill("not-the-key");
    await sendButton(page).click();
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText(/API key/i);
    await expect(alert).toContainText("401");
    await expect(page.locator("body")).not.toContainText("not-the-key");
    await page.getByLabel("API key").fill(devnet().key);
  });

  await test.step("a request that never answers times out with a message, and can be cancelled", async () => {
    await httpWithDefaultTimeout(page);
    await pickFaultyNode(page, "Silent", "never");
    await sendButton(page).click();
    // While it waits, the panel names the request it waits for.
    await expect(response(page).getByText(/Waiting for the answer to eth_\w+…/)).toBeVisible();
    await response(page).getByRole("button", { name: "Cancel request" }).click();
    await expect(response(page).getByRole("alert")).toContainText(/cancel/i);
    await page.getByLabel("Timeout (seconds)").fill("1");
    await sendButton(page).click();
    await expect(response(page).getByRole("alert")).toContainText(/no answer within 1 s/i);
  });

  await test.step("a Send that replaces a waiting one shows its answer, never the stopped one as cancelled", async () => {
    await httpWithDefaultTimeout(page);
    await pickFaultyNode(page, "Silent again", "never");
    await sendButton(page).click();
    await expect(response(page).getByRole("button", { name: "Cancel request" })).toBeVisible();
    // Watch the answer panel from now on for any word of a cancelled request (until the step's end).
    await page.evaluate(() => {
      const w = window as unknown as { sawCancelled: boolean; cancelWatch: MutationObserver };
      w.sawCancelled = false;
      w.cancelWatch = new MutationObserver(() => {
        const alert = document.querySelector("section [role=alert]");
        if (alert && /cancel/i.test(alert.textContent ?? "")) w.sawCancelled = true;
      });
      w.cancelWatch.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await chooseEvmDevnet(page);
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText("Local devnet");
    expect(await page.evaluate(() => (window as unknown as { sawCancelled: boolean }).sawCancelled)).toBe(
      false,
    );
    await page.evaluate(() =>
      (window as unknown as { cancelWatch: MutationObserver }).cancelWatch.disconnect(),
    );
  });

  await test.step("a WebSocket drop fails the pending request clearly, then the socket reconnects", async () => {
    await pickFaultyNode(page, "Dropping", "ws-drop");
    await chooseTransport(page, "WebSocket");
    await sendButton(page).click();
    await expect(response(page).getByRole("alert")).toContainText(/connection (dropped|closed)/i);
    await expect(page.getByLabel("WebSocket state")).toContainText(/reconnecting|connecting|open/);
  });

  await test.step("over WebSocket, an answer with another id is set aside: the request times out and says why", async () => {
    await pickFaultyNode(page, "Id changer", "bad-id");
    await chooseTransport(page, "WebSocket");
    await page.getByLabel("Timeout (seconds)").fill("1");
    await sendButton(page).click();
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText(/no answer within 1 s/i);
    await expect(alert).toContainText(
      "Meanwhile the node sent 1 message with an id no request was waiting for",
    );
    await expect(alert).toContainText("send over HTTP");
    await expect(page.getByLabel("WebSocket state")).toContainText(
      "1 unmatched message set aside: its id answered no request",
    );
  });

  await test.step("a request the page's answer worker loses (the worker broke) says so in the panel, and the next Send works", async () => {
    await httpWithDefaultTimeout(page);
    await pickFaultyNode(page, "Silent to the worker", "never");
    await answerWorkerReady(page);
    const before = await pageFetches(page);
    await sendButton(page).click();
    await expect(response(page).getByText(/Waiting for the answer to eth_\w+…/)).toBeVisible();
    // The worker sent it, not the page.
    expect(await pageFetches(page)).toBe(before);
    // The worker breaks (its error event, as a crash fires it).
    await page.evaluate(() => {
      const worker = (window as unknown as { __answerWorker: Worker }).__answerWorker;
      worker.onerror?.(new ErrorEvent("error", { message: "crashed" }));
    });
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText("This page stopped waiting for the answer");
    await expect(alert).toContainText(/not the node, which may have received it/);
    // The page goes on without the worker: the next request is its own, and it is answered.
    await chooseEvmDevnet(page);
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText(/HTTP\s*200/);
    expect(await pageFetches(page)).toBeGreaterThan(before);
  });
});
