// The app built for the browser tests, as e2e/global-setup.ts, e2e/base-path.spec.ts and `npm test`
// (scripts/test-all.mjs, beside the unit suite) make it. Plain JavaScript, for all three.
import { spawn } from "node:child_process";

/**
 * `vite build` of the app for the tests into `outDir`, in a child process: a build for the tests
 * (VITE_E2E: the editor mirrors its text into data-text, BodyEditor.tsx), served under `base` if
 * given (PLAYGROUND_BASE). Its output goes to `stdio` ("inherit", or a file descriptor). Resolves to
 * its exit status.
 */
export function buildTestApp(outDir, { base, stdio = "inherit" } = {}) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
      stdio: stdio === "inherit" ? "inherit" : ["ignore", stdio, stdio],
      env: { ...process.env, VITE_E2E: "1", ...(base ? { PLAYGROUND_BASE: base } : {}) },
    });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}
