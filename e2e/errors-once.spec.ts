import type { Locator } from "@playwright/test";
import manifest from "../devnet/seed-manifest.json" with { type: "json" };
import { expect, openPlayground, openStarknetDevnet, response, sendBody, test } from "./fixtures.ts";

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

test("a custom-error revert: title, one sentence, the node's words folded, nothing twice", async ({
  page,
}) => {
  await openPlayground(page);
  await sendBody(page, "eth_estimateGas", [manifest.reverts.customError.call]);
  const alert = response(page).getByRole("alert");
  await expect(alert).toContainText("code 3");
  const fold = alert.locator("details");
  await expect(fold.locator("summary")).toHaveText("What the node said");
  await expect(fold).not.toHaveAttribute("open");
  expectEachOnce(await textsOf(alert));
});

test("Starknet block 99999: the error is said once", async ({ page }) => {
  await openStarknetDevnet(page);
  await sendBody(page, "starknet_getBlockWithTxHashes", { block_id: { block_number: 99999 } });
  const alert = response(page).getByRole("alert");
  await expect(alert).toContainText("code 24");
  expectEachOnce(await textsOf(alert));
});
