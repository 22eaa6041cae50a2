// The app built for the browser tests, as e2e/global-setup.ts, e2e/base-path.spec.ts and `npm test`
// (scripts/test-all.mjs, beside the unit suite) make it. Plain JavaScript, for all three.
import { run } from "../scripts/run.mjs";

/**
 * `vite build` of the app for the tests into `outDir`, in a child process: a build for the tests
 * (VITE_E2E: the editor mirrors its text into data-text, BodyEditor.tsx), served under `base` if
 * given (PLAYGROUND_BASE). Its output goes to `stdio` ("inherit", or a file descriptor). Resolves to
 * its exit status.
 */
export function buildTestApp(outDir, { base, stdio = "inherit" } = {}) {
  return run("npx", ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
    stdio,
    env: { VITE_E2E: "1", ...(base ? { PLAYGROUND_BASE: base } : {}) },
  });
}
