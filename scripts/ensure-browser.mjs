// Makes sure a Chromium is there for the browser tests: Debian's /usr/bin/chromium where apt-get
// can install it (this project's machines), else Playwright's own download (a developer's laptop).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export function ensureBrowser() {
  if (existsSync(SYSTEM_CHROMIUM)) return;
  const hasApt = existsSync("/usr/bin/apt-get");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (hasApt && isRoot) {
    console.log("[setup] installing Debian's chromium for the browser tests…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
    return;
  }
  console.log("[setup] installing Playwright's Chromium…");
  execSync("npx playwright install chromium", { stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
