// `npm test`: lint, type check, unit tests, browser tests; every suite runs even when one fails,
// each says how long it took, and the last line is the plain total CI reads:
// "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureBrowser } from "./ensure-browser.mjs";
import { playwrightFailures, vitestFailures } from "./test-reports.mjs";

const SUITES = ["lint", "typecheck", "unit", "e2e"];

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
// A misspelt name would otherwise run nothing and report "0 passed, 0 failed": refuse it before any suite runs.
const unknown = only.filter((name) => !SUITES.includes(name));
if (unknown.length > 0) {
  console.error(
    `Unknown test suite${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. ` +
      `The suites are: ${SUITES.join(", ")} (e.g. \`npm test -- unit e2e\`; none named runs them all).`,
  );
  process.exit(1);
}
const wants = (name) => only.length === 0 || only.includes(name);

const out = ".ci-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** The failed tests' names, said again after every suite's output (a CI log is often read from its tail). */
const failures = [];
const started = Date.now();

/** `12.3 s` since `from`. */
const took = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(name, cmd, args) {
  if (!wants(name)) return;
  console.log(`\n=== ${name}: ${[cmd, ...args].join(" ")}`);
  const from = Date.now();
  const ok = run(cmd, args) === 0;
  totals[ok ? "passed" : "failed"] += 1;
  lines.push(`${name}: ${ok ? "passed" : "FAILED"} (${took(from)})`);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

check("lint", "npx", ["biome", "check", "."]);
check("typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);

if (wants("unit")) {
  console.log("\n=== unit: vitest run");
  const from = Date.now();
  const status = run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}/vitest.json`,
  ]);
  const r = readJson(`${out}/vitest.json`);
  if (r) {
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += skipped;
    // A suite that failed to load (syntax error, setup crash) has no failed test: count it.
    const brokenSuites = status !== 0 && r.numFailedTests === 0 ? 1 : 0;
    failures.push(...vitestFailures(r).map((f) => `unit: ${f}`));
    totals.failed += brokenSuites;
    lines.push(
      `unit: ${r.numPassedTests} passed, ${r.numFailedTests + brokenSuites} failed, ${skipped} skipped (${took(from)})`,
    );
  } else {
    totals.failed += 1;
    lines.push("unit: no report (vitest did not run)");
  }
}

if (wants("e2e")) {
  console.log("\n=== e2e: playwright test");
  const from = Date.now();
  ensureBrowser();
  const status = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  const r = readJson(`${out}/playwright.json`);
  if (r?.stats) {
    const { expected, unexpected, flaky, skipped } = r.stats;
    totals.passed += expected + flaky;
    totals.failed += unexpected;
    totals.skipped += skipped;
    const broken = status !== 0 && unexpected === 0 ? 1 : 0;
    failures.push(...playwrightFailures(r).map((f) => `e2e: ${f}`));
    totals.failed += broken;
    lines.push(
      `e2e: ${expected + flaky} passed (${flaky} flaky), ${unexpected + broken} failed, ${skipped} skipped (${took(from)})`,
    );
  } else {
    totals.failed += 1;
    lines.push("e2e: no report (playwright did not run)");
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${lines.join("\n")}\nall suites: ${took(started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || !existsSync(out) ? 1 : 0);
