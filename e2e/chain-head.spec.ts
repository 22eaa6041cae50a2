import { chooseStarknetDevnet, expect, openPlayground, response, sendBody, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * The head of each chain kind on one page (one page load instead of two): the devnet's EVM chain,
 * then the Starknet simulator, chosen in the page; each step waits for what only its answers show
 * (the Starknet block's "Neighbouring blocks", its error's code 24).
 */
test("on the chain's head, 'next' is disabled and says why; a block after it is 'not mined yet'; Starknet: the head's 'next' is disabled; a block after it says 'not mined yet' with the node's error", async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("on the chain's head, 'next' is disabled and says why; a block after it is 'not mined yet'", async () => {
    await sendBody(page, "eth_getBlockByNumber", ["latest", false]);
    const nav = response(page).getByRole("navigation", { name: "Block navigation" });
    const next = nav.getByRole("button", { name: "next →" });
    await expect(next).toBeDisabled();
    await expect(nav).toContainText("this is the latest block");
    const title = (await response(page).getByRole("heading", { level: 3 }).first().textContent()) ?? "";
    const head = BigInt(/Block (\d+)/.exec(title)?.[1] ?? "0");

    await sendBody(page, "eth_getBlockByNumber", [`0x${(head + 1n).toString(16)}`, false]);
    const status = response(page).getByRole("status").filter({ hasText: "Not mined yet" });
    await expect(status).toContainText(`Block ${head + 1n} is after the chain's head (block ${head})`);

    // An older block keeps its live "next" link.
    await sendBody(page, "eth_getBlockByNumber", ["0x1", false]);
    await expect(response(page).getByRole("button", { name: /^Next block \(2\):/ })).toBeEnabled();
  });
  await test.step("Starknet: the head's 'next' is disabled; a block after it says 'not mined yet' with the node's error", async () => {
    await chooseStarknetDevnet(page);
    await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: "latest" });
    const nav = response(page).getByRole("navigation", { name: "Neighbouring blocks" });
    await expect(nav.getByRole("button", { name: "next →" })).toBeDisabled();
    await expect(nav).toContainText("this is the latest block");
    const text =
      (await response(page)
        .getByText(/^Block \d+$/)
        .first()
        .textContent()) ?? "";
    const head = BigInt(/(\d+)/.exec(text)?.[1] ?? "0");

    await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: { block_number: Number(head + 1n) } });
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText("Not mined yet");
    await expect(alert).toContainText("code 24");
    await expect(alert).toContainText(`Block ${head + 1n} is after the chain's head (block ${head})`);
  });
});
