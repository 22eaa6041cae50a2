import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addCustomNetwork,
  addLoopbackNetwork,
  askDevnet,
  bodyText,
  cursorBefore,
  devnet,
  expect,
  holdRequests,
  openPlayground,
  replaceBody,
  response,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

/**
 * Examples that exist on the chosen network: on a network other than the devnet, a method's first
 * use asks the network for a sample and fills the form from it (features/request/apply-sample.ts).
 */

type Rpc = { id?: unknown; method?: string; params?: unknown[] };
const BLOCK6 = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";

const params = async (page: import("@playwright/test").Page) =>
  (JSON.parse(await bodyText(page)) as { params: unknown[] }).params;
/** A storage key as the proof's body carries it: 32 bytes. */
const word = (hex: string) => `0x${BigInt(hex).toString(16).padStart(64, "0")}`;
const note = (page: import("@playwright/test").Page) => page.getByTestId("examples-note");
/**
 * Picks `method` as a person does: the focus goes to the picker first (`selectOption` alone leaves
 * it where it was, in the editor after typing there, which no user can do).
 */
const pick = async (page: import("@playwright/test").Page, method: string) => {
  const picker = page.getByRole("combobox", { name: "Method" });
  await picker.focus();
  await picker.selectOption(method);
};

/**
 * Monaco's suggestions for a body's first param: the body written as one line with that param an
 * empty string, the cursor in it, and Ctrl+Space.
 */
async function completionsOfFirstParam(
  page: import("@playwright/test").Page,
  method: string,
  rest: unknown[],
) {
  const tail = `",${rest.map((v) => JSON.stringify(v)).join(",")}]}`;
  await replaceBody(page, `{"jsonrpc":"2.0","id":1,"method":"${method}","params":["${tail}`);
  await cursorBefore(page, tail);
  await page.keyboard.press("Control+Space");
  return page.locator(".suggest-widget");
}

type Block = { number: string; hash: string; transactions: string[] };
type Tx = { to: string | null; input: string };

/** What the sample should find: the latest block with transactions, its first contract call. */
async function expectedFromDevnet() {
  let block = (await askDevnet("eth_getBlockByNumber", ["latest", false])) as Block;
  while (block.transactions.length === 0)
    block = (await askDevnet("eth_getBlockByNumber", [
      `0x${(BigInt(block.number) - 1n).toString(16)}`,
      false,
    ])) as Block;
  let index = "0x0";
  for (let i = 0; i < Math.min(block.transactions.length, 8); i++) {
    const tx = (await askDevnet("eth_getTransactionByBlockHashAndIndex", [
      block.hash,
      `0x${i.toString(16)}`,
    ])) as Tx;
    if (tx.to && tx.input.length > 2) {
      index = `0x${i.toString(16)}`;
      break;
    }
  }
  return { block, index };
}

test.describe("the devnet as a foreign network (a custom network at its address, seeded examples off)", () => {
  /**
   * Two cases on one page (one page load instead of two), each on a Foreign Anvil network of its
   * own (a custom network gets a new id, and its sample is asked for anew). The form filled from the
   * node comes first: it checks that the editor is up before the network changes. The switching
   * starts on the devnet with eth_getBlockByHash shown, its seeded example in the form.
   */
  test("each method's form is filled with values read from the node, and each answers; switching networks fills each with its own examples; the user's edits and the devnet's seed stay", async ({
    page,
  }) => {
    const { evm, key } = devnet();
    await openPlayground(page);
    const network = page.getByRole("combobox", { name: "Network" });

    await test.step("each method's form is filled with values read from the node, and each answers", async () => {
      // The editor is up before the network changes: its schema has the devnet's examples to replace.
      await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
      await addCustomNetwork(page, "Foreign Anvil", evm.httpUrl, evm.wsUrl);
      await expect(note(page)).toHaveText("Enter your key to get examples from this network.");
      await page.getByLabel("API key").fill(key);
      const { block, index } = await expectedFromDevnet();
      const blockNo = BigInt(block.number).toLocaleString("en-US");
      await expect(note(page)).toHaveText(`Examples from Foreign Anvil, block ${blockNo} (asked just now).`);
      expect(block.hash).not.toBe(BLOCK6);
      // The editor completes the method it showed while the sample came in with the sample's block,
      // not the devnet's (its schema is written again when the examples change, not only the method).
      const offered = await completionsOfFirstParam(page, "eth_getBlockByNumber", [false]);
      await expect(offered).toContainText(`"${block.number}"`);
      await expect(offered).not.toContainText('"0x9"');
      await page.keyboard.press("Escape");

      await pick(page, "eth_getBlockByHash");
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
      await sendButton(page).click();
      await expect(
        response(page).getByRole("heading", { name: `Block ${Number(block.number)}` }),
      ).toBeVisible();

      await pick(page, "eth_getTransactionByBlockHashAndIndex");
      await expect.poll(() => params(page)).toEqual([block.hash, index]);
      await sendButton(page).click();
      await expect(response(page).getByLabel("Answer details")).toContainText("Latency");
      await expect(response(page).getByText("Not found")).toHaveCount(0);

      await pick(page, "eth_getStorageAt");
      await expect.poll(async () => (await params(page))[2]).toBe(block.number);
      const [address, position] = (await params(page)) as [string, string];
      // The node itself says the slot holds something at that block.
      expect(await askDevnet("eth_getStorageAt", [address, position, block.number])).not.toMatch(/^0x0*$/);
      await sendButton(page).click();
      await expect(response(page).getByLabel("Answer details")).toContainText("Latency");

      await pick(page, "eth_getProof");
      await expect.poll(() => params(page)).toEqual([address, [word(position)], block.number]);
      await sendButton(page).click();
      await expect(response(page).getByRole("region", { name: "Proof verification" })).toBeVisible();
    });

    await test.step("switching networks fills each with its own examples; the user's edits and the devnet's seed stay", async () => {
      await network.selectOption("devnet");
      await pick(page, "eth_getBlockByHash");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      expect(await params(page)).toEqual([BLOCK6, false]);
      await addCustomNetwork(page, "Foreign Anvil", evm.httpUrl, evm.wsUrl);
      await page.getByLabel("API key").fill(key);
      const { block } = await expectedFromDevnet();
      await expect.poll(() => params(page)).toEqual([block.hash, false]);

      // Back on the devnet: its seeded example, not the foreign network's.
      const foreign = await network.inputValue();
      await network.selectOption("devnet");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      await expect(note(page)).toHaveText("");
      await network.selectOption(foreign);
      await expect.poll(() => params(page)).toEqual([block.hash, false]);

      // An edit is the user's: switching networks keeps it.
      await pick(page, "eth_getStorageAt");
      await expect.poll(async () => (await params(page))[2]).toBe(block.number);
      await page.getByLabel("Storage position").fill("0x7");
      await network.selectOption("devnet");
      await network.selectOption(foreign);
      await expect.poll(async () => (await params(page))[1]).toBe("0x7");
      await expect(note(page)).toHaveText("");
    });
  });
});

test.describe("examples from a replay of real mainnet answers", () => {
  const root = resolve(import.meta.dirname, "../test/fixtures/mainnet");
  const fixture = (name: string) =>
    (JSON.parse(readFileSync(`${root}/${name}.json`, "utf8")) as { response: { result: unknown } }).response
      .result;
  // Real answers, by method: block 18,000,005 (114 transactions), a token transfer, a storage word.
  const block = fixture("eth_getBlockByHash.02") as Block;
  const tx = fixture("eth_getTransactionByBlockHashAndIndex.01") as Tx & {
    from: string;
    transactionIndex: string;
  };
  const stored = fixture("eth_getStorageAt.01");
  let node: Awaited<ReturnType<typeof startLoopbackNode>>;
  const asked: string[] = [];
  /** The params of each eth_getBlockByHash the node was sent (only the user sends it). */
  const sentByHash: unknown[] = [];

  test.beforeAll(async () => {
    node = await startLoopbackNode((path, request) => {
      const r = request as Rpc;
      asked.push(`${path} ${r.method}`);
      if (r.method === "eth_getBlockByHash") sentByHash.push(r.params);
      const answer = (result: unknown) => JSON.stringify({ jsonrpc: "2.0", id: r.id, result });
      if (path.startsWith("/broken/"))
        return JSON.stringify({
          jsonrpc: "2.0",
          id: r.id,
          error: { code: -32601, message: "the method does not exist" },
        });
      if (r.method === "eth_getBlockByNumber") return answer(block);
      if (r.method === "eth_getTransactionByBlockHashAndIndex") return answer(tx);
      if (r.method === "eth_getStorageAt") return answer(stored);
      return answer(null);
    });
  });
  test.afterAll(() => node.close());

  /**
   * Eight cases of a replayed node on one page (one page load instead of eight), each on a custom
   * network of its own (a path of the loopback node). Each starts on the devnet with the method it
   * needs shown. The real block's examples come first: they count the samples asked for from its
   * start. The held sample lets its requests through at its end.
   */
  test("the mainnet examples come from the real block, its transaction and the contract it called; a sample that cannot be read says why, and the fields keep their values; a body pasted while the sample loads wins over the sample; a sample arriving while the user is in the body or a form field waits until the focus leaves them (not for the editor's settings), or while Send is pressed until its click; Ctrl+Enter or a click on Send sends the body on screen", async ({
    page,
  }) => {
    await openPlayground(page);
    const network = page.getByRole("combobox", { name: "Network" });
    /**
     * `method` shown on the devnet, then a network `name` at the node's `path` whose sample's
     * requests are held while it loads. Returns what lets them through: it waits for the answer
     * and for the note to say `said` (by default, that the examples came from the sample), then
     * two frames more, for any fill the sample would make.
     */
    const sampleHeld = async (method: string, name: string, path: string) => {
      await network.selectOption("devnet");
      await pick(page, method);
      const url = `${node.base}/${path}/**`;
      const release = await holdRequests(page, url);
      await addLoopbackNetwork(page, name, `${node.base}/${path}`);
      await page.getByLabel("API key").fill("replay-key");
      await expect(note(page)).toHaveText(`Looking up examples on ${name}…`);
      return async (said = `Examples from ${name}, block 18,000,005 (asked just now).`) => {
        const answered = page.waitForResponse((r) => r.url().startsWith(`${node.base}/${path}`));
        release();
        await answered;
        await page.unroute(url);
        await expect(note(page)).toHaveText(said);
        await page.evaluate(
          () =>
            new Promise((done) =>
              requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
            ),
        );
      };
    };

    await test.step("the mainnet examples come from the real block, its transaction and the contract it called", async () => {
      const askedBefore = asked.length;
      await network.selectOption("devnet");
      await pick(page, "eth_getBlockByNumber");
      await addLoopbackNetwork(page, "Mainnet replay", `${node.base}/mainnet`);
      await page.getByLabel("API key").fill("replay-key");
      await expect(note(page)).toHaveText("Examples from Mainnet replay, block 18,000,005 (asked just now).");
      expect(await params(page)).toEqual([block.number, false]);
      await pick(page, "eth_getBlockByHash");
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
      await pick(page, "eth_getStorageAt");
      await expect.poll(() => params(page)).toEqual([tx.to, "0x0", block.number]);
      await pick(page, "eth_getProof");
      await expect.poll(() => params(page)).toEqual([tx.to, [word("0x0")], block.number]);
      await pick(page, "eth_estimateGas");
      await expect
        .poll(async () => (await params(page))[0])
        .toEqual({ from: tx.from, to: "0x000000000000000000000000000000000000dEaD", value: "0x1" });
      // One sample for the network, asked once: the methods picked after it ask nothing more.
      expect(asked.slice(askedBefore).filter((a) => a.endsWith("eth_getBlockByNumber"))).toHaveLength(1);
    });

    await test.step("a sample that cannot be read says why, and the fields keep their values", async () => {
      await network.selectOption("devnet");
      await pick(page, "eth_getBlockByHash");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      await addLoopbackNetwork(page, "Broken node", `${node.base}/broken`);
      await expect(note(page)).toHaveText("Enter your key to get examples from this network.");
      await page.getByLabel("API key").fill("some-key");
      await expect(note(page)).toHaveText(
        "Could not read examples from Broken node: eth_getBlockByNumber answered error -32601: the method does not exist. The fields keep their last values.",
      );
      expect(await params(page)).toEqual([BLOCK6, false]);
    });

    await test.step("a body pasted while the sample loads wins over the sample", async () => {
      const letThrough = await sampleHeld("eth_getBlockByNumber", "Slow replay", "slow");
      const mine = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_getBlockByNumber",
        params: ["0x1", true],
      });
      await replaceBody(page, mine);
      await letThrough("");
      expect(await bodyText(page)).toBe(mine);
    });

    await test.step("a sample that arrives while the user is in the body waits until the focus leaves it (the Plain text box choice is not the body)", async () => {
      // A method this page has not shown yet: its form holds the devnet's examples.
      const letThrough = await sampleHeld("eth_getTransactionByBlockHashAndIndex", "Held replay", "held");
      // In the body, all of it selected (to paste over it): the examples must not replace it now.
      await page.getByTestId("body-editor").locator(".view-lines").click();
      await page.keyboard.press("ControlOrMeta+A");
      const before = await bodyText(page);
      await letThrough();
      expect(await bodyText(page)).toBe(before);
      // The selection is still the whole body: a paste would replace it, not land beside it.
      expect(
        await page.evaluate(() => {
          const sel = document.querySelector("[data-testid=body-editor] .selected-text");
          return sel !== null;
        }),
      ).toBe(true);
      // The focus goes to the Plain text box choice under the editor: a setting inside the body's
      // part, not the request. The examples come.
      await page.getByLabel(/^Plain text box/).focus();
      await expect.poll(() => params(page)).toEqual([block.hash, tx.transactionIndex]);
      await expect(page.getByLabel(/^Plain text box/)).toBeFocused();
    });

    await test.step("a sample that arrives while the user is in a form field waits too; the editor's Tab toggle is not writing the request", async () => {
      const letThrough = await sampleHeld("eth_getBlockByHash", "Form replay", "form");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      await page.getByLabel("Block hash").focus();
      await letThrough();
      expect(await params(page)).toEqual([BLOCK6, false]);
      await expect(page.getByLabel("Block hash")).toHaveValue(BLOCK6);
      // From the field to the editor's Tab toggle, a setting too: the examples come.
      const toggle = page.getByLabel("Tab moves focus out of the editor");
      await toggle.focus();
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
      await expect(toggle).toBeFocused();
    });

    await test.step("a press that takes the focus out of a form field, dragged out of the window and released there: the examples wait for the release, then come", async () => {
      const letThrough = await sampleHeld("eth_getBlockByHash", "Outside replay", "outside");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      await page.getByLabel("Block hash").focus();
      await letThrough();
      // Pressed on the page's title (the focus leaves the field for the page), then out of the window.
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      if (!title) throw new Error("the page's title has no box");
      await page.mouse.move(title.x + 4, title.y + 4);
      await page.mouse.down();
      await page.mouse.move(-40, -40, { steps: 4 });
      await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
      expect(await params(page)).toEqual([BLOCK6, false]);
      await page.mouse.up();
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
    });

    await test.step("a sample arriving while Send is pressed (the focus not in the request) waits for the click, its note too: the click sends the body it was aimed at", async () => {
      const letThrough = await sampleHeld("eth_getBlockByHash", "Pressed replay", "pressed");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      const before = sentByHash.length;
      await sendButton(page).scrollIntoViewIfNeeded();
      const send = await sendButton(page).boundingBox();
      if (!send) throw new Error("Send has no box");
      await page.mouse.move(send.x + send.width / 2, send.y + send.height / 2);
      await page.mouse.down();
      // The sample is in, but neither the form nor the note above it changes under the press.
      const looking = "Looking up examples on Pressed replay…";
      await letThrough(looking);
      expect(await params(page)).toEqual([BLOCK6, false]);
      await expect(note(page)).toHaveText(looking);
      await page.mouse.up();
      await expect.poll(() => sentByHash.length).toBe(before + 1);
      expect(sentByHash.slice(before)).toEqual([[BLOCK6, false]]);
      await expect(note(page)).toHaveText("Examples from Pressed replay, block 18,000,005 (asked just now).");
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
    });

    await test.step("Ctrl+Enter or a click on Send from the body sends the body on screen; the held examples come after it", async () => {
      const letThrough = await sampleHeld("eth_getBlockByHash", "Click replay", "click");
      await expect.poll(() => params(page)).toEqual([BLOCK6, false]);
      await page.getByTestId("body-editor").locator(".view-lines").click();
      await letThrough();
      const before = sentByHash.length;
      const id = (JSON.parse(await bodyText(page)) as { id: number }).id;
      // Ctrl+Enter in the body sends it as it is, and the examples still wait (the focus stays).
      await page.keyboard.press("ControlOrMeta+Enter");
      await expect(response(page).getByLabel("Answer details")).toContainText("eth_getBlockByHash");
      await expect.poll(() => sentByHash.length).toBe(before + 1);
      await expect.poll(async () => (JSON.parse(await bodyText(page)) as { id: number }).id).toBe(id + 1);
      expect(await params(page)).toEqual([BLOCK6, false]);
      // The focus leaves the body as the button is pressed (and released 100 ms later, as a person
      // does): the examples wait until the click is done.
      await sendButton(page).click({ delay: 100 });
      await expect(response(page).getByLabel("Answer details")).toContainText(
        new RegExp(`id${id + 1}(?!\\d)`),
      );
      expect(sentByHash.slice(before)).toEqual([
        [BLOCK6, false],
        [BLOCK6, false],
      ]);
      await expect.poll(() => params(page)).toEqual([block.hash, false]);
    });
  });
});
