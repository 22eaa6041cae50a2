import { createServer } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { readDevnetConfig } from "../src/networks/network.ts";
import {
  appConfigFor,
  DEFAULT_DEVNET_KEY,
  DEFAULT_DEVNET_PORT,
  devnetKeyFromEnv,
  devnetPortFromEnv,
  startDevnet,
} from "./devnet.ts";
import { PortInUseError } from "./gateway/server.ts";

describe("settings from the environment", () => {
  it.each([
    [undefined, DEFAULT_DEVNET_PORT],
    ["", DEFAULT_DEVNET_PORT],
    ["9000", 9000],
    [" 0 ", 0],
  ])("DEVNET_PORT=%j gives port %i", (raw, port) => {
    expect(devnetPortFromEnv(raw === undefined ? {} : { DEVNET_PORT: raw })).toBe(port);
  });

  it.each(["abc", "-1", "70000", "80.5"])("refuses DEVNET_PORT=%j with a clear message", (raw) => {
    expect(() => devnetPortFromEnv({ DEVNET_PORT: raw })).toThrow(/DEVNET_PORT must be a port number/);
  });

  it("takes DEVNET_KEY, else the documented default", () => {
    expect(DEFAULT_DEVNET_KEY).toBe("devnet-key");
    expect(devnetKeyFromEnv({})).toBe("devnet-key");
    expect(devnetKeyFromEnv({ DEVNET_KEY: "my-key" })).toBe("my-key");
  });
});

describe("appConfig", () => {
  it("is what the app reads from /devnet.json", () => {
    const config = appConfigFor(8645, "devnet-key");
    expect(readDevnetConfig(config)).toStrictEqual({
      evm: { httpUrl: "http://127.0.0.1:8645", wsUrl: "ws://127.0.0.1:8645" },
      starknet: { httpUrl: "http://127.0.0.1:8645/starknet", wsUrl: "ws://127.0.0.1:8645/starknet" },
      key: "devnet-key",
    });
  });

  it("points at the running test devnet", async () => {
    const { appConfig, key, port } = inject("devnet");
    expect(appConfig).toStrictEqual(appConfigFor(port, key));
    const res = await fetch(`${appConfig.evm.httpUrl}/v3/${key}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId" }),
    });
    expect(await res.json()).toStrictEqual({ jsonrpc: "2.0", id: 1, result: "0x7a69" });
  });
});

describe("startDevnet", () => {
  it("fails at once on a taken port, saying so and naming DEVNET_PORT", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const t0 = Date.now();
      const attempt = startDevnet({ port, quiet: true });
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
      await expect(attempt).rejects.toThrow(new RegExp(`Port ${port} is already in use.*DEVNET_PORT=`));
      expect(Date.now() - t0).toBeLessThan(5_000);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("refuses a key with a slash (it is a path segment)", async () => {
    await expect(startDevnet({ port: 0, key: "a/b" })).rejects.toThrow(/must not contain/);
  });
});
