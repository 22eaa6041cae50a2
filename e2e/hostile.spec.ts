import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import {
  addCustomNetwork,
  expect,
  openOnFaultyNode,
  openPlayground,
  replaceBody,
  response,
  sendBody,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

/**
 * A hostile node on loopback: each path answers any request with a result no honest node sends.
 * Whatever it answers can fail one panel with a message, never the app, and never the draft.
 */
const nested = (depth: number): unknown => {
  let v: unknown = "0x1";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { number: v };
  return v;
};

/** A real mainnet receipt (test/fixtures/mainnet, its origin in test/fixtures/README.md): 60,440 gas. */
const RECEIPT = (
  JSON.parse(
    readFileSync(
      resolve(import.meta.dirname, "../test/fixtures/mainnet/eth_getBlockReceipts.02.json"),
      "utf8",
    ),
  ) as { response: { result: unknown[] } }
).response.result[0];

const RESULTS: Record<string, (id: unknown, params: unknown) => string> = {
  // 5,000 levels deep: JSON.stringify of it overflows the stack.
  deep: (id) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: { hash: `0x${"1".repeat(64)}`, transactions: [nested(2_500)] },
    }),
  // Strings that reorder what follows them (U+202E, U+2066): shown with the controls made visible.
  bidi: (id) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      error: { code: -32000, message: "pay to 0xabc\u202Efed0", data: "\u2066x" },
    }),
  // A block whose every field has the wrong type.
  garbage: (id) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: { number: { x: 1 }, hash: 7, transactions: "nope", uncles: 1 },
    }),
  // A 4 MB block (read by the answer worker, its rows handed on as they come) whose 4,500th
  // transaction is not JSON: the rows before it may already be on screen when it comes.
  brokenrow: (id) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: {
        number: "0x7",
        transactions: Array.from({ length: 5_000 }, (_, i) => ({
          hash: `0x${i.toString(16).padStart(64, "0")}`,
          input: i === 4_499 ? "BROKEN" : `0x${"ab".repeat(380)}`,
        })),
      },
    }).replace('"BROKEN"', "0xzz"),
  // Receipts whose ends are plain numbers: block 1's hold a real receipt between them, the others'
  // another number. Two answers with equal ends, never one answer growing.
  plainends: (id, params) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: [1, Array.isArray(params) && params[0] === "0x1" ? RECEIPT : 2, 1],
    }),
};

let node: Awaited<ReturnType<typeof startLoopbackNode>>;
let base = "";
test.beforeAll(async () => {
  node = await startLoopbackNode((path, request) =>
    RESULTS[path.split("/")[1] ?? ""]?.(request.id, request.params),
  );
  base = node.base;
});
test.afterAll(() => node.close());

/** The hostile node's `path`, added and picked as network `name`, a key typed. */
async function pickHostile(page: Page, name: string, path: string) {
  await addCustomNetwork(page, name, `${base}/${path}`, base.replace("http", "ws"));
  await page.getByLabel("API key").fill("k");
}

/**
 * What each malformed block shows: its view names every problem (the answer is shown as it came,
 * never "wrong" as a whole), and the raw tree holds it, a deep branch folded.
 */
const MALFORMED = [
  {
    kind: "deep",
    problems: "18 problems in the answer",
    says: '"transactions" should hold either hashes or transaction objects',
    raw: "1 item",
  },
  {
    kind: "garbage",
    problems: "19 problems in the answer",
    says: '"number" should be a hex quantity, got object',
    raw: '"transactions": "nope"',
  },
];

/**
 * Five short cases of hostile words on one page (one page load instead of five). The body comes
 * first: it sends nothing. Each answer's step then picks a network of its own (the hostile node's
 * path it needs), key typed, and waits for what only its answer shows: the bidirectional words, the
 * receipts, the big answer with a broken row, then the deep and the garbage block. Those two come
 * last: they leave the Raw tab chosen, and the receipt totals and a big answer's rows are read in
 * the View tab.
 */
test("bidirectional controls in the body (from a link, a paste, an import) show in the editor, never reorder it; bidirectional controls in a node's words are shown, never obeyed; receipts of another answer with the same plain values at its ends are counted anew; a big answer with a row that is not JSON says so where it shows; the app and the draft stay; a deep and a garbage answer are shown with their problems named, in the view and raw; the app and the draft stay", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  const region = response(page);

  await test.step("bidirectional controls in the body (from a link, a paste, an import) show in the editor, never reorder it", async () => {
    await replaceBody(
      page,
      '{"jsonrpc":"2.0","id":1,"method":"eth_getStorageAt","params":["0xabc\u202Efed0","0x0","latest"]}',
    );
    const editor = page.getByTestId("body-editor");
    // Monaco draws a control character as a visible mark of its own, not as a direction change.
    await expect(editor.locator(".view-lines .mtkcontrol").first()).toBeVisible();
    await expect(editor.locator(".view-lines")).not.toContainText("\u202E");
  });

  await test.step("bidirectional controls in a node's words are shown, never obeyed", async () => {
    const errorsBefore = consoleErrors.length;
    await pickHostile(page, "Hostile \u202Ebidi", "bidi");
    await expect(page.getByRole("combobox", { name: "Network" })).toContainText("Hostile ⟨U+202E⟩bidi");
    await sendBody(page, "eth_getBlockByNumber", ["0x7", false]);
    const alert = region.getByRole("alert");
    await alert.getByText("What the node said").click();
    await expect(alert).toContainText("pay to 0xabc⟨U+202E⟩fed0");
    await expect(alert).toContainText("data: ⟨U+2066⟩x");
    await expect(alert).not.toContainText("\u202E");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("receipts of another answer with the same plain values at its ends are counted anew", async () => {
    const errorsBefore = consoleErrors.length;
    await pickHostile(page, "Plain ends", "plainends");
    const totals = region.getByTestId("receipt-totals");
    await sendBody(page, "eth_getBlockReceipts", ["0x1"]);
    await expect(totals).toContainText("60,440 gas used");
    await sendBody(page, "eth_getBlockReceipts", ["0x2"]);
    await expect(region.getByText("receipt 1 is number, not an object")).toBeVisible();
    await expect(totals).toContainText("0 gas used");
    await expect(totals).not.toContainText("60,440");
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a big answer with a row that is not JSON says so where it shows; the app and the draft stay", async () => {
    const errorsBefore = consoleErrors.length;
    await pickHostile(page, "Hostile row", "brokenrow");
    await sendBody(page, "eth_getBlockByNumber", ["0x7", true]);
    // Before the answer was shown the whole answer fails as not JSON; after, it ends with the rows
    // before the broken one, and says so. Either way, in the answer panel, in words.
    await expect(
      region.getByText(
        /The answer is not JSON|Only [\d,]+ of 5,000 rows are shown: the node's answer is not valid JSON after row [\d,]+\./,
      ),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x7");
    await expect(sendButton(page)).toBeEnabled();
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  await test.step("a deep and a garbage answer are shown with their problems named, in the view and raw; the app and the draft stay", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    for (const { kind, problems, says, raw } of MALFORMED) {
      await test.step(kind, async () => {
        // Each on a network of its own, one after the other on one page.
        await pickHostile(page, `Hostile ${kind}`, kind);
        await sendBody(page, "eth_getBlockByNumber", ["0x7", false]);
        // The last answer was left on Raw: its view is opened again for this one's problems.
        await region.getByRole("tab", { name: "View" }).click();
        await expect(region.getByText(problems)).toBeVisible();
        await expect(region.getByText(says, { exact: true })).toBeVisible();
        await expect(region.getByRole("alert").filter({ hasText: "Could not show" })).toHaveCount(0);
        await region.getByRole("tab", { name: "Raw" }).click();
        await expect(region.getByRole("tabpanel")).toContainText(raw);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          region.getByRole("button", { name: "Download answer" }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.json$/);
        // The rest of the app works: the header, the draft as it was, and a new Send.
        await expect(page.getByRole("heading", { name: "RPC Playground" })).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Block number" })).toHaveValue("0x7");
        await expect(sendButton(page)).toBeEnabled();
      });
    }
    expect(errors).toEqual([]);
  });
});

test("a stray 70 MiB WebSocket message before the answer is set aside; the real answer shows", async ({
  page,
  consoleErrors,
}) => {
  await openOnFaultyNode(page, "Stray sender", "ws-stray-big");
  await page.getByRole("radiogroup", { name: "Transport" }).getByText("WebSocket", { exact: true }).click();
  await sendBody(page, "eth_getStorageAt", ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"]);
  const region = response(page);
  await expect(region.getByLabel("Answer details")).toContainText("eth_getStorageAt", { timeout: 30_000 });
  await expect(region.getByRole("alert")).toHaveCount(0);
  // The answer shown is the request's own (66 bytes), not the stray's 70 MiB.
  await expect(region.getByLabel("Answer details")).not.toContainText("MiB");
  await region.getByRole("tab", { name: "Raw" }).click();
  await expect(region.getByTestId("raw-json")).toContainText(/"result": "0x[0-9a-f]{64}"/);
  // The stray is counted where the connection's state is shown, never blamed on the request.
  await expect(page.getByLabel("WebSocket state")).toContainText("1 unmatched message set aside");
  expect(consoleErrors).toEqual([]);
});

test("a burst of small WebSocket messages before the answer crosses from the worker joined; the strays are set aside and the answer shows", async ({
  page,
  consoleErrors,
}) => {
  // Counts the answer worker's posts that carry several socket messages (`datas`): the burst's
  // joined path, not the one-by-one one.
  await page.addInitScript(() => {
    const Base = window.Worker;
    const w = window as unknown as { joinedPosts: number };
    w.joinedPosts = 0;
    window.Worker = class extends Base {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener("message", (e: MessageEvent) => {
          if (e.data && typeof e.data === "object" && "datas" in e.data) w.joinedPosts += 1;
        });
      }
    };
  });
  await openOnFaultyNode(page, "Chatty node", "ws-strays");
  await page.getByRole("radiogroup", { name: "Transport" }).getByText("WebSocket", { exact: true }).click();
  await sendBody(page, "eth_getStorageAt", ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"]);
  const region = response(page);
  await expect(region.getByLabel("Answer details")).toContainText("eth_getStorageAt");
  await expect(region.getByRole("alert")).toHaveCount(0);
  await region.getByRole("tab", { name: "Raw" }).click();
  await expect(region.getByTestId("raw-json")).toContainText(/"result": "0x[0-9a-f]{64}"/);
  await expect(page.getByLabel("WebSocket state")).toContainText("20 unmatched messages set aside");
  expect(
    await page.evaluate(() => (window as unknown as { joinedPosts: number }).joinedPosts),
  ).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
