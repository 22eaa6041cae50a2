import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";

/** Anvil's settings for the devnet. Each is fixed so that the seeded chain is the same at every start. */
export const ANVIL_CHAIN_ID = 31337;
/** Room for the heavy block (about 75M gas: 1,100 token batch transfers); mainnet's is 60M. */
export const ANVIL_BLOCK_GAS_LIMIT = 300_000_000;
/** Genesis block timestamp: 2025-01-01T00:00:00Z. */
export const ANVIL_GENESIS_TIMESTAMP = 1_735_689_600;
/** Pinned rather than Anvil's "latest", so that a newer Anvil keeps the same block headers. */
export const ANVIL_HARDFORK = "prague";
/** Base fee of block 1 in wei (1 gwei); later blocks follow EIP-1559 from it. */
export const ANVIL_INITIAL_BASE_FEE = 1_000_000_000n;
/** Anvil's (and Hardhat's) well-known default mnemonic; its accounts' keys are public. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
export const ANVIL_ACCOUNT_COUNT = 10;
/** Starting balance of each dev account, in ether. */
export const ANVIL_ACCOUNT_BALANCE_ETH = 10_000;

export interface AnvilProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Kills Anvil (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
}

export interface SpawnAnvilOptions {
  /** 0 or absent: Anvil binds a free port itself and we read it from its output. */
  port?: number;
  /** Do not forward Anvil's output to this process's stdout/stderr. */
  quiet?: boolean;
  /** How long to wait for Anvil to answer eth_chainId. Default 30 s. */
  readyTimeoutMs?: number;
}

const PLATFORM_ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/**
 * The Anvil executable of the `@foundry-rs/anvil` npm package: the platform package's binary
 * (what the package's own bin.mjs runs), so that stopping Anvil needs no wrapper process in between.
 */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const wrapperDir = dirname(require.resolve("@foundry-rs/anvil/package.json"));
  const fromWrapper = createRequire(join(wrapperDir, "package.json"));
  const arch = PLATFORM_ARCH[process.arch];
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  const candidates: string[] = [];
  if (arch) {
    const pkg = `@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`;
    for (const req of [fromWrapper, require]) {
      try {
        candidates.push(req.resolve(pkg));
      } catch {
        // not installed there
      }
    }
  }
  candidates.push(join(wrapperDir, "..", "dist", exe));
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `No Anvil binary for ${process.platform}/${process.arch} in node_modules/@foundry-rs (run npm install)`,
    );
  }
  return found;
}

/** The command-line arguments the devnet starts Anvil with. */
export function anvilArgs(port: number): string[] {
  return [
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--chain-id",
    String(ANVIL_CHAIN_ID),
    "--gas-limit",
    String(ANVIL_BLOCK_GAS_LIMIT),
    "--timestamp",
    String(ANVIL_GENESIS_TIMESTAMP),
    "--hardfork",
    ANVIL_HARDFORK,
    "--base-fee",
    String(ANVIL_INITIAL_BASE_FEE),
    "--mnemonic",
    ANVIL_MNEMONIC,
    "--accounts",
    String(ANVIL_ACCOUNT_COUNT),
    "--balance",
    String(ANVIL_ACCOUNT_BALANCE_ETH),
    // No --block-time: blocks are mined only on demand (automine, or evm_mine from the seed step).
  ];
}

const GUARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const LISTENING = /Listening on ([0-9.]+):(\d+)/;

async function answersChainId(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    const result =
      typeof body === "object" && body !== null ? (body as { result?: unknown }).result : undefined;
    if (typeof result !== "string") return false;
    if (Number(result) !== ANVIL_CHAIN_ID) {
      throw new Error(`The node at ${url} has chain id ${result}, not ${ANVIL_CHAIN_ID}`);
    }
    return true;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("The node at")) throw err;
    return false;
  }
}

/**
 * Spawns Anvil on 127.0.0.1 (a free port unless one is given), chain id 31337, the devnet's block
 * gas limit, a fixed genesis timestamp, no interval mining. Resolves once it answers eth_chainId.
 * Anvil is also killed when this process exits, so that no Anvil outlives it.
 */
export function spawnAnvil(opts: SpawnAnvilOptions = {}): Promise<AnvilProcess> {
  const quiet = opts.quiet ?? false;
  const readyTimeoutMs = opts.readyTimeoutMs ?? 30_000;
  let binary: string;
  try {
    binary = anvilBinaryPath();
  } catch (err) {
    return Promise.reject(err);
  }
  const child: ChildProcess = spawn(binary, anvilArgs(opts.port ?? 0), {
    stdio: ["ignore", "pipe", "pipe"],
    windowsHide: true,
  });

  // No Anvil outlives this process: killed on exit, and on a terminating signal. When nobody
  // else listens for that signal, it is raised again so the process still ends as it would have.
  let exited = false;
  let exitInfo = "";
  function killNow() {
    if (!exited) child.kill("SIGKILL");
  }
  function onSignal(signal: NodeJS.Signals) {
    killNow();
    removeGuards();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
  function removeGuards() {
    process.off("exit", killNow);
    for (const sig of GUARDED_SIGNALS) process.off(sig, onSignal);
  }
  process.on("exit", killNow);
  for (const sig of GUARDED_SIGNALS) process.on(sig, onSignal);
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = true;
      exitInfo = signal ? `signal ${signal}` : `exit code ${code}`;
      removeGuards();
      resolve();
    });
  });

  // The last few KB of output, for the error message when Anvil does not start.
  let tail = "";
  let stdoutBuffer = "";
  let onPort: ((port: number) => void) | undefined;
  const portPromise = new Promise<number>((resolve) => {
    onPort = resolve;
  });
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    if (!quiet) process.stdout.write(chunk);
    tail = (tail + chunk).slice(-4_000);
    if (onPort) {
      stdoutBuffer += chunk;
      const m = LISTENING.exec(stdoutBuffer);
      if (m?.[2]) {
        onPort(Number(m[2]));
        onPort = undefined;
        stdoutBuffer = "";
      }
    }
  });
  child.stderr?.on("data", (chunk: string) => {
    if (!quiet) process.stderr.write(chunk);
    tail = (tail + chunk).slice(-4_000);
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => {
        if (!exited) child.kill("SIGKILL");
      }, 5_000);
      await exitPromise;
      clearTimeout(timer);
    })();
    return stopping;
  };

  const started = (async (): Promise<AnvilProcess> => {
    const spawnError = new Promise<never>((_, reject) => {
      child.once("error", (err) => reject(new Error(`Could not start Anvil: ${err.message}`)));
      void exitPromise.then(() =>
        reject(new Error(`Anvil exited before it was ready (${exitInfo}):\n${tail.trim()}`)),
      );
    });
    spawnError.catch(() => {});
    const deadline = Date.now() + readyTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Anvil did not answer within ${readyTimeoutMs} ms:\n${tail.trim()}`)),
        readyTimeoutMs,
      );
    });
    try {
      const port = await Promise.race([portPromise, spawnError, timeout]);
      const url = `http://127.0.0.1:${port}`;
      for (;;) {
        if (await Promise.race([answersChainId(url), spawnError, timeout])) break;
        if (Date.now() > deadline) throw new Error(`Anvil did not answer within ${readyTimeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return { url, port, stop };
    } finally {
      clearTimeout(timer);
    }
  })();

  return started.catch(async (err: unknown) => {
    await stop();
    throw err;
  });
}

/** A JSON-RPC error answer from Anvil (e.g. code 3 with the revert data for eth_estimateGas). */
export class AnvilRpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly method: string;
  constructor(method: string, code: number, message: string, data: unknown) {
    super(`${method}: ${message} (code ${code})`);
    this.name = "AnvilRpcError";
    this.method = method;
    this.code = code;
    this.data = data;
  }
}

const rpcAnswer = z.object({
  id: z.number(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});

export interface AnvilRpc {
  /** One call; rejects with AnvilRpcError on a JSON-RPC error. */
  call(method: string, params?: readonly unknown[]): Promise<unknown>;
  /** Many calls in one HTTP request (a JSON-RPC batch); results in the order of `calls`. */
  batch(calls: readonly (readonly [method: string, params: readonly unknown[]])[]): Promise<unknown[]>;
}

/** A minimal JSON-RPC client for talking to Anvil directly (the seed step and the tests use it). */
export function anvilRpc(url: string): AnvilRpc {
  let nextId = 1;
  async function post(body: unknown): Promise<unknown> {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`Anvil answered HTTP ${res.status}`);
    return (await res.json()) as unknown;
  }
  function unwrap(method: string, answer: z.infer<typeof rpcAnswer>): unknown {
    if (answer.error) {
      throw new AnvilRpcError(method, answer.error.code, answer.error.message, answer.error.data);
    }
    return answer.result ?? null;
  }
  return {
    async call(method, params = []) {
      const id = nextId++;
      return unwrap(method, rpcAnswer.parse(await post({ jsonrpc: "2.0", id, method, params })));
    },
    async batch(calls) {
      if (calls.length === 0) return [];
      const first = nextId;
      nextId += calls.length;
      const body = calls.map(([method, params], i) => ({ jsonrpc: "2.0", id: first + i, method, params }));
      const answers = z.array(rpcAnswer).parse(await post(body));
      const byId = new Map(answers.map((a) => [a.id, a]));
      return calls.map(([method], i) => {
        const answer = byId.get(first + i);
        if (!answer) throw new Error(`Anvil's batch answer lacks id ${first + i} (${method})`);
        return unwrap(method, answer);
      });
    },
  };
}
