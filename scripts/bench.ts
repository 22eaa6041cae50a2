/**
 * `npm run bench`: prints the figures behind the speed and size targets (it asserts nothing, so a
 * slow machine cannot fail it):
 *   1. the built app: the first screen's JavaScript and CSS, and the lazily loaded Monaco chunk;
 *   2. the pure decoders on the devnet's heavy block (1,100 transactions, 5,500 logs);
 *   3. in Chromium: Send to view shown for that block and its receipts, and a scroll to the end.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { preview } from "vite";
import { startDevnet } from "../devnet/devnet.ts";
import { decodeBlock } from "../src/chain/block.ts";
import { decodeBlockReceipts } from "../src/chain/receipts.ts";

const outDir = `node_modules/.bench-dist/${process.pid}`;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function sizes() {
  const built = spawnSync(
    "npx",
    ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    // The editor mirrors its text into data-text only in a build made for tests (one attribute
    // write per edit): the bench waits on it, as the browser tests do.
    { stdio: "inherit", env: { ...process.env, VITE_E2E: "1" } },
  );
  if (built.status !== 0) throw new Error("vite build failed");
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? "");
  const assets = readdirSync(join(outDir, "assets"));
  const size = (f: string) => {
    const buf = readFileSync(join(outDir, f));
    return { raw: statSync(join(outDir, f)).size, gz: gzipSync(buf).length };
  };
  const firstScreen = first
    .map(size)
    .reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
  const monaco = assets.filter((f) => /monaco|editor\.api|^monaco/i.test(f) && f.endsWith(".js"));
  const biggest = assets
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, ...size(`assets/${f}`) }))
    .sort((a, b) => b.raw - a.raw)
    .slice(0, 3);
  console.log("\n== Bundle");
  console.log(
    `first screen (index.html's scripts and styles): ${kib(firstScreen.raw)} (${kib(firstScreen.gz)} gzip)`,
  );
  console.log(`Monaco-named chunks (loaded when the editor opens): ${monaco.length}`);
  for (const b of biggest) console.log(`largest chunk ${b.f}: ${kib(b.raw)} (${kib(b.gz)} gzip)`);
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

async function main() {
  sizes();
  const devnet = await startDevnet({ port: 0, quiet: true });
  const url = `${devnet.appConfig.evm.httpUrl}/v3/${devnet.key}`;
  try {
    const heavy = devnet.manifest.heavyBlock.numberHex;
    const block = await rpc(url, "eth_getBlockByNumber", [heavy, true]);
    const receipts = await rpc(url, "eth_getBlockReceipts", [heavy]);
    const time = (f: () => void) =>
      median(
        Array.from({ length: 7 }, () => {
          const t = performance.now();
          f();
          return performance.now() - t;
        }),
      );
    console.log("\n== Decoders (median of 7)");
    console.log(
      `decodeBlock, heavy block with 1,100 full transactions: ${time(() => decodeBlock(block)).toFixed(1)} ms`,
    );
    console.log(
      `decodeBlockReceipts, 1,100 receipts and 5,500 logs: ${time(() => decodeBlockReceipts(receipts)).toFixed(1)} ms`,
    );

    process.env.PLAYGROUND_DEVNET = JSON.stringify(devnet.appConfig);
    const server = await preview({
      preview: { port: 0, host: "127.0.0.1" },
      build: { outDir },
      logLevel: "warn",
    });
    const appUrl = server.resolvedUrls?.local[0] ?? "";
    const browser = await chromium.launch({
      ...(existsSync("/usr/bin/chromium") ? { executablePath: "/usr/bin/chromium" } : {}),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    console.log("\n== In Chromium (Send to view shown; includes the request)");
    try {
      for (const [method, params, ready] of [
        ["eth_getBlockByNumber", [heavy, true], "1,100 transactions"],
        ["eth_getBlockReceipts", [heavy], "5,500 logs"],
      ] as const) {
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const page = await browser.newPage();
          await page.goto(appUrl);
          await page.getByRole("combobox", { name: "Method" }).selectOption(method);
          await page.getByTestId("body-editor").locator(".monaco-editor").waitFor();
          const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
          // Select all in the editor, then paste the body (as the browser tests do).
          await page.getByTestId("body-editor").locator(".view-lines").click();
          await page.keyboard.press("ControlOrMeta+A");
          await page.evaluate((text) => {
            const data = new DataTransfer();
            data.setData("text/plain", text);
            (document.activeElement ?? document.body).dispatchEvent(
              new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
            );
          }, body);
          // The editor holds the pasted body (its text is mirrored in data-text) before Send.
          await page.waitForFunction(
            (text) => document.querySelector("[data-testid=body-editor]")?.getAttribute("data-text") === text,
            body,
          );
          const t = Date.now();
          await page.getByRole("button", { name: "Send", exact: true }).click();
          await page
            .getByRole("region", { name: "Response" })
            .getByText(ready)
            .first()
            .waitFor({ timeout: 60_000 });
          runs.push(Date.now() - t);
          await page.close();
        }
        console.log(
          `${method}(${JSON.stringify(params)}): ${runs.join(", ")} ms (median ${median(runs)} ms)`,
        );
      }
    } finally {
      await browser.close();
      await new Promise<void>((r) => server.httpServer.close(() => r()));
    }
  } finally {
    await devnet.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
