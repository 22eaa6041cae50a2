import type { TestProject } from "vitest/node";
import { type DevnetAppConfig, startDevnet } from "./devnet.ts";
import type { SeedManifest } from "./seed.ts";

/** What the "devnet" test project's files get from `inject("devnet")`. */
export interface DevnetTestInfo {
  port: number;
  key: string;
  anvilUrl: string;
  manifest: SeedManifest;
  appConfig: DevnetAppConfig;
}

declare module "vitest" {
  export interface ProvidedContext {
    devnet: DevnetTestInfo;
  }
}

/**
 * Vitest globalSetup of the "devnet" project: one real devnet (Anvil, seed, gateway, Starknet
 * simulator) on a free port for all its test files, stopped after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const devnet = await startDevnet({ port: 0, quiet: true });
  project.provide("devnet", {
    port: devnet.port,
    key: devnet.key,
    anvilUrl: devnet.anvilUrl,
    // Through JSON: what is provided must be serialisable, and this proves the manifest is.
    manifest: JSON.parse(JSON.stringify(devnet.manifest)) as SeedManifest,
    appConfig: devnet.appConfig,
  });
  return () => devnet.stop();
}
