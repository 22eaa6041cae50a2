// Installs the npm packages when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work on a fresh clone with no third command.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const stamp = "node_modules/.package-lock.json";
const stale = !existsSync(stamp) || statSync("package-lock.json").mtimeMs > statSync(stamp).mtimeMs + 1000;
if (stale) {
  console.log("[setup] installing npm packages (node_modules missing or older than package-lock.json)…");
  if (process.env.CI) execSync("npm ci", { stdio: "inherit" });
  else {
    execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
    // This machine's registry lacks other platforms' native builds; keep the lock whole for npm ci.
    execSync("node scripts/complete-lock.mjs", { stdio: "inherit" });
  }
}
