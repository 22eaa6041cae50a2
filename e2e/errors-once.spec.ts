import type { Locator } from "@playwright/test";
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import { chooseStarknetDevnet, expect, openPlayground, response, sendBody, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** The texts of an error notice (the folded part included), each normalised. */
async function textsOf(alert: Locator): Promise<string[]> {
  return alert.evaluate((el) =>
    [...el.querySelectorAll("p, summary, dd")].map((p) =>
      (p.textContent ?? "").toLowerCase().replace(/\s+/g, " ").trim(),
    ),
  );
}

/** No text of the notice is shown twice, nor held whole by another of its texts. */
function expectEachOnce(texts: string[]) {
  const strip = (s: string) => s.replace(/[\s.:;,!]+$/, "");
  texts.forEach((t, i) => {
    texts.forEach((u, j) => {
      if (i !== j && t.length > 12)
        expect(strip(u).includes(strip(t)), `"${t}" appears again in "${u}"`).toBe(false);
    });
  });
}

/**
 * An error of each chain kind on one page (one page load instead of two): the EVM revert, then the
 * Starknet simulator's, chosen in the page; each notice is read once its own code shows (3, then 24).
 */
test("a custom-error revert: title, one sentence, the node's words folded, nothing twice; Starknet block 99999: the error is said once", async ({
  page,
}) => {
  await openPlayground(page);
  await test.step("a custom-error revert: title, one sentence, the node's words folded, nothing twice", async () => {
    await sendBody(page, "eth_estimateGas", [manifest.reverts.customError.call]);
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText("code 3");
    const fold = alert.locator("details");
    await expect(fold.locator("summary")).toHaveText("What the node said");
    await expect(fold).not.toHaveAttribute("open");
    expectEachOnce(await textsOf(alert));
  });
  await test.step("Starknet block 99999: the error is said once", async () => {
    await chooseStarknetDevnet(page);
    await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: { block_number: 99999 } });
    const alert = response(page).getByRole("alert");
    await expect(alert).toContainText("code 24");
    expectEachOnce(await textsOf(alert));
  });
});
