import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig, devices } from "@playwright/test";
import { OMNIBOX_POPUP_FEATURES, SPARE_RENDERER_FEATURES } from "./scripts/chromium-features.ts";

// Debian's Chromium where it is installed (this project's machines and CI); otherwise
// Playwright's own browser, which `npx playwright install chromium` downloads on a laptop.
const systemChromium = "/usr/bin/chromium";
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

/**
 * The omnibox popup's features go off (OMNIBOX_POPUP_FEATURES): every test's browser context is a
 * window, and Chromium made the popup for each. request.spec.ts and failures.spec.ts took 107-109 s
 * of CPU and 56-57 s on 2 cores with it, 76-81 s and 43-47 s without. The spare renderer goes off
 * too (SPARE_RENDERER_FEATURES): a process started for a next navigation that a test's fresh
 * context mostly never makes. Chromium reads only the last `--disable-features`, and Playwright passes its own list
 * (chromiumSwitches.ts in playwright-core, not exported), so ours repeats Playwright's, read from its
 * bundle. If that list cannot be read, nothing is added (the tests run as before, slower), and
 * e2e/app-loads.spec.ts, which checks in the tests' browser that both lists are in force, fails.
 */
function disableFeatures(): string[] {
  try {
    const bundle = readFileSync(
      createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle"),
      "utf8",
    );
    const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
    const theirs = [...(list ?? "").replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    return theirs.length > 0
      ? [`--disable-features=${[...theirs, ...OMNIBOX_POPUP_FEATURES, ...SPARE_RENDERER_FEATURES].join(",")}`]
      : [];
  } catch {
    return [];
  }
}

// One output folder per run (workers inherit the variable), so runs side by side never share traces.
process.env.PW_RUN_ID ??= String(process.pid);

export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/${process.env.PW_RUN_ID}`,
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  ...(process.env.CI ? { workers: 2 } : {}),
  retries: 0,
  forbidOnly: !!process.env.CI,
  globalSetup: "./e2e/global-setup.ts",
  use: {
    // Set by the global setup, which runs before the workers start and hands them its env.
    baseURL: process.env.E2E_APP_URL,
    // A failed test keeps its trace: every step with the page's DOM, the console and the network;
    // without the screencast, which cost about a sixth of the suite's CPU on 2 cores. Its last
    // screen is kept as a screenshot. Not on CI, which keeps the log only: recording every test's
    // trace to keep none cost about a tenth of the suite's time there.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // V8's optimizing compilers off: a test's page lives seconds, and compiling its hot code
        // again, optimized, cost more than it saved (8% of the suite's time on 2 cores).
        // Speed is the bench's to measure (scripts/bench.ts), with everything on.
        "--js-flags=--no-opt --no-maglev",
        ...disableFeatures(),
      ],
    },
  },
});
