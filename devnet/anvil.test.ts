import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  ANVIL_BLOCK_GAS_LIMIT,
  ANVIL_CHAIN_ID,
  ANVIL_GENESIS_TIMESTAMP,
  type AnvilProcess,
  AnvilRpcError,
  anvilBinaryPath,
  anvilRpc,
  spawnAnvil,
} from "./anvil.ts";

const hasProc = existsSync("/proc/self/stat");

/** PIDs of the processes named "anvil" whose parent is `parent` (Linux /proc). */
function anvilChildrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (m?.[1] === "anvil" && Number(m[2]) === parent) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

async function answers(url: string): Promise<boolean> {
  try {
    await anvilRpc(url).call("eth_chainId");
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const started: AnvilProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((a) => a.stop()));
});

describe("spawnAnvil", () => {
  it("resolves the binary from node_modules/@foundry-rs, not from PATH", () => {
    const bin = anvilBinaryPath();
    expect(bin).toMatch(/node_modules[/\\]@foundry-rs[/\\]/);
    expect(existsSync(bin)).toBe(true);
  });

  it("starts on a free loopback port with the devnet's chain settings, and stops leaving no process", async () => {
    const anvil = await spawnAnvil({ quiet: true });
    started.push(anvil);
    expect(anvil.url).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(anvil.port).toBeGreaterThan(0);
    if (hasProc) expect(anvilChildrenOf(process.pid)).toHaveLength(1);

    const rpc = anvilRpc(anvil.url);
    expect(await rpc.call("eth_chainId")).toBe(`0x${ANVIL_CHAIN_ID.toString(16)}`);
    const genesis = (await rpc.call("eth_getBlockByNumber", ["0x0", false])) as Record<string, unknown>;
    expect(Number(genesis.timestamp)).toBe(ANVIL_GENESIS_TIMESTAMP);
    expect(Number(genesis.gasLimit)).toBe(ANVIL_BLOCK_GAS_LIMIT);
    expect(genesis.hash).toBe("0x532193174039300b2b46fc1215b67712974c297b6ac6273235940a46c8deaaf5");
    // No interval mining: the chain stays at genesis while nothing is sent.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await rpc.call("eth_blockNumber")).toBe("0x0");

    await anvil.stop();
    expect(await answers(anvil.url)).toBe(false);
    if (hasProc) expect(anvilChildrenOf(process.pid)).toEqual([]);
    await anvil.stop(); // idempotent
  });

  it("uses the port it is given, and rejects with Anvil's own message when that port is taken", async () => {
    const first = await spawnAnvil({ quiet: true });
    started.push(first);
    const second = await spawnAnvil({ quiet: true, port: first.port }).then(
      () => "started",
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    expect(second).toMatch(/Anvil exited before it was ready[\s\S]*(in use|os error)/i);
    if (hasProc) expect(anvilChildrenOf(process.pid)).toHaveLength(1);
    await first.stop();

    const again = await spawnAnvil({ quiet: true, port: first.port });
    started.push(again);
    expect(again.port).toBe(first.port);
    expect(await answers(again.url)).toBe(true);
  });

  it("reports JSON-RPC errors with their code", async () => {
    const anvil = await spawnAnvil({ quiet: true });
    started.push(anvil);
    const err = await anvilRpc(anvil.url)
      .call("no_such_method")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnvilRpcError);
    expect((err as AnvilRpcError).code).toBe(-32601);
    const [a, b] = await anvilRpc(anvil.url).batch([
      ["eth_chainId", []],
      ["eth_blockNumber", []],
    ]);
    expect([a, b]).toEqual(["0x7a69", "0x0"]);
  });

  describe("leaves no Anvil behind when its parent process ends without stop()", () => {
    const anvilModule = pathToFileURL(fileURLToPath(new URL("./anvil.ts", import.meta.url))).href;
    const repoRoot = fileURLToPath(new URL("..", import.meta.url));

    it.each([
      ["process.exit()", "process.exit(0);"],
      ["SIGTERM", 'process.kill(process.pid, "SIGTERM");'],
      ["an uncaught exception", 'setTimeout(() => { throw new Error("boom"); }, 0);'],
    ])("on %s", async (_name, ending) => {
      const dir = mkdtempSync(join(tmpdir(), "anvil-orphan-"));
      const script = join(dir, "parent.mts");
      writeFileSync(
        script,
        `import { spawnAnvil } from ${JSON.stringify(anvilModule)};\n` +
          "const a = await spawnAnvil({ quiet: true });\n" +
          "console.log(a.url);\n" +
          `${ending}\n`,
      );
      try {
        const child = spawn(process.execPath, ["--import", "tsx", script], {
          cwd: repoRoot,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout.setEncoding("utf8").on("data", (c: string) => {
          out += c;
        });
        child.stderr.resume();
        await new Promise<void>((resolve) => child.once("exit", () => resolve()));
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
        expect(url, `the parent printed no URL: ${out}`).toBeDefined();
        expect(await waitUntil(async () => !(await answers(url ?? "")), 3_000)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
