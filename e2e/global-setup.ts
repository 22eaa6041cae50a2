import { rmSync } from "node:fs";
import type { FullConfig } from "@playwright/test";
import { type Plugin, preview } from "vite";
import { startDevnet } from "../devnet/devnet.ts";
import { buildTestApp } from "./app-build.mjs";

/** The app built for the tests into `outDir` (the devnet starts meanwhile). */
async function build(outDir: string): Promise<void> {
  if ((await buildTestApp(outDir)) !== 0)
    throw new Error("vite build failed; the browser tests need the built app");
}

/**
 * `vite preview` gzips every answer as it sends it: Monaco's chunks, about 4 MB, once for each page
 * the tests open (a new browser context has an empty cache), in the test runner's own process. Over
 * loopback nothing is gained by it: twenty page loads took 9.5 s of the runner's CPU with it, 5.9 s
 * without. A request that asks for no encoding gets the files as they are.
 */
function noCompression(): Plugin {
  return {
    name: "e2e-no-compression",
    configurePreviewServer(server) {
      // Runs before Vite's own middlewares, its compression included.
      server.middlewares.use((req, _res, next) => {
        delete req.headers["accept-encoding"];
        next();
      });
    },
  };
}

/**
 * Starts a real devnet (Anvil + gateway + Starknet simulator) on a free loopback port, builds the
 * app and serves the build on another free port, so the browser tests talk to a real node from
 * another origin (CORS included) and can run beside a playground the developer has open.
 */
export default async function globalSetup(_config: FullConfig) {
  // Each run builds into its own folder, so two runs (or a run beside `vite build`) never share one.
  const outDir = process.env.E2E_OUT_DIR ?? `node_modules/.e2e-dist/${process.pid}`;
  // The build and the devnet do not wait for each other (the build holds no devnet address or key).
  const [started, built] = await Promise.allSettled([
    // With the bench's synthetic blocks (reserved block numbers, devnet/gateway/synthetic.ts) for big answers.
    startDevnet({ port: 0, quiet: true, synthetic: true }),
    process.env.E2E_SKIP_BUILD ? Promise.resolve() : build(outDir),
  ]);
  if (started.status === "rejected") throw started.reason;
  const devnet = started.value;
  if (built.status === "rejected") {
    await devnet.stop();
    throw built.reason;
  }
  process.env.PLAYGROUND_DEVNET = JSON.stringify(devnet.appConfig);
  process.env.E2E_DEVNET = JSON.stringify(devnet.appConfig);

  // For a spec that serves a copy of the build with files of its own (e2e/provider-config.spec.ts).
  process.env.E2E_BUILD_DIR = outDir;
  const server = await preview({
    plugins: [noCompression()],
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
    build: { outDir },
    logLevel: "warn",
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview did not report its address");
  process.env.E2E_APP_URL = url.replace(/\/$/, "");

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await devnet.stop();
    if (!process.env.E2E_OUT_DIR) rmSync(outDir, { recursive: true, force: true });
  };
}
