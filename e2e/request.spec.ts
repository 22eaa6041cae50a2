import { METHODS } from "../src/methods/registry.ts";
import type { ResultKind } from "../src/methods/types.ts";
import { bodyText, expect, openPlayground, response, sendButton, test } from "./fixtures.ts";

/** Where each chain's methods are answered on the local devnet. */
const NETWORK = { evm: "Local devnet (Anvil)", starknet: "Local devnet (Starknet simulator)" } as const;

/** What the raw answer of each kind holds with the devnet's examples (the compiler asks for a new kind). */
const EXPECT = {
  storageWord: /"result": "0x[0-9a-f]{64}"/,
  gasEstimate: /"result": "0x[0-9a-f]+"/,
  block: /"stateRoot"/,
  // The devnet's blocks have no uncles: null is the answer.
  uncle: /"result": null/,
  transaction: /"blockHash"/,
  receipts: /"cumulativeGasUsed"/,
  proof: /"accountProof"/,
  starknetBlock: /"starknet_version"/,
} as const satisfies Record<ResultKind, RegExp>;

// Every method of the registry, sent from its form with its shipped example, one after another on
// one page (each a step of its own in the report): a page for each took 18 page loads for the
// same sends.
for (const transport of ["HTTP", "WebSocket"] as const) {
  test(`every method over ${transport}: sent from its form with its example, answered`, async ({
    page,
    consoleErrors,
  }) => {
    await openPlayground(page);
    const region = response(page);
    const details = region.getByLabel("Answer details");
    for (const [i, { name: method, chain, result }] of METHODS.entries()) {
      await test.step(method, async () => {
        await page.getByRole("combobox", { name: "Network" }).selectOption({ label: NETWORK[chain] });
        await page.getByRole("combobox", { name: "Method" }).selectOption(method);
        await page
          .getByRole("radiogroup", { name: "Transport" })
          .getByText(transport, { exact: true })
          .click();
        await sendButton(page).click();
        // This send's answer, not the one before it: its method and its id (one more each send).
        await expect(details).toContainText(method);
        await expect(details).toContainText(`id${i + 1}`);
        await expect(details).toContainText(transport);
        await region.getByRole("tab", { name: "Raw" }).click();
        await expect(region.getByTestId("raw-json")).toContainText(EXPECT[result.kind]);
        await expect(region.getByRole("alert")).toHaveCount(0);
      });
    }
    expect(consoleErrors).toEqual([]);
  });
}

/**
 * The request ids on one page (one page load instead of two). The quick Sends come first, on the
 * fresh page, so their ids are the page's first (1, 2, 3); the step after reads the id its request
 * goes with from the editor and waits for that id, then the next, in the answer's details.
 */
test("a Send the moment the answer shows still goes with the next id, and the answer redraws its panel alone; the id goes up with every request, and a method chosen while the answer comes gets the next one", async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("a Send the moment the answer shows still goes with the next id; the answer redraws its panel alone", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
    await page.getByTestId("body-editor").locator(".monaco-editor").waitFor();
    // Three Sends, each clicked in the same moment its answer's details show (before the editor has
    // been rewritten with the next id): every one goes with its own id.
    const { ids, redrawn, pushedBeforePaint } = await page.evaluate(async () => {
      const region = [...document.querySelectorAll("section")].find(
        (s) => s.querySelector("h2")?.textContent?.trim() === "Response",
      );
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
      const request = document.querySelector("section[aria-label=Request]");
      const header = document.querySelector("header");
      if (!region || !button || !request || !header) throw new Error("no Response region or Send button");
      // React gives an element new props each time the component that draws it renders: the request
      // panel and the header must keep theirs from the click to the answer (an answer draws its panel).
      const propsOf = (el: Element) => {
        const key = Object.keys(el).find((k) => k.startsWith("__reactProps$"));
        return key ? (el as unknown as Record<string, unknown>)[key] : undefined;
      };
      const seen: string[] = [];
      const redrawn: string[] = [];
      let pushedBeforePaint = 0;
      for (let i = 0; i < 3; i++) {
        const before = region.querySelector('[aria-label="Answer details"]')?.textContent ?? "";
        button.click();
        // What the click itself draws (the last send's next id, written as this one leaves) is drawn
        // in its microtasks, before the answer can come.
        await Promise.resolve();
        const drawn = { request: propsOf(request), header: propsOf(header) };
        // The send's browser-history entry is pushed after its answer is painted, not before.
        const entries = window.history.length;
        seen.push(
          await new Promise<string>((done, fail) => {
            const look = () => {
              const now = region.querySelector('[aria-label="Answer details"]')?.textContent ?? "";
              if (now && now !== before) {
                mo.disconnect();
                if (propsOf(request) !== drawn.request) redrawn.push(`request panel, send ${i + 1}`);
                if (propsOf(header) !== drawn.header) redrawn.push(`header, send ${i + 1}`);
                if (window.history.length !== entries) pushedBeforePaint += 1;
                done(now);
              }
            };
            const mo = new MutationObserver(look);
            mo.observe(region, { subtree: true, childList: true, characterData: true });
            setTimeout(() => fail(new Error(`send ${i + 1}: no new answer in 10 s`)), 10_000);
          }),
        );
      }
      return { ids: seen.map((d) => /id(\d+)/.exec(d)?.[1]), redrawn, pushedBeforePaint };
    });
    expect(ids).toEqual(["1", "2", "3"]);
    expect(redrawn).toEqual([]);
    expect(pushedBeforePaint).toBe(0);
    await expect(page.getByTestId("body-editor")).toHaveAttribute("data-text", /"id": 4/);
  });

  await test.step("the id goes up with every request", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    const { id } = JSON.parse(await bodyText(page)) as { id: number };
    const details = response(page).getByLabel("Answer details");
    // The answer on screen is the step before's, under another id: the one awaited is this send's.
    await expect(details).not.toContainText(`id${id}`);
    await sendButton(page).click();
    await expect(details).toContainText(`id${id}`);
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(details).toContainText(`id${id + 1}`);
  });

  await test.step("a method chosen while the answer comes is written with the next id, not the one just sent", async () => {
    await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getBlockByNumber");
    await expect(page.getByTestId("body-editor")).toHaveAttribute("data-text", /eth_getBlockByNumber/);
    const { id } = JSON.parse(await bodyText(page)) as { id: number };
    // Send, and another method chosen in the same task: before the answer (and its next id) is in.
    await page.evaluate(() => {
      const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
      const picker = [...document.querySelectorAll("select")].find(
        (el) => el.labels?.[0]?.textContent?.trim() === "Method",
      );
      if (!send || !picker) throw new Error("no Send button or method picker");
      send.click();
      picker.value = "eth_getStorageAt";
      picker.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const details = response(page).getByLabel("Answer details");
    await expect(details).toContainText(`id${id}`);
    await expect(page.getByTestId("body-editor")).toHaveAttribute("data-text", /eth_getStorageAt/);
    await expect.poll(async () => JSON.parse(await bodyText(page)).id).toBe(id + 1);
    await sendButton(page).click();
    await expect(details).toContainText(`id${id + 1}`);
  });
});
