import { type AnvilProcess, spawnAnvil } from "./anvil.ts";
import { createEvmBackend } from "./gateway/evm-backend.ts";
import { type Gateway, startGateway } from "./gateway/server.ts";
import { withSyntheticBlocks } from "./gateway/synthetic.ts";
import { type SeedManifest, seedChain } from "./seed.ts";
import { generateStarknetChain } from "./starknet/blocks.ts";
import { createStarknetSimulator } from "./starknet/simulator.ts";

/** Where the app finds the devnet (served to it as /devnet.json). The app appends /v3/<key>. */
export interface DevnetAppConfig {
  evm: { httpUrl: string; wsUrl: string };
  starknet: { httpUrl: string; wsUrl: string };
  key: string;
}

export interface RunningDevnet {
  /** The gateway's port. */
  port: number;
  key: string;
  /** Anvil itself, for scripts that need to bypass the gateway (the seed step does). */
  anvilUrl: string;
  manifest: SeedManifest;
  appConfig: DevnetAppConfig;
  stop(): Promise<void>;
}

export interface StartDevnetOptions {
  /** The gateway's port; 0 picks a free one. Default: DEVNET_PORT, else 8645. */
  port?: number;
  /** The accepted API key. Default: DEVNET_KEY, else "devnet-key". */
  key?: string;
  /** Silence Anvil's own output. */
  quiet?: boolean;
  /** One line per request the gateway answers (never with the key). */
  log?: (line: string) => void;
  /**
   * Serve the bench's synthetic blocks (devnet/gateway/synthetic.ts) too. Default: DEVNET_SYNTHETIC=1,
   * else off.
   */
  synthetic?: boolean;
}

export const DEFAULT_DEVNET_PORT = 8645;
export const DEFAULT_DEVNET_KEY = "devnet-key";

/** DEVNET_PORT when it is a valid port number, else the default. */
export function devnetPortFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEVNET_PORT?.trim();
  if (!raw) return DEFAULT_DEVNET_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) {
    throw new Error(`DEVNET_PORT must be a port number from 0 to 65535 (got "${raw}")`);
  }
  return port;
}

export function devnetKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DEVNET_KEY?.trim();
  return raw ? raw : DEFAULT_DEVNET_KEY;
}

export function appConfigFor(port: number, key: string, host = "127.0.0.1"): DevnetAppConfig {
  return {
    evm: { httpUrl: `http://${host}:${port}`, wsUrl: `ws://${host}:${port}` },
    starknet: { httpUrl: `http://${host}:${port}/starknet`, wsUrl: `ws://${host}:${port}/starknet` },
    key,
  };
}

/**
 * Starts the devnet: the gateway first (so a taken port fails at once, before Anvil starts),
 * then Anvil, then the seed step (which talks to Anvil directly). EVM requests that arrive while
 * Anvil is starting wait for it.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<RunningDevnet> {
  const port = options.port ?? devnetPortFromEnv();
  const key = options.key ?? devnetKeyFromEnv();
  if (key.includes("/")) throw new Error("The devnet key must not contain '/' (it is a path segment)");

  let resolveAnvilUrl!: (url: string) => void;
  let rejectAnvilUrl!: (err: Error) => void;
  const anvilUrl = new Promise<string>((resolve, reject) => {
    resolveAnvilUrl = resolve;
    rejectAnvilUrl = reject;
  });
  anvilUrl.catch(() => {});

  const gateway: Gateway = await startGateway({
    port,
    key,
    evm:
      (options.synthetic ?? process.env.DEVNET_SYNTHETIC === "1")
        ? withSyntheticBlocks(createEvmBackend({ anvilUrl }))
        : createEvmBackend({ anvilUrl }),
    starknet: createStarknetSimulator(generateStarknetChain()),
    ...(options.log ? { log: options.log } : {}),
  });

  let anvil: AnvilProcess | undefined;
  try {
    anvil = await spawnAnvil({ quiet: options.quiet ?? false });
    const manifest = await seedChain(anvil.url);
    resolveAnvilUrl(anvil.url);
    const started = anvil;
    let stopped: Promise<void> | undefined;
    return {
      port: gateway.port,
      key,
      anvilUrl: started.url,
      manifest,
      appConfig: appConfigFor(gateway.port, key),
      stop() {
        stopped ??= Promise.allSettled([gateway.close(), started.stop()]).then(() => undefined);
        return stopped;
      },
    };
  } catch (err) {
    rejectAnvilUrl(err instanceof Error ? err : new Error(String(err)));
    await Promise.allSettled([gateway.close(), anvil?.stop()]);
    throw err;
  }
}
