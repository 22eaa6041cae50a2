import { fileURLToPath } from "node:url";
import type { ViteDevServer } from "vite";
import { type RunningDevnet, startDevnet } from "./devnet.ts";
import { PortInUseError } from "./gateway/server.ts";

/**
 * `npm run devnet`: starts Anvil, seeds it, starts the gateway, prints the addresses and the key.
 * `npm start` adds `--serve-app`: the app's Vite dev server too, with the devnet preselected.
 * Ctrl+C (SIGINT), SIGTERM and SIGHUP stop everything, Anvil included.
 */

const HELP = `Usage: tsx devnet/cli.ts [--serve-app] [--verbose]

  --serve-app   also serve the playground app (Vite dev server, 127.0.0.1:5173 or the next free port)
  --verbose     show Anvil's output and one line per request the gateway answers

Environment: DEVNET_PORT (gateway port, default 8645; 0 = any free port),
             DEVNET_KEY (accepted API key, default "devnet-key").`;

const args = new Set(process.argv.slice(2));
if (args.has("--help") || args.has("-h")) {
  console.log(HELP);
  process.exit(0);
}
const unknown = [...args].filter((a) => !["--serve-app", "--verbose"].includes(a));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]}\n\n${HELP}`);
  process.exit(2);
}
const serveApp = args.has("--serve-app");
const verbose = args.has("--verbose");

let devnet: RunningDevnet | undefined;
let vite: ViteDevServer | undefined;
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
    const { createServer } = await import("vite");
    const root = fileURLToPath(new URL("..", import.meta.url));
    vite = await createServer({
      root,
      configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)),
      server: { host: "127.0.0.1", port: 5173, strictPort: false },
      clearScreen: false,
    });
    await vite.listen();
    const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`;
    lines.push("", `  App           ${appUrl}   (opens on the local devnet, key filled in)`);
  }
  lines.push("", "Press Ctrl+C to stop.");
  console.log(lines.join("\n"));
}

started = main();
started.catch((err: unknown) => {
  if (err instanceof PortInUseError) {
    void fail(`\n${err.message}`);
    return;
  }
  void fail(`\nThe devnet could not start: ${err instanceof Error ? err.message : String(err)}`);
});
