import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import {
  bodyText,
  expect,
  expectNoSidewaysScroll,
  openPlayground,
  replaceBody,
  response,
  sendButton,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * eth_estimateGas's state and block overrides (beyond the spec), against the devnet's Anvil,
 * which applies both: code put at an empty address that stops only in block 0x100 (else it hits
 * INVALID) estimates only when the block override is sent too.
 */
const EMPTY = "0x00000000000000000000000000000000000000e1";
const CODE = "0x4361010014600957fe5b00"; // NUMBER PUSH2 0x0100 EQ PUSH1 9 JUMPI INVALID JUMPDEST STOP
const WORD0 = `0x${"0".repeat(64)}`;

const body = async (page: Page) => JSON.parse(await bodyText(page));
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function openEstimate(page: Page) {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
  await page.getByRole("textbox", { name: /^to\b/ }).fill(EMPTY);
  await expect.poll(async () => (await body(page)).params).toHaveLength(1);
}

/**
 * The overrides built in the form, then a body with overrides pasted, on one page (one page load
 * instead of two): the first step leaves the call object alone in the body, as the page opened it.
 */
test("overrides built in the form are sent, applied by the node, and named beside the estimate; a body with overrides pasted into the editor fills the form, and comes out unchanged", async ({
  page,
  consoleErrors,
}) => {
  await openEstimate(page);
  await test.step("overrides built in the form are sent, applied by the node, and named beside the estimate", async () => {
    const state = page.getByRole("group", { name: /^State override/ });
    await expect(state).toContainText(
      "(optional, beyond the service spec; accepted by geth, Erigon, Nethermind, Reth)",
    );
    await expect(state).toContainText("No accounts overridden: not sent.");

    // Keyboard only: the new account's address takes the focus.
    await state.getByRole("button", { name: "Add account" }).focus();
    await page.keyboard.press("Enter");
    await expect(field(page, "Account 1 address")).toBeFocused();
    await page.keyboard.type(EMPTY);
    await page.getByLabel("Add to account 1").selectOption("code");
    await expect(field(page, "Account 1 code")).toBeFocused();
    await page.keyboard.type(CODE);
    await expect
      .poll(async () => (await body(page)).params.slice(1))
      .toEqual([null, { [EMPTY]: { code: CODE } }]);

    // A bad value is reported at its field (the form advises; the node decides).
    await page.getByLabel("Add to account 1").selectOption("balance");
    await field(page, "Account 1 balance").fill("10");
    await expect(field(page, "Account 1 balance")).toHaveAttribute("aria-invalid", "true");
    await expect(state.getByTestId("field-error")).toHaveText(
      "Account 1 balance: Quantities are hex: 10 is 0xa.",
    );
    await page.getByRole("button", { name: "Remove account 1 balance" }).click();
    await expect(state.getByTestId("field-error")).toHaveCount(0);

    // Slot rows: a short slot is explained with its full form; state is not offered beside stateDiff.
    await page.getByLabel("Add to account 1").selectOption("stateDiff");
    await expect(field(page, "Account 1 stateDiff slot 1")).toBeFocused();
    await page.keyboard.type("0x0");
    await expect(state.getByTestId("field-error").first()).toContainText(`write ${WORD0}`);
    await expect(page.getByLabel("Add to account 1").locator("option")).toHaveText([
      "choose…",
      "balance",
      "nonce",
      "movePrecompileToAddress",
    ]);
    await page.getByRole("button", { name: "Remove stateDiff from account 1" }).click();
    await expect(state.getByTestId("field-error")).toHaveCount(0);

    // The state override alone: the code hits INVALID outside block 0x100, so the node refuses.
    await sendButton(page).click();
    await expect(response(page).getByRole("alert")).toContainText(/Invalid|INVALID|invalid/);

    // With the block override too, the call stops in "block 0x100": it estimates, and the view says how.
    const block = page.getByRole("group", { name: /^Block override/ });
    await expect(block).toContainText(
      "beyond the service spec; accepted by recent geth, Erigon, Nethermind, Reth",
    );
    await block.getByLabel("Add block field").selectOption("number");
    await expect(field(page, "number")).toBeFocused();
    await page.keyboard.type("0x100");
    await expect
      .poll(async () => (await body(page)).params.slice(1))
      .toEqual([null, { [EMPTY]: { code: CODE } }, { number: "0x100" }]);
    await sendButton(page).click();
    const view = response(page).getByRole("region", { name: "Gas estimate" });
    await expect(view).toContainText("21,022");
    await expect(view.getByRole("note")).toHaveText(
      "Estimated with state overrides for 1 address and a block override (number): the figure is for the changed state, not what the chain would charge as it is.",
    );

    // Removing every override leaves the call object alone in the body again.
    await page.getByRole("button", { name: "Remove account 1", exact: true }).click();
    await expect(state.getByRole("button", { name: "Add account" })).toBeFocused();
    await page.getByRole("button", { name: "Remove block override number" }).click();
    await expect.poll(async () => (await body(page)).params).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
  await test.step("a body with overrides pasted into the editor fills the form, and comes out unchanged", async () => {
    const params = [
      { from: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", to: EMPTY },
      "latest",
      { [EMPTY]: { code: CODE, balance: "0x1", stateDiff: { [WORD0]: `0x${"0".repeat(62)}2a` } } },
      { number: "0x100" },
    ];
    const text = JSON.stringify({ jsonrpc: "2.0", id: 4, method: "eth_estimateGas", params }, null, 2);
    await replaceBody(page, text);
    await expect(field(page, "Account 1 address")).toHaveValue(EMPTY);
    await expect(field(page, "Account 1 code")).toHaveValue(CODE);
    await expect(field(page, "Account 1 balance")).toHaveValue("0x1");
    await expect(field(page, "Account 1 stateDiff slot 1")).toHaveValue(WORD0);
    await expect(field(page, "Account 1 stateDiff slot 1 value")).toHaveValue(`0x${"0".repeat(62)}2a`);
    await expect(field(page, "number")).toHaveValue("0x100");
    await expect(page.getByTestId("field-error")).toHaveCount(0);
    // An edit in the form writes the body again from the form: the overrides come out as pasted.
    await page.getByRole("textbox", { name: "Block" }).fill("pending");
    await expect
      .poll(async () => (await body(page)).params)
      .toEqual([params[0], "pending", params[2], params[3]]);
    // This answer, not the last step's (whose note says the same): the details name its id.
    const { id } = await body(page);
    await sendButton(page).click();
    await expect(response(page).getByLabel("Answer details")).toContainText(new RegExp(`id${id}(?!\\d)`));
    await expect(
      response(page).getByRole("region", { name: "Gas estimate" }).getByRole("note"),
    ).toContainText("state overrides for 1 address and a block override (number)");
  });
});

test("the real mainnet body with a state override fills the form at 360 px, without sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openPlayground(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
  const fx = JSON.parse(
    readFileSync(resolve(import.meta.dirname, "../test/fixtures/mainnet/eth_estimateGas.19.json"), "utf8"),
  ) as { request: { params: [unknown, string, Record<string, { state: Record<string, string> }>] } };
  const { params } = fx.request;
  await replaceBody(page, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_estimateGas", params }));
  const [address, account] = Object.entries(params[2])[0] ?? [];
  await expect(field(page, "Account 1 address")).toHaveValue(address ?? "");
  const slots = Object.entries(account?.state ?? {});
  await expect(page.getByRole("textbox", { name: /^Account 1 state slot \d+$/ })).toHaveCount(slots.length);
  await expect(field(page, "Account 1 state slot 3 value")).toHaveValue(slots[2]?.[1] ?? "");
  // Written again from the form (an edit of the block and back): the same params, in the same order.
  await page.getByRole("textbox", { name: "Block" }).fill("latest");
  await page.getByRole("textbox", { name: "Block" }).fill(params[1]);
  await expect.poll(async () => JSON.stringify((await body(page)).params)).toBe(JSON.stringify(params));
  await expectNoSidewaysScroll(page);
});
