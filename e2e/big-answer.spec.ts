import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { SYNTHETIC_BASE, syntheticBlock, syntheticReceipts, variantOf } from "../devnet/gateway/synthetic.ts";
import { shortenHex } from "../src/chain/quantity.ts";
import { AFTER_ANSWER_AT_LATEST_MS } from "../src/send/after-answer.ts";
import {
  answerWorkerReady,
  bodyText,
  countPageFetches,
  expect,
  pageFetches,
  replaceBody,
  response,
  sendButton,
  test,
  trackAnswerWorker,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * A big answer (a synthetic block of 5,000 full transactions, about 6 MB) is read by the answer
 * worker and shown from its first rows while the rest arrive (rpc/answer-parse.ts), over HTTP and
 * over WebSocket; the view and Raw end up with every row. The WebSocket itself lives in the answer
 * worker (rpc/worker-socket.ts): the page opens none, so the message never is a string on the main
 * thread; where no worker can run, the page's own socket serves as before.
 */

/** The synthetic block of 5,000 full transactions (about 6 MB) every test here reads. */
const BIG_BLOCK = `0x${(SYNTHETIC_BASE + 5000).toString(16)}`;

/** The playground opened on eth_getBlockByNumber of BIG_BLOCK with its transactions, over `transport`. */
const bigBlockAddress = (transport: "http" | "ws") =>
  `/?network=devnet&transport=${transport}&method=eth_getBlockByNumber&params=${encodeURIComponent(JSON.stringify([BIG_BLOCK, true]))}`;

/** The flags the page's holds read (`holdAnswerWorkerAfterItsFirstPiece`, `followTimersOf`). */
type Holds = { __holdAnswerWorker?: boolean; __holdFirstPiece?: boolean; __followTimers?: boolean };

/** Sets `holds` in the page; the page's time then. */
const setHolds = (page: Page, holds: Holds) =>
  page.evaluate((h) => {
    Object.assign(window, h);
    return performance.now();
  }, holds);

/** Counts the WebSockets the page itself opens (the address cut before the key). */
function countPageSockets(page: Page) {
  return page.addInitScript(() => {
    const Own = window.WebSocket;
    const w = window as unknown as { __pageSockets: string[] };
    w.__pageSockets = [];
    window.WebSocket = class extends Own {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.__pageSockets.push(String(url).replace(/\/v3\/.*/, "/v3/"));
      }
    };
  });
}

const pageSockets = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pageSockets: string[] }).__pageSockets);

test("a 6 MB block is read off the main thread and shown whole, over HTTP and WebSocket", async ({
  page,
  consoleErrors,
}) => {
  await countPageSockets(page);
  const workerScripts: string[] = [];
  page.on("request", (r) => {
    if (/answer-worker[^/]*\.js$/.test(r.url())) workerScripts.push(r.url());
  });
  for (const transport of ["http", "ws"] as const) {
    await page.goto(bigBlockAddress(transport));
    // The block's contents follow the request's id (devnet/gateway/synthetic.ts): its last row's hash.
    await expect(page.getByTestId("body-plain")).toHaveValue(/"id"/);
    const sentId: unknown = JSON.parse(await bodyText(page)).id;
    const lastHash = syntheticBlock(5000, true, variantOf(sentId)).transactions.at(-1) as { hash: string };
    const hashEnds = shortenHex(lastHash.hash);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const region = response(page);
    await expect(region.getByLabel("Answer details")).toContainText("Latency", { timeout: 30_000 });
    const panel = region.getByRole("tabpanel");
    await expect(panel).toContainText("5,000 transactions");
    // Every row came: the status is gone, and Raw counts them all.
    await expect(region.getByTestId("receiving")).toHaveCount(0);
    // The last row, one the page keeps as its text (chain/row-text.ts), is drawn when scrolled to.
    const rows = panel.getByTestId("virtual-scroll").first();
    await rows.evaluate((b) => b.scrollTo(0, b.scrollHeight));
    // Its index, its hash's ends, its call's selector and its type, read from its text.
    await expect(rows.locator("tbody[data-index]").last()).toContainText(
      new RegExp(`4999[\\s\\S]*${hashEnds}[\\s\\S]*0x5ae401dc[\\s\\S]*EIP-1559`),
    );
    await region.getByRole("tab", { name: "Raw" }).click();
    await expect(region.getByTestId("raw-json")).toContainText("of 5000");
    // Over WebSocket too, no socket of the page's: the devnet's lives in the answer worker.
    expect(await pageSockets(page)).toEqual([]);
  }
  expect(workerScripts.length).toBeGreaterThan(0);

  // Over a lower limit, the message stays in the worker: the request's own bytes download whole.
  await page.getByLabel("Answer limit (MiB)").fill("1");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const alert = response(page).getByRole("alert");
  await expect(alert).toContainText("The answer is over the 1.0 MiB limit");
  await expect(alert).toContainText("in one message; it was not parsed");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    alert.getByRole("button", { name: "Download the answer instead" }).click(),
  ]);
  const saved = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
  expect(saved).toMatchObject({ result: { number: BIG_BLOCK } });
  expect(saved.result.transactions).toHaveLength(5000);
  expect(await pageSockets(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a big block's receipts add up to their totals, over HTTP and WebSocket, each receipt's outline read", async ({
  page,
  consoleErrors,
}) => {
  // 1,500 receipts of 5 logs each (about 6.4 MB): read by the answer worker, which sends their rows'
  // outlines with them (chain/row-text.ts); the totals are added up from those.
  const params = encodeURIComponent(JSON.stringify([`0x${(SYNTHETIC_BASE + 1500).toString(16)}`]));
  await trackAnswerWorker(page);
  const outlined = () => page.evaluate(() => (window as unknown as { __outlined: number }).__outlined);
  for (const transport of ["http", "ws"] as const) {
    await page.goto(`/?network=devnet&transport=${transport}&method=eth_getBlockReceipts&params=${params}`);
    await expect(page.getByTestId("body-plain")).toHaveValue(/"id"/);
    const sentId: unknown = JSON.parse(await bodyText(page)).id;
    const receipts = syntheticReceipts(1500, variantOf(sentId));
    const gasUsed = receipts.reduce((sum, r) => sum + BigInt(r.gasUsed), 0n);
    const logs = receipts.reduce((sum, r) => sum + r.logs.length, 0);
    // Counts the answer worker's slices of rows that came with their outlines.
    await answerWorkerReady(page);
    await page.evaluate(() => {
      const w = window as unknown as { __answerWorker: Worker; __outlined: number };
      w.__outlined = 0;
      w.__answerWorker.addEventListener("message", (e) => {
        if (typeof (e.data as { outlines?: unknown }).outlines === "string") w.__outlined += 1;
      });
    });
    await sendButton(page).click();
    const panel = response(page).getByRole("tabpanel");
    await expect(panel).toContainText("1,500 receipts", { timeout: 30_000 });
    await expect(panel).toContainText(`${gasUsed.toLocaleString("en-US")} gas used`);
    await expect(panel).toContainText(`0 failed`);
    await expect(panel).toContainText(`${logs.toLocaleString("en-US")} logs`);
    await expect(response(page).getByTestId("receiving")).toHaveCount(0);
    expect(await outlined()).toBeGreaterThan(0);
  }
  expect(consoleErrors).toEqual([]);
});

test("a fresh page's first big answer finds its view ready and the worker fetching, and nothing went to the node before Send", async ({
  page,
  consoleErrors,
}) => {
  await countPageFetches(page);
  await trackAnswerWorker(page);
  const toNode: string[] = [];
  page.on("request", (r) => {
    if (/\/v3\//.test(r.url())) toNode.push(r.method());
  });
  // The last of the idle steps after the first screen: the view warmed, unseen, on its small real
  // block (a chunk of its own), once the answer's and the views' code is in.
  const warmBlock = page.waitForResponse(/\/warm-block[^/]*\.js$/);
  await page.goto(bigBlockAddress("http"));
  await warmBlock;
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestIdleCallback(() => requestIdleCallback(done, { timeout: 2000 }), { timeout: 2000 }),
      ),
  );
  expect(toNode).toEqual([]);
  // The answer worker starts in idle time too, on its own; on a loaded machine it may say it runs
  // only after the view's warm-up (a clean-clone run clicked Send before it did, and the page fetched).
  await answerWorkerReady(page);
  // What the Response region showed on the way: a Suspense fallback (never: the view is warm), rows
  // while the rest came (only when the page is behind at the body's end: rows that fit in two
  // slices come ahead of the first piece, answer-worker.ts AHEAD_OF_FIRST, and the answer is drawn
  // once, whole; this page on this machine may or may not be).
  // And how many rows the table's first render drew (components/ui/VirtualTable.tsx: those that
  // fill its box and one more; the rest of its overscan comes in idle time).
  await page.evaluate(() => {
    const seen = new Set<string>();
    const w = window as unknown as { __seen: Set<string>; __firstDrawn?: number };
    w.__seen = seen;
    const region = document.querySelector("section[aria-busy]") ?? document.body;
    new MutationObserver(() => {
      if (region.textContent?.includes("Loading the view")) seen.add("fallback");
      if (region.querySelector("[data-testid=receiving]") && region.querySelector("tbody[data-index] tr"))
        seen.add("rows while receiving");
      const box = region.querySelector("[data-testid=virtual-scroll]");
      if (box && w.__firstDrawn === undefined)
        w.__firstDrawn = box.querySelectorAll("tbody[data-index]").length;
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const region = response(page);
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);
  const seen = await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen]);
  expect(seen).not.toContain("fallback");
  // 480 px of rows estimated at 28 px, and one more; once the page is idle, rows past the box's
  // bottom edge are there too, for a scroll to find.
  const firstDrawn = await page.evaluate(() => (window as unknown as { __firstDrawn?: number }).__firstDrawn);
  expect(firstDrawn).toBeGreaterThan(0);
  expect(firstDrawn).toBeLessThanOrEqual(19);
  const box = region.getByTestId("virtual-scroll").first();
  await expect
    .poll(() =>
      box.evaluate((b) => {
        const bottom = b.getBoundingClientRect().bottom;
        return [...b.querySelectorAll("tbody[data-index]")].filter(
          (t) => t.getBoundingClientRect().top >= bottom,
        ).length;
      }),
    )
    .toBeGreaterThanOrEqual(5);
  // The answer worker, started in idle time, sent the request and read the body at the network's
  // pace; the page fetched nothing of the node (rpc/answer-parse.ts, fetchInWorker).
  expect(await pageFetches(page)).toBe(0);
  await expect(region.getByLabel("Answer details")).toContainText(/Size\s*5.6 MiB\s*HTTP\s*200/);
  // What the send left for after its answer (the next id) came once its last row was in.
  await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(2);
  expect(consoleErrors).toEqual([]);
});

test("where the answer worker is refused, the page's own WebSocket brings the 6 MB block whole", async ({
  page,
  consoleErrors,
}) => {
  // The answer worker is refused (as a policy may), Monaco's workers still start.
  await page.addInitScript(() => {
    const Own = window.Worker;
    window.Worker = class extends Own {
      constructor(url: string | URL, options?: WorkerOptions) {
        if (String(url).includes("answer-worker")) throw new DOMException("refused", "SecurityError");
        super(url, options);
      }
    };
  });
  await countPageSockets(page);
  await page.goto(bigBlockAddress("ws"));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const region = response(page);
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  expect(await pageSockets(page)).toEqual([expect.stringContaining("/ws/v3/")]);
  expect(consoleErrors).toEqual([]);
});

/**
 * A page behind its answer worker, however fast the machine: once `window.__holdAnswerWorker` is
 * set, the worker's messages wait until its answer's first piece comes (the text is all in), then
 * reach the page in order, a task each; the ones after wait until `window.__releaseAnswerWorker()`.
 * The worker posts as many slices as the page may have in flight and stops there, so the rows
 * left do not go ahead of the first piece (answer-worker.ts AHEAD_OF_FIRST): the page draws the
 * first rows, and the rest are still to come. With `window.__holdFirstPiece` set too, only the
 * word that a body is all in (`fetched`, its time in `window.__fetchedAt`) or a socket's word
 * (a big message held) reaches the page; the first piece and all after it wait
 * for the release (the first piece held: its time in `window.__firstHeldAt`), and reach the page
 * in one task: the page knows a big answer is on its way and shows it as still waited for.
 * `window.__stopsPosted` counts the page's words to the worker that a job's rows are not wanted.
 */
function holdAnswerWorkerAfterItsFirstPiece(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as {
      __holdAnswerWorker?: boolean;
      __holdFirstPiece?: boolean;
      __fetchedAt?: number;
      __firstHeldAt?: number;
      __stopsPosted?: number;
      __releaseAnswerWorker?: () => void;
    };
    w.__stopsPosted = 0;
    const Own = window.Worker;
    window.Worker = class extends Own {
      override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]) {
        if (typeof message === "object" && message !== null && "stop" in message)
          w.__stopsPosted = (w.__stopsPosted ?? 0) + 1;
        Reflect.apply(Own.prototype.postMessage, this, [message, options]);
      }
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (!String(url).includes("answer-worker")) return;
        let page: ((e: MessageEvent) => void) | null = null;
        const held: MessageEvent[] = [];
        let firstCame = false;
        const deliver = () => {
          for (const one of held.splice(0)) setTimeout(() => page?.(one));
        };
        // The held messages reach the page in one task: rows the page asks for once released
        // cannot overtake the first piece it held (and leave no rows to come after it).
        w.__releaseAnswerWorker = () => {
          w.__holdAnswerWorker = false;
          const all = held.splice(0);
          setTimeout(() => {
            for (const one of all) page?.(one);
          });
        };
        super.onmessage = (e: MessageEvent) => {
          if (!w.__holdAnswerWorker) return page?.(e);
          if (w.__holdFirstPiece && "fetched" in (e.data as object)) {
            w.__fetchedAt = performance.now();
            return page?.(e);
          }
          if (w.__holdFirstPiece && "sock" in (e.data as object)) return page?.(e);
          held.push(e);
          if (w.__holdFirstPiece) {
            if ("first" in (e.data as object)) w.__firstHeldAt = performance.now();
            return;
          }
          if (firstCame || !("first" in (e.data as object))) return;
          firstCame = true;
          deliver();
        };
        Object.defineProperty(this, "onmessage", {
          get: () => page,
          set: (f: ((e: MessageEvent) => void) | null) => {
            page = f;
          },
        });
      }
    };
  });
}

test("a Send while a big answer's rows still arrive stops them; the new answer comes whole", async ({
  page,
  consoleErrors,
}) => {
  await holdAnswerWorkerAfterItsFirstPiece(page);
  await page.goto(bigBlockAddress("http"));
  const region = response(page);
  const send = sendButton(page);
  await expect(send).toBeEnabled();
  // The second Send goes the moment "Receiving…" shows (a watcher in the page: the rows may all
  // be in before a poll from here would see it).
  const resent = page.evaluate(
    () =>
      new Promise<void>((done) => {
        const w = window as unknown as { __holdAnswerWorker?: boolean; __releaseAnswerWorker?: () => void };
        w.__holdAnswerWorker = true;
        const observer = new MutationObserver(() => {
          if (!document.querySelector("[data-testid=receiving]")) return;
          observer.disconnect();
          [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send")?.click();
          // The stopped answer's held rows reach the page now, after the new Send.
          w.__releaseAnswerWorker?.();
          done();
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }),
  );
  await send.click();
  await resent;
  await expect(region.getByLabel("Answer details")).toContainText(/id\s*2/, { timeout: 30_000 });
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions");
  await expect(region.getByTestId("receiving")).toHaveCount(0);
  // The stopped answer's rows went nowhere: the new one holds its 5,000, no more.
  await region.getByRole("tab", { name: "Raw" }).click();
  await expect(region.getByTestId("raw-json")).toContainText("of 5000");
  expect(consoleErrors).toEqual([]);
});

/**
 * Follows the page's timers of `ms` set once `window.__followTimers` is true: `__timersPending`
 * counts those neither run nor cleared, `__timersFollowed` all of them (the state "the send's
 * second is up", AfterAnswer's timer, without a sleep of that length here).
 */
function followTimersOf(page: Page, ms: number) {
  return page.addInitScript((delay) => {
    type Followed = { __followTimers?: boolean; __timersPending: number; __timersFollowed: number };
    const w = window as unknown as Followed;
    w.__timersPending = 0;
    w.__timersFollowed = 0;
    const pending = new Set<number>();
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    const settle = (id: number) => {
      if (pending.delete(id)) w.__timersPending = pending.size;
    };
    window.setTimeout = ((run: TimerHandler, wait?: number, ...args: unknown[]) => {
      if (!w.__followTimers || wait !== delay || typeof run !== "function") return set(run, wait, ...args);
      const id: number = set(() => {
        settle(id);
        run(...args);
      }, wait);
      pending.add(id);
      w.__timersPending = pending.size;
      w.__timersFollowed += 1;
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) settle(id);
      clear(id);
    }) as typeof window.clearTimeout;
  }, ms);
}

/**
 * A page on the 5,000-transaction block over HTTP, its answer worker held at will and the send's
 * one-second timer followed; sent once, whole (the devnet has made the block, the page's view and
 * worker are warm), the body then at id 2.
 */
async function warmBigBlockPage(page: Page) {
  await holdAnswerWorkerAfterItsFirstPiece(page);
  await followTimersOf(page, AFTER_ANSWER_AT_LATEST_MS);
  await page.goto(bigBlockAddress("http"));
  const region = response(page);
  await sendButton(page).click();
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);
  await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(2);
  return region;
}

/**
 * The second after which the work of a send without an answer runs is up (the send's timer has run
 * or was cleared), and two idle turns after it: the body's rewrite with the next id would land there.
 */
async function theSecondIsUp(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as { __timersPending: number; __timersFollowed: number };
    return w.__timersFollowed > 0 && w.__timersPending === 0;
  });
  await page.evaluate(
    () => new Promise<void>((idle) => requestIdleCallback(() => requestIdleCallback(() => idle()))),
  );
}

test("the body's next id waits for a big answer's last row, also past the second it waits for an answer at the most", async ({
  page,
  consoleErrors,
}) => {
  const region = await warmBigBlockPage(page);
  await setHolds(page, { __holdAnswerWorker: true, __followTimers: true });
  const clicked = Date.now();
  await sendButton(page).click();
  await expect(region.getByTestId("receiving")).toBeVisible({ timeout: 30_000 });
  const firstRowsAfter = Date.now() - clicked;
  // The rows are held past the second: the next id would land between the rows' slices.
  await theSecondIsUp(page);
  await expect(region.getByTestId("receiving")).toBeVisible();
  // (Only where the first rows came within that second: this hold keeps the slices before them
  // from the page too, so that later the page could not know that rows were on their way.)
  if (firstRowsAfter < AFTER_ANSWER_AT_LATEST_MS - 200) expect(JSON.parse(await bodyText(page)).id).toBe(2);
  await page.evaluate(() =>
    (window as unknown as { __releaseAnswerWorker?: () => void }).__releaseAnswerWorker?.(),
  );
  await expect(region.getByTestId("receiving")).toHaveCount(0, { timeout: 30_000 });
  await expect(region.getByLabel("Answer details")).toContainText(/id\s*2/);
  await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(3);
  expect(consoleErrors).toEqual([]);
});

test("a Cancel while a big answer is read, past the second the next id waits for it, writes the next id", async ({
  page,
  consoleErrors,
}) => {
  const region = await warmBigBlockPage(page);
  const sentAt = await setHolds(page, {
    __holdAnswerWorker: true,
    __holdFirstPiece: true,
    __followTimers: true,
  });
  await sendButton(page).click();
  // The body is all in at the worker, its first piece held: the send is still waited for.
  const cancel = region.getByRole("button", { name: "Cancel request" });
  await expect(cancel).toBeVisible();
  const fetchedAt = await page.waitForFunction(
    () => (window as unknown as { __fetchedAt?: number }).__fetchedAt,
  );
  await theSecondIsUp(page);
  // Held past the second for the big answer's rows: the body still shows the id it sent (where
  // the page heard of the body within that second; later, the second had let the work go).
  if (((await fetchedAt.jsonValue()) ?? 0) - sentAt < AFTER_ANSWER_AT_LATEST_MS - 200)
    expect(JSON.parse(await bodyText(page)).id).toBe(2);
  await cancel.click();
  await expect(region.getByRole("alert")).toContainText(/cancel/i);
  // The rows it waited for will not come: the next id is written now, not at the next Send.
  await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(3);
  expect(consoleErrors).toEqual([]);
});

test("a Cancel while a big WebSocket answer is read: cancelled, its rows stop, and the next Send shows its answer", async ({
  page,
  consoleErrors,
}) => {
  await holdAnswerWorkerAfterItsFirstPiece(page);
  await page.goto(bigBlockAddress("ws"));
  const region = response(page);
  await setHolds(page, { __holdAnswerWorker: true, __holdFirstPiece: true });
  await sendButton(page).click();
  // The message is all in, held in the worker, the page told of it; the worker read it, its first
  // piece held back (with the rows ahead of it: the rest is left to come after it).
  await page.waitForFunction(() => (window as unknown as { __firstHeldAt?: number }).__firstHeldAt);
  await region.getByRole("button", { name: "Cancel request" }).click();
  await expect(region.getByRole("alert")).toContainText(/cancel/i);
  // Its first piece and rows come after all: nobody wants them, and the page says so to the worker.
  await page.evaluate(() =>
    (window as unknown as { __releaseAnswerWorker: () => void }).__releaseAnswerWorker(),
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __stopsPosted: number }).__stopsPosted))
    .toBeGreaterThan(0);
  await expect(region.getByRole("alert")).toContainText(/cancel/i);
  await sendButton(page).click();
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("while a big answer is being drawn, the last one stays outlined and the panel busy: never passed off as the new one", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(
    `/?network=devnet&transport=http&method=eth_getBlockByNumber&params=${encodeURIComponent(JSON.stringify(["0x6", false]))}`,
  );
  await sendButton(page).click();
  const region = response(page);
  await expect(region.getByRole("heading", { name: "Block 6" })).toBeVisible();
  await replaceBody(
    page,
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "eth_getBlockByNumber", params: [BIG_BLOCK, true] }),
  );
  // From the next Send on, block 6 is the last answer: whenever it shows, the Waiting line's
  // outline holds it, and once the big answer is in (drawn in a transition, ResponsePanel.tsx)
  // the panel says it is busy until that one is drawn.
  await page.evaluate(() => {
    const w = window as unknown as { __passedOff: string[] };
    w.__passedOff = [];
    const section = document.querySelector("section[aria-busy]");
    if (!section) throw new Error("no Response panel");
    new MutationObserver(() => {
      const last = [...section.querySelectorAll("h3")].some((h) => h.textContent?.trim() === "Block 6");
      if (!last) return;
      const outlined = section.querySelector("[data-testid=last-answer]") !== null;
      const waiting = (section.textContent ?? "").includes("Waiting for the answer");
      const busy = section.getAttribute("aria-busy") === "true";
      if (!outlined || !busy) w.__passedOff.push(`outlined ${outlined}, busy ${busy}, waiting ${waiting}`);
    }).observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
    [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send")?.click();
  });
  await expect(region.getByRole("tabpanel")).toContainText("5,000 transactions", { timeout: 30_000 });
  await expect(region.getByTestId("receiving")).toHaveCount(0);
  await expect(region.getByTestId("last-answer")).toHaveCount(0);
  await expect(
    page.locator("section[aria-busy=false]").filter({ has: page.getByRole("heading", { name: "Response" }) }),
  ).toHaveCount(1);
  const { passedOff } = await page.evaluate(() => ({
    passedOff: (window as unknown as { __passedOff: string[] }).__passedOff,
  }));
  expect(passedOff).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

// A block's transactions (1,000 full ones, 1.2 MB) and a block's receipts (400, 2,000 logs, 1.7 MB),
// both read on the page; the devnet's synthetic blocks change with the request's id
// (devnet/gateway/synthetic.ts), so the second Send brings rows never drawn.
for (const { what, method, params, count } of [
  {
    what: "block",
    method: "eth_getBlockByNumber",
    params: [SYNTHETIC_BASE + 1000, true],
    count: "1,000 transactions",
  },
  {
    what: "block's receipts",
    method: "eth_getBlockReceipts",
    params: [SYNTHETIC_BASE + 400],
    count: "400 receipts",
  },
]) {
  test(`a new ${what} in a table already drawn: the top of the box first, then the box filled, every row the new one's`, async ({
    page,
    consoleErrors,
  }) => {
    const tagged = params.map((p) => (typeof p === "number" ? `0x${p.toString(16)}` : p));
    await page.goto(`/?network=devnet&method=${method}&params=${encodeURIComponent(JSON.stringify(tagged))}`);
    const region = response(page);
    const box = region.getByTestId("virtual-scroll").first();
    /** The rows' hashes: each row's hash cell holds the full hash as its title. */
    const HASHES = "tbody[data-index] td:nth-child(2) span[title]";
    const drawnHashes = () =>
      box.evaluate(
        (b, hashes) => [...b.querySelectorAll(hashes)].map((s) => s.getAttribute("title")),
        HASHES,
      );
    await sendButton(page).click();
    await expect(region.getByRole("tabpanel")).toContainText(count, { timeout: 30_000 });
    // The box's 480 px of rows (about 29 px each) are drawn, and some past its bottom edge.
    await expect.poll(async () => (await drawnHashes()).length).toBeGreaterThanOrEqual(16);
    const old = new Set(await drawnHashes());
    // What the first change of the rows drew: how many, and whether any was the old block's.
    await box.evaluate(
      (b, { oldHashes, hashes }) => {
        const w = window as unknown as { __firstNew?: { drawn: number; old: number } };
        const first = () => b.querySelector(hashes)?.getAttribute("title");
        const before = first();
        new MutationObserver((_, observer) => {
          if (first() === before) return;
          const titles = [...b.querySelectorAll(hashes)].map((s) => s.getAttribute("title"));
          w.__firstNew = {
            drawn: titles.length,
            old: titles.filter((t) => oldHashes.includes(t ?? "")).length,
          };
          observer.disconnect();
        }).observe(b, { subtree: true, childList: true, characterData: true, attributes: true });
      },
      { oldHashes: [...old], hashes: HASHES },
    );
    await sendButton(page).click();
    const firstNewOf = () =>
      page.evaluate(() => (window as unknown as { __firstNew?: { drawn: number; old: number } }).__firstNew);
    await expect.poll(firstNewOf).toBeTruthy();
    const firstNew = (await firstNewOf()) as { drawn: number; old: number };
    // The top quarter of the box (120 px: five rows and a part) in the render that shows the new block.
    expect(firstNew.old).toBe(0);
    expect(firstNew.drawn).toBeGreaterThan(0);
    expect(firstNew.drawn).toBeLessThanOrEqual(6);
    // Then the whole box and past it, every row the new block's.
    await expect.poll(async () => (await drawnHashes()).length).toBeGreaterThanOrEqual(16);
    const now = await drawnHashes();
    expect(now.filter((h) => old.has(h))).toEqual([]);
    await expect(region.getByRole("tabpanel")).toContainText(count);
    expect(consoleErrors).toEqual([]);
  });
}
