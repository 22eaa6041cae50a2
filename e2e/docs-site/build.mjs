// The docs site's build (VitePress), as e2e/docs-site.spec.ts makes it and as `npm test`
// (scripts/test-all.mjs) makes it ahead, beside the unit suite. Plain JavaScript, for both.
import { spawn } from "node:child_process";

/**
 * The playground's address the site is built with. The playground's real address (a free port,
 * known once the tests' server runs) is put in its place as the site is served
 * (embed-host/server.ts `startStaticServer`'s `replace`), so the site can be built before it is known.
 */
export const PLAYGROUND_SLOT = "http://playground.invalid";

/** Builds the site into `outDir` (its cache beside it); resolves to the build's exit status and output. */
export function buildDocsSite(outDir) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitepress", "build", "e2e/docs-site"], {
      env: {
        ...process.env,
        PLAYGROUND_URL: PLAYGROUND_SLOT,
        DOCS_OUT_DIR: outDir,
        DOCS_CACHE_DIR: `${outDir}-cache`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => {
      output += c;
    });
    child.stderr.on("data", (c) => {
      output += c;
    });
    child.on("error", (err) => resolve({ status: 1, output: `${output}${err.message}` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}
