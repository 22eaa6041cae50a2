import { readFile } from "node:fs/promises";
import { addLoopbackNetwork, expect, openPlayground, response, sendBody, test } from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/** An answer over the size limit is not read into the page: a message, and the file instead. */
let node: Awaited<ReturnType<typeof startLoopbackNode>>;
test.beforeAll(async () => {
  node = await startLoopbackNode((_path, request) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: request.id,
      result: { number: "0x1", extraData: `0x${"ab".repeat(1_500_000)}` },
    }),
  );
});
test.afterAll(() => node.close());

test("an answer over the limit says so and downloads whole instead; a higher limit shows it", async ({
  page,
  consoleErrors,
}) => {
  await openPlayground(page);
  await addLoopbackNetwork(page, "Big answers", node.base);
  await page.getByLabel("API key").fill("k");
  await page.getByLabel("Answer limit (MiB)").fill("1");
  await sendBody(page, "eth_getBlockByNumber", ["0x1", false]);
  const region = response(page);
  const alert = region.getByRole("alert");
  await expect(alert).toContainText("The answer is over the 1.0 MiB limit");
  await expect(alert).toContainText("reading stopped there");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    alert.getByRole("button", { name: "Download the answer instead" }).click(),
  ]);
  const text = await readFile((await download.path()) ?? "", "utf8");
  expect(text.length).toBeGreaterThan(3_000_000);
  expect(JSON.parse(text)).toMatchObject({ result: { number: "0x1" } });
  await expect(alert.getByRole("status")).toHaveText("Saved as a file.");

  // Raised, the same answer is shown.
  await page.getByLabel("Answer limit (MiB)").fill("8");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(region.getByText("Latency")).toBeVisible();
  await expect(region.getByRole("alert")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
