// One command run to its end, for the scripts that start others (scripts/test-all.mjs,
// e2e/app-build.mjs). Plain JavaScript, so npm test's runner and the browser tests' setup share it.
import { spawn } from "node:child_process";

/**
 * Runs a command to its end and gives its exit status (1 if it could not start). Asynchronous, so
 * the caller goes on beside it. `env` is added to this process's; `stdio`: "inherit", or a file
 * descriptor for its output.
 */
export function run(cmd, args, { env = {}, stdio = "inherit" } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: stdio === "inherit" ? "inherit" : ["ignore", stdio, stdio],
      env: { ...process.env, ...env },
    });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}
