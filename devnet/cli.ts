import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeBase } from "../scripts/base-path.ts";
import { buildIsCurrent, markBuilt, sourceStamp } from "./app-build.ts";
import { type RunningDevnet, startDevnet } from "./devnet.ts";
import { PortInUseError } from "./gateway/server.ts";

/**
 * `npm run devnet`: starts Anvil, seeds it, starts the gateway, prints the addresses and the key.
 * `npm start` adds `--serve-app`: the app's production build too (built once, rebuilt when a
 * source changed), with the devnet preselected. `npm run dev` adds `--dev`: Vite's dev server
 * instead, for development (hot reload).
 * Ctrl+C (SIGINT), SIGTERM and SIGHUP stop everything, Anvil included.
 */

const HELP = `Usage: node --import tsx devnet/cli.ts [--serve-app [--dev]] [--verbose]

  --serve-app   also serve the playground app: its production build (built on the first start and
                whenever a source changed), at 127.0.0.1:5173 or the next free port
  --dev         with --serve-app: Vite's dev server instead (hot reload; for development)
  --verbose     show Anvil's output and one line per request the gateway answers

Environment: DEVNET_PORT (gateway port, default 8645; 0 = any free port),
             DEVNET_KEY (accepted API key, default "devnet-key"),
             PLAYGROUND_BASE (with --serve-app: the path the app is built for and served
             under, e.g. /playground/; default /).`;

const args = new Set(process.argv.slice(2));
if (args.has("--help") || args.has("-h")) {
  console.log(HELP);
  process.exit(0);
}
const unknown = [...args].filter((a) => !["--serve-app", "--dev", "--verbose"].includes(a));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]}\n\n${HELP}`);
  process.exit(2);
}
const serveApp = args.has("--serve-app");
const devServer = args.has("--dev");
const verbose = args.has("--verbose");

let devnet: RunningDevnet | undefined;
let vite: { close(): Promise<void> } | undefined;
let stopping: Promise<void> | undefined;

async function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled([vite?.close(), devnet?.stop()]);
  })();
  return stopping;
}

let started: Promise<void> | undefined;
let signals = 0;
function onSignal(signal: NodeJS.Signals) {
  signals += 1;
  if (signals > 1) {
    console.error(`\n${signal} again: exiting now.`);
    process.exit(130);
  }
  console.log(`\n${signal}: stopping the devnet...`);
  void (started ?? Promise.resolve())
    .catch(() => {})
    .then(stopAll)
    .then(() => {
      console.log("Stopped.");
      process.exit(0);
    });
}
for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(s, onSignal);

async function fail(message: string): Promise<never> {
  console.error(message);
  await stopAll();
  process.exit(1);
}
process.on("uncaughtException", (err) => void fail(`Unexpected error: ${err.message}`));
process.on("unhandledRejection", (err) => void fail(`Unexpected error: ${String(err)}`));

async function main(): Promise<void> {
  console.log("Starting the devnet (Anvil, seed step, gateway)...");
  devnet = await startDevnet({
    quiet: !verbose,
    ...(verbose ? { log: (line: string) => console.log(`  [gateway] ${line}`) } : {}),
  });
  const { appConfig, key, manifest } = devnet;
  const lines = [
    "",
    "RPC Playground devnet is running",
    `  EVM (Anvil, chain id ${manifest.chainId})`,
    `    HTTP        ${appConfig.evm.httpUrl}/v3/${key}`,
    `    WebSocket   ${appConfig.evm.wsUrl}/ws/v3/${key}`,
    "  Starknet (simulator, chain SN_DEVNET)",
    `    HTTP        ${appConfig.starknet.httpUrl}/v3/${key}`,
    `    WebSocket   ${appConfig.starknet.wsUrl}/ws/v3/${key}`,
    `  API key       ${key}   (set DEVNET_KEY to choose another)`,
    `  Anvil         ${devnet.anvilUrl}   (direct, no gateway: for scripts only)`,
    "  Seeded data   docs/devnet-data.md; the gateway's rules: docs/devnet.md",
  ];

  if (serveApp) {
    process.env.PLAYGROUND_DEVNET = JSON.stringify(appConfig);
    const appUrl = devServer ? await serveDev() : await serveBuild();
    const what = devServer ? "dev server, hot reload" : "production build";
    lines.push("", `  App           ${appUrl}   (${what}; opens on the local devnet, key filled in)`);
  }
  lines.push("", "Press Ctrl+C to stop.");
  console.log(lines.join("\n"));
}

const root = fileURLToPath(new URL("..", import.meta.url));
const configFile = fileURLToPath(new URL("../vite.config.ts", import.meta.url));

/** Vite's dev server (`npm run dev`): every module transformed on request, hot reload. */
async function serveDev(): Promise<string> {
  const { createServer } = await import("vite");
  const server = await createServer({
    root,
    configFile,
    server: { host: "127.0.0.1", port: 5173, strictPort: false },
    clearScreen: false,
  });
  vite = server;
  await server.listen();
  return server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`;
}

/** The production build (`npm start`), built when the sources changed since the last one, then served. */
async function serveBuild(): Promise<string> {
  const { build, preview } = await import("vite");
  const outDir = join(root, "node_modules/.playground-dist/app");
  // Built for PLAYGROUND_BASE when it is set (vite.config.ts reads it too), and served under it.
  const stamp = sourceStamp(root, normalizeBase(process.env.PLAYGROUND_BASE ?? "/"));
  if (buildIsCurrent(outDir, stamp)) {
    console.log(`Using the app built at ${statSync(join(outDir, "index.html")).mtime.toLocaleString()}.`);
  } else {
    console.log("Building the app (first start, or the sources changed)...");
    const t = performance.now();
    // The build never carries the devnet's key (vite.config.ts writes it into served pages only).
    await build({ root, configFile, logLevel: "warn", build: { outDir, emptyOutDir: true } });
    markBuilt(outDir, stamp);
    console.log(`Built in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
  }
  const server = await preview({
    root,
    configFile,
    preview: { host: "127.0.0.1", port: 5173, strictPort: false },
    build: { outDir },
    logLevel: "warn",
  });
  vite = { close: () => new Promise<void>((r) => server.httpServer.close(() => r())) };
  return server.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/";
}

started = main();
started.catch((err: unknown) => {
  if (err instanceof PortInUseError) {
    void fail(`\n${err.message}`);
    return;
  }
  void fail(`\nThe devnet could not start: ${err instanceof Error ? err.message : String(err)}`);
});
