import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** `npm run devnet` end to end: the printed addresses answer, and SIGTERM leaves nothing behind. */
const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * As `npm run devnet` starts it: one Node process (`node --import tsx`), which gets the signal
 * itself. tsx's own CLI is a second process that relays signals and SIGKILLs its child when the
 * child has not said within 60 ms that it heard one: on a busy machine that killed the devnet
 * before it stopped Anvil (exit 143).
 */
function runCli(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "devnet/cli.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a failed test can kill the whole tree (tsx, node, Anvil) at once.
    detached: true,
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const call = async (url: string, method: string) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method }),
  });
  return ((await res.json()) as { result: unknown }).result;
};

describe("devnet CLI", () => {
  it("says clearly that the port is taken and exits 1", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const { child, output } = runCli({ DEVNET_PORT: String(port) });
      expect(await exited(child)).toBe(1);
      expect(output()).toMatch(new RegExp(`Port ${port} is already in use`));
      expect(output()).toMatch(/DEVNET_PORT=/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("prints the addresses and the key, serves them, and stops Anvil on SIGTERM", async () => {
    const { child, output } = runCli({ DEVNET_PORT: "0", DEVNET_KEY: "cli-test-key" });
    try {
      await waitFor(() => output().includes("Press Ctrl+C to stop."), 170_000);
      const text = output();
      const evmHttp = /HTTP\s+(http:\/\/127\.0\.0\.1:\d+\/v3\/cli-test-key)/.exec(text)?.[1];
      const snHttp = /HTTP\s+(http:\/\/127\.0\.0\.1:\d+\/starknet\/v3\/cli-test-key)/.exec(text)?.[1];
      const anvil = /Anvil\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      expect(text).toMatch(/WebSocket\s+ws:\/\/127\.0\.0\.1:\d+\/ws\/v3\/cli-test-key/);
      expect(text).toMatch(/WebSocket\s+ws:\/\/127\.0\.0\.1:\d+\/starknet\/ws\/v3\/cli-test-key/);
      expect(text).toMatch(/API key\s+cli-test-key/);
      expect(evmHttp && snHttp && anvil).toBeTruthy();
      expect(await call(evmHttp as string, "eth_chainId")).toBe("0x7a69");
      expect(await call(snHttp as string, "starknet_chainId")).toBe("0x534e5f4445564e4554");
      expect(await call(anvil as string, "eth_chainId")).toBe("0x7a69");

      child.kill("SIGTERM");
      expect(await exited(child)).toBe(0);
      await expect(call(anvil as string, "eth_chainId")).rejects.toThrow();
      await expect(call(evmHttp as string, "eth_chainId")).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
    }
  }, 240_000);
});
