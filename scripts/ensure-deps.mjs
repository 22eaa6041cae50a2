// Installs the npm packages when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work on a fresh clone with no third command. It never changes a
// tracked file: with a lock it installs exactly the lock (`npm ci`). Changing dependencies is
// `npm run lock`'s job (it rewrites package-lock.json, see scripts/complete-lock.mjs).
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const lock = "package-lock.json";
const stamp = "node_modules/.package-lock.json";
const hasLock = existsSync(lock);
const stale = !existsSync(stamp) || (hasLock && statSync(lock).mtimeMs > statSync(stamp).mtimeMs + 1000);
if (stale) {
  console.log("[setup] installing npm packages (node_modules missing or older than package-lock.json)…");
  if (process.env.CI) execSync("npm ci", { stdio: "inherit" });
  else if (hasLock) {
    try {
      execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
    } catch (err) {
      console.error(
        "[setup] npm ci failed. If package.json changed, update the lock with `npm run lock` and commit both files.",
      );
      process.exit(typeof err.status === "number" && err.status > 0 ? err.status : 1);
    }
  } else execSync("npm install --no-audit --no-fund", { stdio: "inherit" }); // no lock to keep: npm writes one
}
