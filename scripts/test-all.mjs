// `npm test`: lint, type check, unit tests, browser tests; every suite runs even when one fails,
// each says how long it took, and the last line is the plain total CI reads:
// "N passed, N failed, N skipped".
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { buildTestApp } from "../e2e/app-build.mjs";
import { buildDocsSite } from "../e2e/docs-site/build.mjs";
import { ensureBrowser } from "./ensure-browser.mjs";
import { run } from "./run.mjs";
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

/**
 * Starts a check that says only pass or fail beside the suites that follow: its output is held and
 * printed whole when `done()` is awaited, so two outputs never interleave. Lint and the type check
 * use about one core; the unit suite leaves one mostly idle while it waits on its devnet.
 */
function startCheck(name, cmd, args) {
  if (!wants(name)) return { done: async () => {} };
  const from = Date.now();
  // Its summary line keeps the suites' order, though it is known after the unit suite's.
  const line = lines.push(`${name}: still running`) - 1;
  // Into a file, printed when the check is awaited.
  const log = `${out}/${name}.log`;
  const fd = openSync(log, "w");
  const ended = run(cmd, args, { stdio: fd }).then((status) => ({ status, time: took(from) }));
  closeSync(fd);
  return {
    async done() {
      const { status, time } = await ended;
      const ok = status === 0;
      console.log(`\n=== ${name}: ${[cmd, ...args].join(" ")}`);
      process.stdout.write(readFileSync(log));
      totals[ok ? "passed" : "failed"] += 1;
      lines[line] = `${name}: ${ok ? "passed" : "FAILED"} (${time}${wants("unit") ? ", beside unit" : ""})`;
    },
  };
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

const lint = startCheck("lint", "npx", ["biome", "check", "."]);
const typecheck = startCheck("typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
const e2eBuilds = wants("e2e") ? startE2eBuilds() : undefined;

/**
 * The browser tests' two builds, made beside the unit suite (which leaves a core mostly idle)
 * instead of in the browser suite (whose two workers keep both cores busy): the app as the tests
 * serve it (e2e/global-setup.ts then skips its own build) and the VitePress docs site
 * (e2e/docs-site.spec.ts). Each one that fails is made by the browser suite as before, which says
 * why. Gives the suite's environment and the folders to remove after it.
 */
function startE2eBuilds() {
  const from = Date.now();
  // Absolute: VitePress reads a relative folder from the site's own (e2e/docs-site).
  const dirs = {
    app: resolve(`node_modules/.e2e-dist/prebuilt-${process.pid}`),
    docs: resolve(`node_modules/.e2e-docs-site/prebuilt-${process.pid}`),
  };
  const timed = (p) => p.then((ok) => ({ ok, time: took(from) }));
  const log = openSync(`${out}/e2e-app-build.log`, "w");
  const app = timed(buildTestApp(dirs.app, { stdio: log }).then((status) => status === 0));
  closeSync(log);
  const docs = timed(buildDocsSite(dirs.docs).then((built) => built.status === 0));
  return {
    async done() {
      const [a, d] = await Promise.all([app, docs]);
      console.log(
        `\n=== e2e builds (beside unit): the app ${a.ok ? `in ${a.time}` : "FAILED (the browser suite builds it)"}, the docs site ${d.ok ? `in ${d.time}` : "FAILED (its spec builds it)"}`,
      );
      return {
        env: {
          ...(a.ok ? { E2E_SKIP_BUILD: "1", E2E_OUT_DIR: dirs.app } : {}),
          ...(d.ok ? { E2E_DOCS_SITE_DIR: dirs.docs } : {}),
        },
        remove: [dirs.app, dirs.docs, `${dirs.docs}-cache`],
      };
    },
  };
}

if (wants("unit")) {
  console.log("\n=== unit: vitest run");
  const from = Date.now();
  const status = await run("npx", [
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

await lint.done();
await typecheck.done();

if (wants("e2e")) {
  console.log("\n=== e2e: playwright test");
  const from = Date.now();
  ensureBrowser();
  const builds = await e2eBuilds?.done();
  const status = await run("npx", ["playwright", "test", "--reporter=list,json"], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`, ...builds?.env },
  });
  for (const dir of builds?.remove ?? []) rmSync(dir, { recursive: true, force: true });
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
