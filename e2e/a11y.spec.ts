import type { Locator, Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import {
  addCustomNetwork,
  colorScheme,
  devnet,
  expect,
  openPlayground,
  openStarknetDevnet,
  replaceBody,
  response,
  sendBody,
  sendButton,
  test,
} from "./fixtures.ts";

/**
 * axe-core on every screen and state, in both themes on a desktop and in the light theme on a
 * 390 px phone: no violation of any impact. Each test prints the list of what it scanned.
 */
const BLOCK6 = "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed";
const STORE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** The playground, its editor loaded (it comes a moment after the rest of the first screen). */
async function openWithEditor(page: Page) {
  await openPlayground(page);
  await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
}

type State = {
  name: string;
  /** Opens the state at desktop size, from the one before it. */
  open(page: Page, baseURL: string): Promise<void>;
  /** What the phone's layout needs for the same state, after the viewport shrinks (the header's Menu). */
  phone?(page: Page): Promise<void>;
};

/** The answer's details are in, and its view (`view`: a part only that view has) is drawn. */
const waitView = async (page: Page, view: Locator) => {
  await expect(response(page).getByText("Latency")).toBeVisible();
  await expect(view).toBeAttached();
};

const STATES: State[] = [
  { name: "first screen", open: (page) => openWithEditor(page) },
  {
    name: "send anyway (a body with problems, confirmation asked)",
    open: async (page) => {
      await replaceBody(
        page,
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "eth_getStorageAt",
          params: [STORE.toLowerCase().replace("5fbdb", "5fbDB"), ["0x0"], "latest", 4],
        }),
      );
      await sendButton(page).click();
      await expect(page.getByRole("button", { name: "Send anyway" })).toBeFocused();
    },
  },
  {
    name: "batch answer",
    open: async (page) => {
      await replaceBody(
        page,
        JSON.stringify([
          { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
          { jsonrpc: "2.0", id: "b", method: "eth_getStorageAt", params: [STORE, "0x0", "latest"] },
        ]),
      );
      await sendButton(page).click();
      await expect(response(page).getByTestId("batch-summary")).toContainText("2 of 2");
    },
  },
  {
    name: "block view",
    open: async (page) => {
      await sendBody(page, "eth_getBlockByHash", [BLOCK6, true]);
      await expect(response(page).getByRole("heading", { name: "Block 6" })).toBeVisible();
    },
  },
  {
    name: "transaction view",
    open: async (page) => {
      await sendBody(page, "eth_getTransactionByBlockHashAndIndex", [BLOCK6, "0x0"]);
      await waitView(page, response(page).getByRole("navigation", { name: "Transaction navigation" }));
    },
  },
  {
    name: "receipts view",
    open: async (page) => {
      await sendBody(page, "eth_getBlockReceipts", ["0x7"]);
      await waitView(page, response(page).getByRole("button", { name: /logs/i }).first());
      await response(page).getByRole("button", { name: /logs/i }).first().click();
    },
  },
  {
    name: "named logs with a token amount's raw integer shown",
    open: async (page) => {
      const raw = response(page)
        .getByRole("button", { name: /raw integer of/i })
        .first();
      await raw.click();
      await expect(raw).toHaveAttribute("aria-expanded", "true");
    },
  },
  {
    name: "proof view, verified",
    open: async (page) => {
      await sendBody(page, "eth_getProof", [STORE, ["0x0"], "latest"]);
      const verify = response(page).getByRole("region", { name: "Proof verification" });
      await verify.getByRole("button", { name: "Verify" }).click();
      await expect(verify).toContainText("verified");
    },
  },
  {
    name: "storage view",
    open: async (page) => {
      await sendBody(page, "eth_getStorageAt", [STORE, "0x0", "latest"]);
      await waitView(page, response(page).getByRole("region", { name: "Storage value" }));
    },
  },
  {
    name: "gas estimate view",
    open: async (page) => {
      const { deployer, alice } = manifest.accounts;
      await sendBody(page, "eth_estimateGas", [{ from: deployer.address, to: alice.address, value: "0x1" }]);
      await waitView(page, response(page).getByRole("region", { name: "Gas estimate" }));
    },
  },
  {
    name: "override form, with a problem at a field",
    open: async (page) => {
      await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
      const state = page.getByRole("group", { name: /^State override/ });
      await state.getByRole("button", { name: "Add account" }).click();
      await page.getByRole("textbox", { name: "Account 1 address", exact: true }).fill(STORE);
      await page.getByLabel("Add to account 1").selectOption("balance");
      await page.getByRole("textbox", { name: "Account 1 balance", exact: true }).fill("10");
      await page.getByLabel("Add to account 1").selectOption("state");
      await page.getByRole("textbox", { name: "Account 1 state slot 1", exact: true }).fill("0x0");
      await page.getByLabel("Add block field").selectOption("time");
      await expect(state.getByTestId("field-error").first()).toBeVisible();
    },
  },
  {
    name: "uncle not found",
    open: async (page) => {
      await sendBody(page, "eth_getUncleByBlockNumberAndIndex", ["0x1", "0x0"]);
      await expect(
        response(page)
          .getByRole("status")
          .filter({ hasText: /Not found|Not mined/ }),
      ).toBeVisible();
    },
  },
  {
    name: "revert error",
    open: async (page) => {
      await sendBody(page, "eth_estimateGas", [manifest.reverts.customError.call]);
      await expect(response(page).getByRole("alert")).toBeVisible();
      await response(page).getByRole("alert").locator("summary").click();
    },
  },
  {
    name: "ABIs dialog, a bad ABI refused at its field",
    open: async (page) => {
      await response(page).getByRole("button", { name: "Add an ABI for the called contract" }).click();
      const dialog = page.getByRole("dialog", { name: "ABIs" });
      await dialog.getByLabel("ABI (JSON)").fill("{nope");
      await dialog.getByRole("button", { name: "Add ABI" }).click();
      await expect(dialog.getByLabel("ABI (JSON)")).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "raw answer",
    open: async (page) => {
      await page.getByRole("dialog", { name: "ABIs" }).getByRole("button", { name: "Close" }).click();
      await response(page).getByRole("tab", { name: "Raw" }).click();
    },
  },
  {
    name: "HTTP error (wrong key)",
    open: async (page) => {
      await page.getByLabel("API key").fill("not-the-key");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(response(page).getByRole("alert")).toContainText("401");
      await page.getByLabel("API key").fill(devnet().key);
    },
  },
  {
    name: "snippets",
    open: async (page) => {
      await page.getByRole("region", { name: "Tools" }).getByRole("tab", { name: "Code snippets" }).click();
    },
  },
  {
    name: "history",
    open: async (page) => {
      const tools = page.getByRole("region", { name: "Tools" });
      await tools.getByRole("tab", { name: "History" }).click();
      await expect(tools.getByRole("table")).toBeVisible();
    },
  },
  {
    name: "QA run",
    open: async (page) => {
      const tools = page.getByRole("region", { name: "Tools" });
      await tools.getByRole("tab", { name: "QA run" }).click();
      await tools.getByRole("button", { name: /^Run/ }).first().click();
      await expect(tools.getByRole("table")).toBeVisible();
      await expect(tools.getByText(/passed/).first()).toBeVisible({ timeout: 30_000 });
      await expect(tools.getByTestId("qa-progress")).toHaveText(/^Done:/, { timeout: 30_000 });
    },
  },
  {
    name: "QA comparison",
    open: async (page) => {
      const qa = page.getByRole("region", { name: "QA run" });
      await qa.getByRole("button", { name: "Add a target to compare" }).click();
      await qa
        .getByRole("group", { name: "Target B", exact: true })
        .getByLabel(/^Another key/)
        .check();
      await qa.getByLabel("Key for target B, this comparison only").fill(devnet().key);
      await qa.getByRole("button", { name: "Run the comparison" }).click();
      await expect(qa.getByTestId("qa-comparison-summary")).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: "custom networks dialog",
    open: async (page) => {
      await page.getByRole("button", { name: "Custom networks" }).click();
      await expect(page.getByRole("dialog", { name: "Custom networks" })).toBeVisible();
    },
  },
  {
    name: "share popover",
    open: async (page) => {
      await page
        .getByRole("dialog", { name: "Custom networks" })
        .getByRole("button", { name: "Close" })
        .click();
      await page.getByRole("button", { name: "Share link" }).click();
      await expect(page.getByRole("dialog", { name: "Share link" })).toBeVisible();
    },
    // On a phone the share link sits behind the Menu: closed, then opened from there.
    phone: async (page) => {
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Share link" })).toBeHidden();
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("button", { name: "Share link" }).click();
      await expect(page.getByRole("dialog", { name: "Share link" })).toBeVisible();
    },
  },
  {
    name: "shortcuts sheet",
    open: async (page) => {
      await page.getByRole("dialog", { name: "Share link" }).getByRole("button", { name: "Close" }).click();
      await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    },
  },
  {
    name: "examples note (the devnet as a foreign network)",
    open: async (page) => {
      // A fresh start: the earlier states' sends made every form the user's, which no example replaces.
      await page.evaluate(() => localStorage.clear());
      await openPlayground(page);
      const custom = page.getByRole("button", { name: "Custom networks" });
      const menu = page.getByRole("button", { name: "Menu" });
      if (!(await custom.isVisible()) && (await menu.isVisible())) await menu.click();
      const { evm, key } = devnet();
      await addCustomNetwork(page, "Foreign Anvil", evm.httpUrl, evm.wsUrl);
      await page.getByLabel("API key").fill(key);
      await expect(page.getByTestId("examples-note")).toContainText("Examples from Foreign Anvil, block");
    },
  },
  {
    name: "Starknet block view",
    open: async (page) => {
      await openStarknetDevnet(page);
      await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: "latest" });
      await waitView(page, response(page).getByRole("navigation", { name: "Neighbouring blocks" }));
    },
  },
  {
    name: "Starknet error",
    open: async (page) => {
      await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: { block_number: 99999 } });
      await expect(response(page).getByRole("alert")).toBeVisible();
    },
  },
  {
    name: "embed guide",
    open: async (page, baseURL) => {
      await page.goto(`${baseURL}/guide`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const preview = page.frameLocator('iframe[title="Embed preview"]');
      await expect(preview.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
    },
  },
  {
    name: "embed",
    open: async (page, baseURL) => {
      await page.goto(`${baseURL}/embed?method=eth_getBlockByNumber&network=devnet&keyField=1`);
      await expect(page.getByRole("heading", { name: "eth_getBlockByNumber" })).toBeVisible();
      await expect(page.getByTestId("body-editor").locator(".monaco-editor")).toBeVisible();
    },
  },
];

/**
 * Colour contrast depends on the theme, layout on the size: every rule in the light theme at
 * desktop and phone size, and the dark theme's colours (the rules a theme can change: contrast) at
 * desktop size; the dark phone adds no check the others lack. Each state is opened once and scanned
 * in every configuration (the colour scheme and the viewport switched in place), and the states are
 * walked in two halves, so the scans spread over the workers.
 */
const DESKTOP = { name: "desktop", width: 1280, height: 900 };
const PHONE = { name: "phone", width: 390, height: 844 };
const CONFIGS: readonly {
  theme: "light" | "dark";
  size: { name: string; width: number; height: number };
  /** Only these axe rules (all of them when absent). */
  rules?: readonly string[];
}[] = [
  { theme: "light", size: DESKTOP },
  { theme: "dark", size: DESKTOP, rules: ["color-contrast", "link-in-text-block"] },
  { theme: "light", size: PHONE },
];
/** The second half starts on a freshly opened playground, at a state that needs nothing before it. */
const HALF = STATES.findIndex((s) => s.name === "HTTP error (wrong key)");

/**
 * axe-core on the page and its frames: injected once per document (again after a navigation), then
 * `axe.run` in the page. AxeBuilder's `analyze()` would inject it again and open a blank page for
 * every scan, three times slower for the same results. Violations are listed in full.
 */
async function scan(page: Page, rules?: readonly string[]): Promise<AxeResults> {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => "axe" in window).catch(() => true);
    if (!loaded) await frame.evaluate(axe.source);
  }
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), {
    // Every node of a violation, one of each other kind (passes, incomplete): axe then builds no
    // selector for every node that passed, which took a fifth of the walk's CPU (148 and 135 s
    // against 115 and 110 s for the two parts); the test reads the violations only.
    resultTypes: ["violations" as const],
    ...(rules ? { runOnly: { type: "rule" as const, values: [...rules] } } : {}),
  });
}

for (const [part, states] of [STATES.slice(0, HALF), STATES.slice(HALF)].entries()) {
  test(`axe finds nothing: light and dark desktop, light phone, part ${part + 1} of 2`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    const found: string[] = [];
    if (part === 1) await openWithEditor(page);
    for (const state of states) {
      await state.open(page, baseURL ?? "");
      for (const { theme, size, rules } of CONFIGS) {
        await colorScheme(page, theme);
        await page.setViewportSize({ width: size.width, height: size.height });
        if (size === PHONE) await state.phone?.(page);
        for (const v of (await scan(page, rules)).violations)
          found.push(
            `${state.name} (${theme}, ${size.name}): ${v.id} (${v.impact}) ${v.help} at ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(", ")}`,
          );
      }
      // The next state opens in the light theme at desktop size, as the walk began.
      await colorScheme(page, "light");
      await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    }
    for (const { theme, size } of CONFIGS)
      console.log(`axe scanned (${theme}, ${size.name}): ${states.map((s) => s.name).join("; ")}`);
    expect(found).toEqual([]);
  });
}

test("buttons say what they act on: no bare 'Copy', and copy buttons name their value", async ({ page }) => {
  await openPlayground(page);
  await sendBody(page, "eth_getBlockByHash", [BLOCK6, false]);
  await expect(response(page).getByRole("heading", { name: "Block 6" })).toBeVisible();
  const names = await page
    .getByRole("button")
    .evaluateAll((els) =>
      els.map((el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
  expect(names.filter((n) => n === "Copy" || n === "Download")).toEqual([]);
  await expect(
    response(page).getByRole("button", { name: "Copy block hash", exact: true }).first(),
  ).toBeVisible();
  await expect(response(page).getByRole("button", { name: /^Copy miner \(fee recipient\)$/ })).toBeVisible();
  await expect(response(page).getByRole("button", { name: "Download answer" })).toBeVisible();
});
