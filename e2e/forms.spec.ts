import type { Page } from "@playwright/test";
import {
  bodyText,
  expect,
  holdRequests,
  keptState,
  openPlayground,
  openStarknetDevnet,
  response,
  sendButton,
  test,
} from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

const body = async (page: Page) => JSON.parse(await bodyText(page));

/**
 * The EVM devnet's network, then `method`: each EVM step chooses both at its start, whatever the
 * step before left (the Starknet step leaves its own network).
 */
async function evmMethod(page: Page, method: string) {
  await page.getByRole("combobox", { name: "Network" }).selectOption({ label: "Local devnet (Anvil)" });
  await page.getByRole("combobox", { name: "Method" }).selectOption(method);
}

/**
 * The fields of five methods on one page (one page load instead of five), each step on a method of
 * its own. The Starknet step comes first, as the page opens on that network, so its sends are the
 * page's first two (ids 1 and 2); a later step that sends waits for its method in the answer's
 * details before it reads the answer (the one before stays on screen until it is replaced).
 */
test("form fields: Starknet block_id as latest, pending, a block number and a hash, sent as the params object; an address with a wrong checksum is reported at its field and asks for Send anyway; a block tag button fills the block field and a decimal block is explained as hex; eth_getProof storage keys are added and removed, short keys padded when sent; eth_estimateGas call object: optional fields added, gasPrice and EIP-1559 fees not both, block only when set", async ({
  page,
}) => {
  await openStarknetDevnet(page);
  const details = response(page).getByLabel("Answer details");

  await test.step("Starknet block_id: latest, pending, a block number and a hash, sent as the params object", async () => {
    await expect.poll(async () => (await body(page)).params).toEqual({ block_id: "latest" });
    await page.getByRole("radio", { name: "pending" }).check();
    await expect.poll(async () => (await body(page)).params).toEqual({ block_id: "pending" });
    await page.getByRole("radio", { name: "Block number" }).check();
    await page.getByRole("textbox", { name: "Starknet block number" }).fill("0x2");
    await expect(page.getByTestId("field-error")).toContainText(/decimal integer/);
    await page.getByRole("textbox", { name: "Starknet block number" }).fill("2");
    await expect.poll(async () => (await body(page)).params).toEqual({ block_id: { block_number: 2 } });
    await sendButton(page).click();
    await response(page).getByRole("tab", { name: "Raw" }).click();
    const raw = response(page).getByTestId("raw-json");
    await expect(raw).toContainText('"block_number": 2');
    // The same block by its hash, read from that answer.
    const hash = /"block_hash": "(0x[0-9a-f]+)"/.exec((await raw.textContent()) ?? "")?.[1];
    expect(hash).toBeDefined();
    await page.getByRole("radio", { name: "Block hash" }).check();
    await page.getByRole("textbox", { name: "Starknet block hash" }).fill(hash ?? "");
    await expect.poll(async () => (await body(page)).params).toEqual({ block_id: { block_hash: hash } });
    await sendButton(page).click();
    await expect(details).toContainText("id2");
    await response(page).getByRole("tab", { name: "Raw" }).click();
    await expect(response(page).getByTestId("raw-json")).toContainText('"block_number": 2');
    await page.getByRole("radio", { name: "latest" }).check();
    await expect.poll(async () => (await body(page)).params).toEqual({ block_id: "latest" });
  });

  await test.step("an address with a wrong checksum is reported at its field and asks for Send anyway", async () => {
    await evmMethod(page, "eth_getStorageAt");
    const address = page.getByRole("textbox", { name: "Address" });
    await address.fill("0x5FbDB2315678afecb367f032d93F642f64180aA3");
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("field-error")).toContainText(/checksum/);
    await expect(page.getByTestId("send-problems")).toContainText(/checksum/);
    await expect(page.getByRole("button", { name: "Send anyway" })).toBeVisible();
    await address.fill("0x5fbdb2315678afecb367f032d93f642f64180aa3");
    await expect(page.getByTestId("field-error")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send anyway" })).toHaveCount(0);
    await expect(sendButton(page)).toBeEnabled();
  });

  await test.step("a block tag button fills the block field; a decimal block is explained as hex", async () => {
    await evmMethod(page, "eth_getBlockByNumber");
    await page.getByRole("button", { name: "finalized" }).click();
    await expect.poll(async () => (await body(page)).params[0]).toBe("finalized");
    await page.getByRole("textbox", { name: "Block number" }).fill("436");
    await expect(page.getByTestId("field-error")).toContainText("0x1b4");
  });

  await test.step("eth_getProof storage keys: add and remove rows; short keys are padded when sent", async () => {
    await evmMethod(page, "eth_getProof");
    await expect(page.getByRole("textbox", { name: /^Storage key \d$/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Add storage key" }).click();
    await page.getByRole("textbox", { name: "Storage key 3" }).fill("0x1");
    await expect.poll(async () => (await body(page)).params[1][2]).toBe(`0x${"0".repeat(63)}1`);
    await page.getByRole("button", { name: "Remove storage key 2" }).click();
    await expect(page.getByRole("textbox", { name: /^Storage key \d$/ })).toHaveCount(2);
    await sendButton(page).click();
    await expect(details).toContainText("eth_getProof");
    await response(page).getByRole("tab", { name: "Raw" }).click();
    await expect(response(page).getByTestId("raw-json")).toContainText("storageProof");
  });

  await test.step("eth_estimateGas call object: optional fields added; gasPrice and EIP-1559 fees not both; block only when set", async () => {
    await evmMethod(page, "eth_estimateGas");
    await expect.poll(async () => (await body(page)).params).toHaveLength(1);
    await page.getByLabel("Add field").selectOption("gasPrice");
    await page.getByRole("textbox", { name: "gasPrice" }).fill("0x3b9aca00");
    await page.getByLabel("Add field").selectOption("maxFeePerGas");
    await page.getByRole("textbox", { name: "maxFeePerGas" }).fill("0x3b9aca00");
    await expect(page.getByTestId("send-problems")).toContainText(/do not go together/);
    await page.getByRole("button", { name: "Remove gasPrice" }).click();
    await expect(page.getByTestId("send-problems")).toHaveCount(0);
    await page.getByRole("textbox", { name: "Block" }).fill("latest");
    await expect.poll(async () => (await body(page)).params[1]).toBe("latest");
    await sendButton(page).click();
    await expect(details).toContainText("eth_estimateGas");
    await expect(response(page).getByRole("alert")).toHaveCount(0);
  });
});

test("a field whose code cannot download says so in its place; the rest of the form works, and Try again loads it for every field of it", async ({
  page,
}) => {
  // The call object's field is a chunk of its own (LazyField.tsx), as on a connection that drops.
  const chunk = /\/assets\/object-fields-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort());
  // The shell's head start for the chunk (one of its idle steps, late on a busy machine) fails
  // first: once the route lets the chunk through, only Try again asks for it (a late head start
  // loaded it under the click, and the error it was to clear went with it).
  const headStart = page.waitForRequest(chunk);
  await openPlayground(page);
  await headStart;
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
  // Each of the method's fields of that chunk says so in its place (three for eth_estimateGas).
  const failed = page
    .getByRole("alert")
    .filter({ hasText: /^Could not show the Transaction call object field/ });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("its code could not download (is the network down?)");
  await expect(failed).toContainText("your request is as you left it");
  await expect(
    page.getByRole("alert").filter({ hasText: /^Could not show the \w+ override field/ }),
  ).toHaveCount(2);
  await expect(page.getByLabel("Add field")).toHaveCount(0);
  // The method's example is in the body as chosen, and the field beside it still writes into it.
  await expect.poll(async () => (await body(page)).params[0].to).toMatch(/^0x[0-9a-f]{40}$/i);
  await page.getByRole("textbox", { name: "Block" }).fill("latest");
  await expect.poll(async () => (await body(page)).params[1]).toBe("latest");

  await page.unroute(chunk);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed).toHaveCount(0);
  // The chunk is in: the other two fields of it show too, with no Try again of their own.
  await expect(
    page.getByRole("alert").filter({ hasText: /^Could not show the \w+ override field/ }),
  ).toHaveCount(0);
  await expect(page.getByTestId("field-loading")).toHaveCount(0);
  await page.getByLabel("Add field").selectOption("gasPrice");
  await page.getByRole("textbox", { name: "gasPrice" }).fill("0x3b9aca00");
  await expect.poll(async () => (await body(page)).params[0].gasPrice).toBe("0x3b9aca00");
  await sendButton(page).click();
  await expect(response(page).getByLabel("Answer details")).toContainText("eth_estimateGas");
});

test("the slot calculator's code arriving moves neither the body nor Send: it sits below them", async ({
  page,
  consoleErrors,
}) => {
  // Its chunk held back, as on a slow network: the calculator shows its placeholder first.
  const release = await holdRequests(page, /\/assets\/SlotCalculator-[^/]*\.js$/);
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_getStorageAt");
  const calculator = page.getByRole("region", { name: "Storage slot calculator" });
  await expect(calculator).toContainText("Loading…");
  const send = sendButton(page);
  const body = page.getByTestId("body-plain");
  const before = { send: await send.boundingBox(), body: await body.boundingBox() };
  release();
  await expect(calculator.getByLabel("Mapping slot")).toBeVisible();
  expect({ send: await send.boundingBox(), body: await body.boundingBox() }).toEqual(before);
  expect(consoleErrors).toEqual([]);
});

/** The fields' chunk (LazyField.tsx), held back in the tests of a page's first drawing. */
const OBJECT_FIELDS = /\/assets\/object-fields-[^/]*\.js$/;

type FieldsSeen = { __sendCameWith?: string; __placeholdersDrawn?: boolean };

/**
 * Notes, in each page opened from now on, what it showed when Send first came (the form's fields,
 * or the placeholders whose replacement would move Send by ~300 px) and whether the placeholders
 * were ever drawn: `fieldsSeen` reads both.
 */
const noteFieldPlaceholders = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as FieldsSeen;
    new MutationObserver(() => {
      const placeholders = document.querySelector("[data-testid=field-loading]") !== null;
      if (placeholders) w.__placeholdersDrawn = true;
      if (w.__sendCameWith !== undefined) return;
      const send = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send");
      if (send) w.__sendCameWith = placeholders ? "placeholders" : "fields";
    }).observe(document, { subtree: true, childList: true });
  });
const fieldsSeen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as FieldsSeen;
    return { sendCameWith: w.__sendCameWith, placeholdersDrawn: w.__placeholdersDrawn === true };
  });

/** Opens `path` with the fields' chunk held; once the page asked for it, no Send shows until it comes. */
async function openWithFieldsHeld(page: Page, path: string) {
  const release = await holdRequests(page, OBJECT_FIELDS);
  const asked = page.waitForRequest(OBJECT_FIELDS);
  await page.goto(path);
  // The chunk is asked for by the form's first drawing: the page waits for it, with no Send.
  await asked;
  await expect(page.getByText("Loading…")).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);
  release();
  await expect(page.getByLabel("Add field")).toBeVisible();
  expect((await fieldsSeen(page)).sendCameWith).toBe("fields");
}

test("a page opening on eth_estimateGas (the method kept from last time) draws its form whole: Send shows with the fields, not with their placeholders", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
  await expect.poll(() => keptState(page)).toContain("eth_estimateGas");
  // Opened again (routing turns the HTTP cache off) without a query: a link (the address the page
  // keeps in step, 250 ms behind an edit) is put in place after the first drawing, and would
  // replace the kept method.
  await noteFieldPlaceholders(page);
  await openWithFieldsHeld(page, "/");
  await sendButton(page).click();
  await expect(response(page).getByLabel("Answer details")).toContainText("eth_estimateGas");
  expect(consoleErrors).toEqual([]);
});

test("an embed of eth_estimateGas draws its form whole: Send shows with the fields", async ({
  page,
  consoleErrors,
}) => {
  await noteFieldPlaceholders(page);
  // No key: the page around an embed hands one in (embed.spec sends through one).
  await openWithFieldsHeld(page, "/embed?method=eth_estimateGas&network=devnet");
  expect(consoleErrors).toEqual([]);
});

test("a link to eth_estimateGas on a fresh page is put in place with its form whole; a Send clicked meanwhile sends the link's request", async ({
  page,
  consoleErrors,
}) => {
  // Whether the fields' placeholders were ever drawn (their code arriving would then grow the form).
  await noteFieldPlaceholders(page);
  const release = await holdRequests(page, OBJECT_FIELDS);
  const asked = page.waitForRequest(OBJECT_FIELDS);
  const call = {
    from: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  };
  await page.goto(
    `/?network=devnet&method=eth_estimateGas&params=${encodeURIComponent(JSON.stringify([call]))}`,
  );
  await asked;
  // The page shows what it had (the default method) until the link's fields can be drawn.
  await expect(page.getByLabel("API key")).not.toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_getBlockByNumber");
  await sendButton(page).click();
  release();
  await expect(page.getByRole("combobox", { name: "Method" })).toHaveValue("eth_estimateGas");
  await expect(page.getByLabel("Add field")).toBeVisible();
  await expect(response(page).getByLabel("Answer details")).toContainText("eth_estimateGas");
  expect((await fieldsSeen(page)).placeholdersDrawn).toBe(false);
  expect(consoleErrors).toEqual([]);
});

/**
 * The playground on eth_estimateGas with the fields' chunk held back (the page prefetches it in idle
 * time): a method picked before it comes shows the placeholders, which the fields replace, moving
 * Send down by about 300 px. `release` lets the chunk come.
 */
async function estimateGasWithFieldsHeld(page: Page) {
  const release = await holdRequests(page, OBJECT_FIELDS);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPlayground(page);
  await page.getByRole("combobox", { name: "Method" }).selectOption("eth_estimateGas");
  const placeholders = page.getByTestId("field-loading");
  await expect(placeholders.first()).toBeVisible();
  return { release, placeholders };
}

test("the fields' code arriving while Send is pressed waits for the release: the click sends", async ({
  page,
}) => {
  const { release, placeholders } = await estimateGasWithFieldsHeld(page);
  await sendButton(page).scrollIntoViewIfNeeded();
  const send = await sendButton(page).boundingBox();
  if (!send) throw new Error("Send is not on screen");
  await page.mouse.move(send.x + send.width / 2, send.y + send.height / 2);
  await page.mouse.down();
  // The code comes with Send pressed: loaded and run, its fields still wait for the release.
  const came = page.waitForResponse(OBJECT_FIELDS);
  release();
  await came;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  await expect(placeholders.first()).toBeVisible();
  await page.mouse.up();
  await expect(response(page).getByRole("region", { name: "Gas estimate" })).toContainText("Estimated gas");
  await expect(placeholders).toHaveCount(0);
  await expect(page.getByLabel("Add field")).toBeVisible();
});

test("the fields' code in before a press on Send is drawn at once, not under the press: the click sends", async ({
  page,
}) => {
  // The code released as soon as the placeholders show: React drew a Suspense boundary's content
  // no sooner than 300 ms after its fallback, so code in before a press was drawn during it, the
  // form grew under the pointer and the release made no click (CI: Starknet chosen, Send lost).
  const { release, placeholders } = await estimateGasWithFieldsHeld(page);
  const came = page.waitForResponse(OBJECT_FIELDS);
  release();
  const chunk = (await came).url();
  // The code run (the page's own import of it is then in too) and a task after: what its arrival
  // set off is drawn by then. Read once, not waited for: "drawn at once" is the point.
  await page.evaluate(async (url) => {
    await import(url);
    await new Promise((done) => setTimeout(done, 0));
  }, chunk);
  expect(await placeholders.count()).toBe(0);
  await expect(page.getByLabel("Add field")).toBeVisible();
  await sendButton(page).click();
  await expect(response(page).getByRole("region", { name: "Gas estimate" })).toContainText("Estimated gas");
});
