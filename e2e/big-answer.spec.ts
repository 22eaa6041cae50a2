import { SYNTHETIC_BASE } from "../devnet/gateway/synthetic.ts";
import { expect, response, test } from "./fixtures.ts";

/**
 * A big answer (a synthetic block of 5,000 full transactions, about 6 MB) is read by the answer
 * worker and shown from its first rows while the rest arrive (rpc/answer-parse.ts), over HTTP and
 * over WebSocket; the view and Raw end up with every row.
 */
test("a 6 MB block is read off the main thread and shown whole, over HTTP and WebSocket", async ({
  page,
  consoleErrors,
}) => {
  const workerScripts: string[] = [];
  page.on("request", (r) => {
    if (/answer-worker[^/]*\.js$/.test(r.url())) workerScripts.push(r.url());
  });
  const tag = `0x${(SYNTHETIC_BASE + 5000).toString(16)}`;
  for (const transport of ["http", "ws"] as const) {
    const params = encodeURIComponent(JSON.stringify([tag, true]));
    await page.goto(`/?network=devnet&transport=${transport}&method=eth_getBlockByNumber&params=${params}`);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const region = response(page);
    await expect(region.getByLabel("Answer details")).toContainText("Latency", { timeout: 30_000 });
    const panel = region.getByRole("tabpanel");
    await expect(panel).toContainText("5,000 transactions");
    // Every row came: the status is gone, and Raw counts them all.
    await expect(region.getByTestId("receiving")).toHaveCount(0);
    await region.getByRole("tab", { name: "Raw" }).click();
    await expect(region.getByTestId("raw-json")).toContainText("of 5000");
  }
  expect(workerScripts.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
