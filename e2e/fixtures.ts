import { type BrowserContext, test as base, expect, type Locator, type Page } from "@playwright/test";

/** Where the devnet of this test run listens (set by e2e/global-setup.ts). */
export type DevnetInfo = {
  evm: { httpUrl: string; wsUrl: string };
  starknet: { httpUrl: string; wsUrl: string };
  key: string;
};

export function devnet(): DevnetInfo {
  const raw = process.env.E2E_DEVNET;
  if (!raw) throw new Error("E2E_DEVNET is not set: run the browser tests through playwright.config.ts");
  return JSON.parse(raw) as DevnetInfo;
}

/** Asks the devnet's EVM node directly, as a test's own reference (or a foreign node) would: its `result`. */
export async function askDevnet(method: string, params: unknown[]): Promise<unknown> {
  const { evm, key } = devnet();
  const res = await fetch(`${evm.httpUrl}/v3/${key}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/**
 * Before any script of a page of the test's own `page`, the playground's stored choices get the plain
 * text box for the body (settings' `editor`) unless they name an editor already. Runs in every
 * document, so it must not throw where storage is blocked or the origin is opaque.
 */
function choosePlainEditor() {
  try {
    const key = "rpc-playground:state";
    const record = JSON.parse(localStorage.getItem(key) ?? "null") ?? { state: {}, version: 1 };
    if (record.state?.editor) return;
    record.state = { ...record.state, editor: "plain" };
    localStorage.setItem(key, JSON.stringify(record));
  } catch {
    // Storage blocked or an opaque origin: the page keeps its default editor.
  }
}

/**
 * Before any script of a page, a log of where the pointer's presses and clicks landed, of focus
 * moves, of shifts of the layout (and what moved), and of elements holding a button that left the
 * document (the last 300, with their times).
 * A failed test prints it (`inputLog`): a click Playwright made that the page did not act on then
 * says where it went (two Send clicks lost on CI were a lazy part above Send growing as it loaded:
 * docs/decisions.md, "Nothing above Send grows as it loads").
 */
function recordInput() {
  const log: string[] = [];
  const note = (line: string) => {
    log.push(`${performance.now().toFixed(1)} ${line}`);
    if (log.length > 300) log.shift();
  };
  Object.defineProperty(window, "__inputLog", { value: log });
  const name = (t: EventTarget | null) => {
    if (!(t instanceof Element)) return String(t);
    const label = t.getAttribute("aria-label") ?? t.getAttribute("data-testid") ?? t.textContent ?? "";
    return `<${t.tagName.toLowerCase()}> "${label.replace(/\s+/g, " ").trim().slice(0, 30)}"`;
  };
  for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "focusin"])
    window.addEventListener(
      type,
      (e) => note(`${type} ${name(e.target)}${e.defaultPrevented ? " (prevented)" : ""}`),
      true,
    );
  // A shift of the layout moves what a click aims at (a lazy part above Send growing as it loads).
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node }[];
      })[])
        note(
          `layout shift ${e.value.toFixed(3)} of ${(e.sources ?? []).map((x) => name(x.node ?? null)).join(", ")}`,
        );
    }).observe({ type: "layout-shift", buffered: true });
  } catch {
    // No layout-shift entries in this browser: the rest is logged.
  }
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.removedNodes)
        if (n instanceof Element && (n.matches("button") || n.querySelector("button")))
          note(`removed ${name(n)}`);
  }).observe(document, { subtree: true, childList: true });
}

/** Records the input of every page of `context` (see recordInput); the test's own context does. */
export const recordInputOf = (context: BrowserContext) => context.addInitScript(recordInput);

export const test = base.extend<{ consoleErrors: string[]; plainEditor: boolean; inputLog: undefined }>({
  context: async ({ context }, use) => {
    await recordInputOf(context);
    await use(context);
  },
  /** A failed test prints each open page's input log (recordInput), so a lost click can be read. */
  inputLog: [
    async ({ context, browser }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const c of new Set([context, ...browser.contexts()]))
        for (const p of c.pages()) {
          const log = await p
            .evaluate(() => (window as unknown as { __inputLog?: string[] }).__inputLog?.join("\n"))
            .catch(() => undefined);
          if (log) console.log(`Input log of ${p.url()} (ms since its load):\n${log}`);
        }
    },
    { auto: true },
  ],
  /**
   * `test.use({ plainEditor: true })`: the spec's page opens with the body in the plain text box,
   * as a user who chose it would (Monaco is never loaded). For the specs whose subject is not the
   * editor: Monaco's load was about half of a page load's main-thread time, and such a spec ran
   * about a fifth faster on 2 cores (docs/decisions.md, "The browser tests' time on 2 cores").
   * The editor's own specs, the keyboard, responsive and accessibility walks keep Monaco.
   */
  plainEditor: [false, { option: true }],
  page: async ({ page, plainEditor }, use) => {
    if (!plainEditor) return use(page);
    // On every page of the context: a second tab the spec opens (tabs.spec.ts) starts plain too.
    await page.context().addInitScript(choosePlainEditor);
    // The script writes the store's key and format as the app keeps them (state/store.ts): if
    // either changes, the page loads Monaco again. Said here, not left to make the specs slower.
    const monaco: string[] = [];
    page.on("request", (r) => {
      // The embed keeps its settings for the page alone (it reads none stored): it loads Monaco.
      const embed = /\/embed(\.html)?([?#]|$)/.test(new URL(r.frame().url()).pathname);
      if (!embed && /\/assets\/monaco-[^/]*\.js$/.test(r.url())) monaco.push(r.url());
    });
    await use(page);
    expect(
      monaco,
      "a spec that asked for the plain text box loaded Monaco: does choosePlainEditor (e2e/fixtures.ts) still write the store's key and format?",
    ).toEqual([]);
  },
  /** Console errors and uncaught page errors, collected so a test can assert there were none. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };

export async function openPlayground(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("combobox", { name: "Network" })).toBeVisible();
  // The devnet's key arrives with /devnet.json.
  await expect(page.getByLabel("API key")).not.toHaveValue("");
}

/** Opens the playground on the devnet's Starknet network (the Starknet simulator). */
export async function openStarknetDevnet(page: Page) {
  await openPlayground(page);
  await chooseStarknetDevnet(page);
}

/** Chooses the devnet's EVM network (Anvil) on an open playground, with the devnet's key. */
export async function chooseEvmDevnet(page: Page) {
  await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Local devnet (Anvil)" });
  await page.getByLabel("API key").fill(devnet().key);
}

/** Chooses the transport the next send goes over. */
export const chooseTransport = (page: Page, transport: "HTTP" | "WebSocket") =>
  page.getByRole("radiogroup", { name: "Transport" }).getByText(transport, { exact: true }).click();

/** Chooses the devnet's Starknet network on an open playground, and waits for its method. */
export async function chooseStarknetDevnet(page: Page) {
  await page
    .getByRole("combobox", { name: "Network" })
    .selectOption({ label: "Local devnet (Starknet simulator)" });
  await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("starknet_getBlockWithTxHashes");
}

export function response(page: Page) {
  return page.getByRole("region", { name: "Response" });
}

/**
 * Replaces the editor's text as a user pasting would: select all, then a real paste event with the
 * text on its clipboard data (typing would trigger Monaco's auto-closing of brackets and quotes).
 * In the plain text box, the text is filled in.
 */
export async function replaceBody(page: Page, text: string) {
  const editor = page.getByTestId("body-editor");
  const plain = page.getByTestId("body-plain");
  await expect(editor.locator(".monaco-editor").or(plain)).toBeVisible();
  // The plain text box (`plainEditor`): filled as typing would, in one input event. A fill that
  // meets the app's write of the next id keeps its select-all (useKeptSelection.ts), so it is not
  // filled again here: a box that lost it would fail the check below.
  if (await plain.isVisible()) {
    await plain.fill(text);
    await expect(plain).toHaveValue(text);
    return;
  }
  await editor.locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
  await expect(editor).toHaveAttribute("data-text", text);
}

/** Puts the editor's cursor just before `tail`, the end of its (one-line) text: End, then one ArrowLeft a character. */
export async function cursorBefore(page: Page, tail: string) {
  await page.keyboard.press("End");
  for (let i = 0; i < tail.length; i++) await page.keyboard.press("ArrowLeft");
}

/**
 * Switches the colour scheme the page sees and waits until the page and its frames have re-themed
 * (the app follows the system's scheme when no theme is chosen, and marks it as `data-theme`).
 */
export async function colorScheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  for (const frame of page.frames())
    await frame.waitForFunction((t) => (document.documentElement.dataset.theme ?? t) === t, theme);
}

/** Counts the requests to a node (`/v3/`) the page itself fetches (not its workers), read by `pageFetches`. */
export function countPageFetches(page: Page) {
  return page.addInitScript(() => {
    const own = window.fetch.bind(window);
    const w = window as unknown as { __pageFetches: number };
    w.__pageFetches = 0;
    window.fetch = (input, init) => {
      if (/\/v3\//.test(input instanceof Request ? input.url : String(input))) w.__pageFetches += 1;
      return own(input, init);
    };
  });
}

export const pageFetches = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pageFetches: number }).__pageFetches);

/**
 * Keeps the page's answer worker at hand (`window.__answerWorker`) and notes when it says it runs
 * (`answerWorkerReady`): from then on the worker sends the HTTP requests (rpc/answer-parse.ts,
 * `fetchInWorker`), before it the page does.
 */
export function trackAnswerWorker(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __answerWorker?: Worker; __workerReady?: boolean };
    const Own = window.Worker;
    window.Worker = class extends Own {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (!String(url).includes("answer-worker")) return;
        w.__answerWorker = this;
        this.addEventListener("message", (e) => {
          if ((e.data as { ready?: boolean }).ready) w.__workerReady = true;
        });
      }
    };
  });
}

/** Waits until the answer worker said it runs (`trackAnswerWorker`). */
export const answerWorkerReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __workerReady?: boolean }).__workerReady === true);

/**
 * The number of entries in the page's browser history (its tab's session history), once the work
 * the last send left for after its answer has run: it runs after the answer's frame, one job per
 * idle turn (the next id, then the entry's push), so a frame and three idle turns queued behind it
 * come after all of it. Counted any sooner, a send's push could land after the count.
 */
export const historyLength = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(done));
    for (let i = 0; i < 3; i++) await new Promise((done) => requestIdleCallback(done, { timeout: 1000 }));
    return window.history.length;
  });

/**
 * Waits until a send's entry is in the browser's history: it is pushed once the answer is painted
 * and the page is idle, and a Back in that instant is a traversal the push overtakes (a Back before
 * it is corrected: address-entries.ts). A user's Back comes later than a test's.
 */
export async function entryPushed(page: Page, entriesBefore: number): Promise<number> {
  await expect.poll(() => historyLength(page)).toBe(entriesBefore + 1);
  return entriesBefore + 1;
}

/** The Send button of the request panel. */
export function sendButton(page: Page) {
  return page.getByRole("button", { name: "Send", exact: true });
}

/** Selects the method, pastes a request with these params (id 1) into the editor and sends it. */
export async function sendBody(page: Page, method: string, params: unknown) {
  await page.getByRole("combobox", { name: "Method" }).selectOption(method);
  await replaceBody(page, JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));
  await sendButton(page).click();
}

/**
 * Sends `method` with `params` under the id `id` and waits until the Response panel shows that
 * answer: on a page that sends several, each id new, a check that follows reads this answer, never
 * the one before it (which stays on screen until the next replaces it).
 */
export async function sendAnswered(page: Page, method: string, params: unknown, id: number) {
  await page.getByRole("combobox", { name: "Method" }).selectOption(method);
  await replaceBody(page, JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  await sendButton(page).click();
  await expect(response(page).getByLabel("Answer details")).toContainText(new RegExp(`id${id}(?!\\d)`));
}

/**
 * Scrolls a virtualized list to its end until `target` is rendered: the list measures its rows
 * as they appear, so the first jump may stop short of the last one.
 */
export async function scrollToEnd(scroller: Locator, target: Locator) {
  await expect(async () => {
    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(target).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The editor's current text, read from Monaco's own model through the page (or the plain text box's). */
export async function bodyText(page: Page): Promise<string> {
  const plain = page.getByTestId("body-plain");
  if ((await plain.count()) > 0) return plain.inputValue();
  const editor = page.getByTestId("body-editor");
  await expect(editor).toHaveAttribute("data-text", /./);
  return editor.evaluate((el) => el.getAttribute("data-text") ?? "");
}

export async function addCustomNetwork(
  page: Page,
  name: string,
  baseUrl: string,
  wsUrl: string,
  kind: "evm" | "starknet" = "evm",
  /** The chain id typed in the editor: a catalog chain's brings its family, coin and explorer. */
  chainId?: number,
) {
  await page.getByRole("button", { name: "Custom networks" }).click();
  const dialog = page.getByRole("dialog", { name: "Custom networks" });
  await dialog.getByLabel("Name").fill(name);
  if (kind === "starknet") await dialog.getByLabel("Chain kind").selectOption("starknet");
  await dialog.getByLabel(/HTTP base address/).fill(baseUrl);
  await dialog.getByLabel(/WebSocket base address/).fill(wsUrl);
  if (chainId !== undefined) await dialog.getByLabel(/Chain id/).fill(String(chainId));
  await dialog.getByRole("button", { name: "Add network" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();
}

/**
 * A custom network on a loopback node (e2e/loopback-node.ts) at `httpUrl` (its base, or a path
 * under it): the node answers WebSocket on the same port and path.
 */
export const addLoopbackNetwork = (
  page: Page,
  name: string,
  httpUrl: string,
  kind: "evm" | "starknet" = "evm",
  chainId?: number,
) => addCustomNetwork(page, name, httpUrl, httpUrl.replace(/^http/, "ws"), kind, chainId);

/**
 * Adds and picks a custom network `name` whose node answers with the devnet's fault `fault`
 * (devnet/gateway/faults.ts), key filled in.
 */
export async function pickFaultyNode(page: Page, name: string, fault: string) {
  const { evm, key } = devnet();
  await addCustomNetwork(page, name, `${evm.httpUrl}/faults/${fault}`, `${evm.wsUrl}/faults/${fault}`);
  await page.getByLabel("API key").fill(key);
}

/** The playground on a faulty custom network: {@link pickFaultyNode} on a page just opened. */
export async function openOnFaultyNode(page: Page, name: string, fault: string) {
  await openPlayground(page);
  await pickFaultyNode(page, name, fault);
}

/** The playground on a custom network whose node never answers (the devnet's `never` fault), key filled in. */
export const openOnSilentNode = (page: Page) => openOnFaultyNode(page, "Silent", "never");

/** The playground on a custom network whose node answers after 3 s (the devnet's `slow` fault), key filled in. */
export const openOnSlowNode = (page: Page) => openOnFaultyNode(page, "Slow node", "slow");

/**
 * Holds the page's requests to `url` (a slow network) until the returned `release` is called; they
 * then go on as they were.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** What the playground keeps in the browser's storage (its persisted store), as written: "" before anything. */
export const keptState = (page: Page): Promise<string> =>
  page.evaluate(() => localStorage.getItem("rpc-playground:state") ?? "");

/** Nothing scrolls the page sideways (code and tables scroll inside their own boxes). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, view, widest } = await page.evaluate(() => {
    // The outermost elements that reach past the screen's right edge, to name the culprit.
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const outer = wide.filter((el) => !wide.some((o) => o !== el && o.contains(el)));
    return {
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
      widest: outer.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
    };
  });
  expect(scroll, `the page is wider than the screen: ${widest.join(" | ")}`).toBeLessThanOrEqual(view);
}
