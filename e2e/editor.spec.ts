import type { Locator, Page } from "@playwright/test";
import axe from "axe-core";
import {
  bodyText,
  cursorBefore,
  entryPushed,
  expect,
  historyLength,
  holdRequests,
  keptState,
  openOnSlowNode,
  openPlayground,
  replaceBody,
  response,
  sendButton,
  test,
} from "./fixtures.ts";

/** The body's line that names its method (the body as the editor writes it, a key a line). */
const lineOfMethod = (text: string) => text.split("\n").find((l) => l.includes('"method"'));

/**
 * In `box` (a textarea holding the body, on a node that answers after 3 s): sends it with
 * Ctrl+Enter, selects it all while the answer comes, waits for the app's write of the next id
 * (`nextId`, in the app's own layout), then types a body, which must replace the whole text.
 * Returns what was typed.
 */
async function selectAllThroughNextId(page: Page, box: Locator, nextId: number): Promise<string> {
  await box.press("ControlOrMeta+Enter");
  await expect(response(page).getByRole("button", { name: "Cancel request" })).toBeVisible();
  await box.press("ControlOrMeta+A");
  await expect(box).toHaveValue(new RegExp(`"id": ${nextId}(?!\\d)`), { timeout: 15_000 });
  await expect(box).toBeFocused();
  const mine = '{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}';
  await page.keyboard.insertText(mine);
  await expect(box).toHaveValue(mine);
  return mine;
}

/** A well-formed request for eth_getBlockByNumber that the method's schema accepts. */
const validBody = '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}';

/**
 * Six short cases of the editor on one page (one page load instead of six). The schema's comes
 * first: it counts the JSON workers from the page's first load. The invalid body comes before any
 * send (the Response panel still invites the first one), and it and the form edit start from a
 * valid body with no squiggle, so each reads its own markers and fields. The completion and hover
 * step moves the mouse off its hover at its end. The next id comes near the end: it is the first
 * send, and it starts from the method's own (one line a key) body, picked anew from the method
 * picker; typing through a send's answer goes on from where it left the cursor.
 */
test("the editor validates against the method's schema (wrong type squiggled), with one JSON worker; an invalid body shows a marker, lists the reason beside Send anyway, and keeps what was typed; a form edit rewrites the body, and a body edit updates the form; the editor completes block tags and shows the spec's description on hover; a body the app writes anew shows from its first column; a send's next id changes only the id: the cursor stays where it was, and typing goes on there, also when the rewrite drops a space; typing on through a send's answer keeps every key", async ({
  page,
}) => {
  await test.step("the editor validates against the method's schema (wrong type squiggled), with one JSON worker", async () => {
    // The JSON language restarts its worker whenever its schemas are set: bound after the worker
    // started, the first schema made the page start a second one.
    const jsonWorkers: string[] = [];
    page.on("worker", (w) => {
      if (/json\.worker/.test(w.url())) jsonWorkers.push(w.url());
    });
    await openPlayground(page);
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest","yes"]}',
    );
    await expect(page.getByTestId("body-editor").locator(".squiggly-error").first()).toBeVisible();
    expect(jsonWorkers).toHaveLength(1);
    // Another method binds nothing new (one schema holds every method's params): the same worker
    // checks the new method's params at once.
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await expect(page.getByTestId("body-editor").locator(".squiggly-error")).toHaveCount(0);
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":2,"method":"eth_getStorageAt","params":["0x5FbDB2315678afecb367f032d93F642f64180aa3","0x0","latest","0x1"]}',
    );
    await expect(page.getByTestId("body-editor").locator(".squiggly-error").first()).toBeVisible();
    expect(jsonWorkers).toHaveLength(1);
  });

  await test.step("an invalid body shows a marker, lists the reason beside Send anyway, and keeps what was typed", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await replaceBody(page, validBody);
    await expect(page.getByTestId("body-editor").locator(".squiggly-error")).toHaveCount(0);
    const broken = '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",';
    await replaceBody(page, broken);
    const send = sendButton(page);
    await expect(send).toBeEnabled();
    await expect(page.getByTestId("send-problems")).toContainText(/not valid JSON/i);
    await expect(page.getByRole("button", { name: "Send anyway" })).toBeVisible();
    // Monaco's JSON worker answered: a marker squiggle is in the editor.
    await expect(page.getByTestId("body-editor").locator(".squiggly-error").first()).toBeVisible();
    expect(await bodyText(page)).toBe(broken);
    // A well-formed body with a bad param: the form field says what is wrong.
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["yesterday",false]}',
    );
    await expect(page.getByTestId("send-problems")).toContainText(/Line 1: Block/);
    await expect(page.getByTestId("field-error")).toContainText(/block/i);
    // Ctrl+Enter asks for the one confirmation instead of sending.
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(page.getByTestId("send-confirm")).toContainText("Not sent yet");
    await expect(
      response(page).getByText("Send a request to see its answer here.", { exact: false }),
    ).toBeVisible();
  });

  await test.step("a form edit rewrites the body, and a body edit updates the form", async () => {
    await replaceBody(page, validBody);
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    // Form -> body
    await page.getByLabel("Full transactions").check();
    await expect.poll(() => bodyText(page)).toContain('"eth_getBlockByNumber"');
    await expect.poll(async () => JSON.parse(await bodyText(page)).params[1]).toBe(true);
    // Body -> form
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":7,"method":"eth_getBlockByNumber","params":["0x2",false]}',
    );
    await expect(page.getByLabel("Full transactions")).not.toBeChecked();
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
    // Body that names another method switches the method picker and its form.
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":8,"method":"eth_getUncleByBlockNumberAndIndex","params":["latest","0x0"]}',
    );
    await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue(
      "eth_getUncleByBlockNumberAndIndex",
    );
  });

  await test.step("the editor completes block tags and shows the spec's description on hover", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await replaceBody(page, '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["",false]}');
    const editor = page.getByTestId("body-editor");
    await cursorBefore(page, '",false]}');
    // Typing in the string opens Monaco's suggestions, from the schema's enum of tags.
    await page.keyboard.type("f");
    const suggest = page.locator(".suggest-widget");
    await expect(suggest).toContainText("finalized");
    await page.keyboard.press("Escape");

    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}',
    );
    // A hover can come back empty (once in a clean-clone CI run: the box shown, no text, likely
    // asked before Monaco's JSON worker read the new body), and a mouse resting there asks no more:
    // move off and hover again until it answers.
    const tag = editor.locator(".view-line span span", { hasText: /^"latest"$/ }).first();
    await expect(async () => {
      await page.mouse.move(0, 0);
      await tag.hover();
      await expect(page.locator(".monaco-hover").first()).toContainText(/Block number/, { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    await page.mouse.move(0, 0);
  });

  await test.step("a body the app writes anew shows from its first column, not scrolled as the last one was", async () => {
    const slot = `0x${"ab".repeat(32)}`;
    await replaceBody(
      page,
      `{"jsonrpc":"2.0","id":1,"method":"eth_getStorageAt","params":["0x5fbdb2315678afecb367f032d93f642f64180aa3","${slot}","latest"]}`,
    );
    // The cursor at the end of the one long line: the editor scrolls right to show it.
    await page.keyboard.press("End");
    const scrolledBy = () =>
      page
        .getByTestId("body-editor")
        .locator(".lines-content")
        .evaluate((el) => Math.abs(Number.parseFloat((el as HTMLElement).style.left || "0")));
    await expect.poll(scrolledBy).toBeGreaterThan(0);
    // Another method, picked outside the editor, whose body has a line as wide as the editor (the
    // block's hash): it is read from its first column.
    await page.getByRole("combobox", { name: "Method" }).focus();
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByHash");
    await expect.poll(() => bodyText(page)).toContain('"eth_getBlockByHash"');
    await expect.poll(scrolledBy).toBe(0);
  });

  await test.step("a send's next id changes only the id: the cursor stays where it was, and typing goes on there", async () => {
    // The method picked anew writes its own body, a key a line (the last step left eth_getBlockByHash's).
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await expect.poll(() => bodyText(page)).toContain('"eth_getBlockByNumber"');
    const before = JSON.parse(await bodyText(page)) as { id: number };
    // The cursor after `"method": "eth_getBlockByNumber",` (the line after the id's), then Ctrl+Enter sends.
    await page.getByTestId("body-editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+Home");
    const text = await bodyText(page);
    const methodLine = text.split("\n").findIndex((l) => l.includes('"method"'));
    for (let i = 0; i < methodLine; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
    await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(before.id + 1);
    await page.keyboard.type(" ");
    const lines = (await bodyText(page)).split("\n");
    expect(lines[methodLine]).toMatch(/"eth_getBlockByNumber", $/);
  });

  await test.step("a body the next id rewrites in canonical form (a space dropped) keeps the cursor where it was", async () => {
    // The last step left a space at the end of the method's line, the cursor after it.
    const before = JSON.parse(await bodyText(page)) as { id: number };
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(response(page).getByLabel("Answer details")).toContainText(
      new RegExp(`id${before.id}(?!\\d)`),
    );
    await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(before.id + 1);
    expect(lineOfMethod(await bodyText(page))).toMatch(/",$/);
    await page.keyboard.type("Z");
    expect(lineOfMethod(await bodyText(page))).toMatch(/"eth_getBlockByNumber",Z$/);
    // As the next step expects it: a space after the comma.
    await page.keyboard.press("Backspace");
    await page.keyboard.type(" ");
  });

  await test.step("typing on right after a send keeps every key: the next id does not replace text the page has not heard yet", async () => {
    const before = JSON.parse(await bodyText(page)) as { id: number };
    const entries = await historyLength(page);
    // Which came first in the page, the first key typed or the body's rewrite with the next id.
    await page.evaluate((next) => {
      const seen: string[] = [];
      (window as unknown as { firstOfTwo: string[] }).firstOfTwo = seen;
      const host = document.querySelector('[data-testid="body-editor"]');
      const rewrite = new MutationObserver(() => {
        if (!host?.getAttribute("data-text")?.includes(`"id": ${next},`)) return;
        seen.push("next id");
        rewrite.disconnect();
      });
      if (host) rewrite.observe(host, { attributes: true, attributeFilter: ["data-text"] });
      const key = (e: KeyboardEvent) => {
        if (e.key.length !== 1) return;
        seen.push("key");
        removeEventListener("keydown", key, true);
      };
      addEventListener("keydown", key, true);
    }, before.id + 1);
    // Ctrl+Enter, then keys every 25 ms (the editor tells the page of typing after a 120 ms pause):
    // the answer and the body's rewrite with the next id come while they are still being typed.
    await page.keyboard.press("ControlOrMeta+Enter");
    const typed = "keepthesekeys".repeat(3);
    await page.keyboard.type(typed, { delay: 25 });
    await expect(response(page).getByLabel("Answer details")).toContainText(
      new RegExp(`id${before.id}(?!\\d)`),
    );
    // The work the send left for after its answer (the next id, then its history entry) is done.
    await entryPushed(page, entries);
    const text = await bodyText(page);
    // The next id comes after the answer's frame, in idle time: mostly while keys wait to be heard,
    // and then the body is the user's and keeps the id sent; on a loaded machine before the first
    // key, and then the keys go on in the body with the next id, rewritten in canonical form (the
    // space after the method's comma, left by the last step, dropped).
    const order = await page.evaluate(() => (window as unknown as { firstOfTwo: string[] }).firstOfTwo);
    const rewrittenFirst = order[0] === "next id";
    // A rewrite after the first key (of the id alone, or of the whole body) is the fault this step
    // looks for: then both are seen, the key first. Either way every key is in place.
    expect(order).toEqual(rewrittenFirst ? ["next id", "key"] : ["key"]);
    expect(lineOfMethod(text)).toMatch(
      new RegExp(`"eth_getBlockByNumber",${rewrittenFirst ? "" : " "}${typed}$`),
    );
    expect(text).toContain(`"id": ${rewrittenFirst ? before.id + 1 : before.id},`);
  });
});

test("before Monaco loads, a plain textarea holds the body: typed into, sent, then handed to Monaco", async ({
  page,
  consoleErrors,
}) => {
  // Monaco's chunk is held: the page works without it until it is let through.
  const release = await holdRequests(page, /\/assets\/monaco-[^/]*\.js$/);
  await openPlayground(page);
  const plain = page.getByRole("textbox", { name: "JSON-RPC request body" });
  await expect(plain).toHaveValue(/"method": ?"eth_getBlockByNumber"/);
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toHaveCount(0);
  const mine = JSON.stringify({
    jsonrpc: "2.0",
    id: 41,
    method: "eth_getBlockByNumber",
    params: ["0x1", false],
  });
  await plain.fill(mine);
  await sendButton(page).click();
  await expect(response(page).getByLabel("Answer details")).toContainText(/id\s*41(?!\d)/);
  await expect(response(page).getByRole("heading", { name: "Block 1" })).toBeVisible();
  release();
  // Monaco takes over with the same body (its id moved on to the next one after the send).
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
  const text = await bodyText(page);
  expect(JSON.parse(text)).toMatchObject({ id: 42, method: "eth_getBlockByNumber", params: ["0x1", false] });
  expect(consoleErrors).toEqual([]);
});

test.describe("in a browser set to a dark scheme", () => {
  test.use({ colorScheme: "dark" });

  test("Monaco comes in its dark theme with the body's settings (13 px, line numbers, no minimap); switched to the light theme, it follows", async ({
    page,
    consoleErrors,
  }) => {
    await openPlayground(page);
    const editor = page.getByTestId("body-editor").locator(".monaco-editor");
    await expect(editor).toBeVisible();
    // The theme is set in a step before the editor is made, and its settings given to Monaco's
    // configuration before it (monaco-mount.ts): the editor made shows both.
    await expect(editor).toHaveClass(/(^|\s)vs-dark(\s|$)/);
    await expect(editor.locator(".view-lines")).toHaveCSS("font-size", "13px");
    await expect(editor.locator(".line-numbers").first()).toBeVisible();
    await expect(editor.locator(".minimap").first()).toBeHidden();
    await page.getByRole("combobox", { name: "Theme" }).selectOption("light");
    await expect(editor).toHaveClass(/(^|\s)vs(\s|$)/);
    await expect(editor).not.toHaveClass(/\bvs-dark\b/);
    expect(consoleErrors).toEqual([]);
  });

  test("the theme switched while Monaco is being made (its element there, its last steps to come): the editor comes in the theme of now", async ({
    page,
    consoleErrors,
  }) => {
    // The moment Monaco's element is in the page, the page's theme goes to light: the editor was
    // made dark, and is handed over a few idle steps later (monaco-mount.ts).
    await page.addInitScript(() => {
      const switchTheme = () => {
        if (!document.querySelector("[data-testid=body-editor] .monaco-editor")) return false;
        const select = [...document.querySelectorAll("select")].find((s) =>
          [...s.options].some((o) => o.value === "system"),
        );
        if (!select) return false;
        select.value = "light";
        select.dispatchEvent(new Event("change", { bubbles: true }));
        return true;
      };
      const watch = new MutationObserver(() => {
        if (switchTheme()) watch.disconnect();
      });
      addEventListener("DOMContentLoaded", () =>
        watch.observe(document.body, { childList: true, subtree: true }),
      );
    });
    await openPlayground(page);
    const editor = page.getByTestId("body-editor").locator(".monaco-editor");
    await expect(page.getByRole("combobox", { name: "Theme" })).toHaveValue("light");
    await expect(editor).toHaveClass(/(^|\s)vs(\s|$)/);
    await expect(editor).not.toHaveClass(/\bvs-dark\b/);
    expect(consoleErrors).toEqual([]);
  });
});

test("before Monaco loads, a select-all in the textarea made while the answer comes stays one through the next id the app writes; Monaco then takes what was typed", async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/monaco-[^/]*\.js$/);
  // A node that answers after 3 s: the select-all comes before the app writes the next id.
  await openOnSlowNode(page);
  const plain = page.getByRole("textbox", { name: "JSON-RPC request body" });
  await plain.fill(
    JSON.stringify({ jsonrpc: "2.0", id: 90, method: "eth_getBlockByNumber", params: ["0x1", false] }),
  );
  const mine = await selectAllThroughNextId(page, plain, 91);
  release();
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
  expect(JSON.parse(await bodyText(page))).toEqual(JSON.parse(mine));
});

test("when Monaco cannot download, the plain text box stays and says why; the body is edited and sent as before", async ({
  page,
}) => {
  await page.route(/\/assets\/monaco-[^/]*\.js$/, (route) => route.abort());
  await openPlayground(page);
  const note = page.getByTestId("plain-editor-note");
  await expect(note).toContainText("The code editor could not load");
  const plain = page.getByRole("textbox", { name: "JSON-RPC request body" });
  await expect(plain).toHaveAccessibleDescription(/plain text box/);
  await plain.fill(
    JSON.stringify({ jsonrpc: "2.0", id: 43, method: "eth_getBlockByNumber", params: ["0x2", false] }),
  );
  await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x2");
  await sendButton(page).click();
  await expect(response(page).getByRole("heading", { name: "Block 2" })).toBeVisible();
});

test("the plain text box, chosen under the editor: Monaco goes and is never loaded again, also when the playground is opened again; the body stays, its problems are listed, Ctrl+Enter sends it; axe finds nothing; unticked, Monaco comes back with the text", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  const body = (id: number) =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "eth_getBlockByNumber", params: ["0x3", false] });
  await replaceBody(page, body(50));
  const choice = page.getByRole("checkbox", { name: /^Plain text box/ });
  await expect(choice).not.toBeChecked();
  await choice.check();
  const plain = page.getByTestId("body-plain");
  await expect(plain).toHaveValue(body(50));
  await expect(page.locator(".monaco-editor")).toHaveCount(0);
  await expect(plain).toHaveAccessibleName("JSON-RPC request body");

  // Kept: the playground opened again shows the plain text box, and Monaco's code is not fetched.
  const monacoFetched: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/monaco-[^/]*\.js$/.test(r.url())) monacoFetched.push(r.url());
  });
  // Opened again at its plain address: a reload of the send's own address would open that request
  // (as a link does) a moment later, over whatever was typed before it.
  await openPlayground(page);
  await expect(plain).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Plain text box/ })).toBeChecked();

  // A body with a problem: listed beside Send anyway, with its line, and not sent.
  await plain.fill('{"jsonrpc": "2.0",\n "id": 51,');
  await plain.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("send-problems")).toContainText("line 2");
  await expect(page.getByRole("button", { name: "Send anyway" })).toBeVisible();
  await plain.fill(body(51));
  await expect(plain).toHaveValue(body(51));
  await plain.press("ControlOrMeta+Enter");
  await expect(response(page).getByLabel("Answer details")).toContainText(/id\s*51(?!\d)/);
  await expect(response(page).getByRole("heading", { name: "Block 3" })).toBeVisible();
  // Monaco's load starts when the page idles after its first paint: two idle periods later (the
  // code editor's wish set in the first, its first chunk asked for before the next), none was asked for.
  const idle = () => page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
  await idle();
  await idle();
  expect(monacoFetched).toEqual([]);

  await page.evaluate(axe.source);
  const { violations } = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }),
  );
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Back to the code editor, with the text the box held (its id moved on after the send).
  await page.getByRole("checkbox", { name: /^Plain text box/ }).uncheck();
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
  expect(JSON.parse(await bodyText(page))).toMatchObject({ id: 52, params: ["0x3", false] });
  expect(consoleErrors).toEqual([]);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("the body starts in the plain text box, and Monaco's code is never fetched; a tap sends it; unticked, Monaco comes, and that choice is kept", async ({
    page,
    consoleErrors,
  }) => {
    const monacoFetched: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/monaco-[^/]*\.js$/.test(r.url())) monacoFetched.push(r.url());
    });
    await openPlayground(page);
    const plain = page.getByTestId("body-plain");
    await expect(plain).toHaveValue(/"method": ?"eth_getBlockByNumber"/);
    const choice = page.getByRole("checkbox", { name: /^Plain text box/ });
    await expect(choice).toBeChecked();
    await plain.fill(
      JSON.stringify({ jsonrpc: "2.0", id: 60, method: "eth_getBlockByNumber", params: ["0x2", false] }),
    );
    await sendButton(page).tap();
    await expect(response(page).getByRole("heading", { name: "Block 2" })).toBeVisible();
    // Two idle periods after the first paint: a code editor wished for would have asked for its code.
    const idle = () => page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
    await idle();
    await idle();
    expect(monacoFetched).toEqual([]);

    // The user's choice of the code editor is kept: the playground opened again shows Monaco.
    await choice.uncheck();
    await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
    await openPlayground(page);
    await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Plain text box/ })).not.toBeChecked();
    expect(consoleErrors).toEqual([]);
  });

  test("the phone's default is not kept as a choice: its storage opened with a mouse shows Monaco", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await openPlayground(page);
    await expect(page.getByRole("checkbox", { name: /^Plain text box/ })).toBeChecked();
    // Something the store keeps (the method), so the phone's storage is written.
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await expect.poll(() => keptState(page)).toContain("eth_getStorageAt");
    // A context of the test takes the spec's options (a touch screen) unless told otherwise.
    const desktop = await browser.newContext({
      storageState: await page.context().storageState(),
      hasTouch: false,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const other = await desktop.newPage();
      await openPlayground(other);
      await expect(other.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getStorageAt");
      await expect(other.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
      await expect(other.getByRole("checkbox", { name: /^Plain text box/ })).not.toBeChecked();
    } finally {
      await desktop.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("in the plain text box", () => {
  test.use({ plainEditor: true });

  test("a select-all made while the answer comes stays one through the next id the app writes: what is typed then replaces the body", async ({
    page,
  }) => {
    // A node that answers after 3 s: the select-all comes before the answer, and so before the app
    // writes the body again with the next id.
    await openOnSlowNode(page);
    const plain = page.getByTestId("body-plain");
    const sent = JSON.stringify({
      jsonrpc: "2.0",
      id: 80,
      method: "eth_getBlockByNumber",
      params: ["0x1", false],
    });
    await replaceBody(page, sent);
    await selectAllThroughNextId(page, plain, 81);
  });
});
