/**
 * The bench's harness page (built by scripts/bench.ts, never part of the app's build): the app's own
 * WebSocket client (src/rpc/ws.ts) and a bare WebSocket loop, pipelining the same requests to the
 * same address in one page, so their throughputs compare.
 */
import { createWsClient } from "../../src/rpc/ws.ts";

const params = ["0x5fbdb2315678afecb367f032d93f642f64180aa3", "0x0", "latest"];

async function bare(url: string, n: number): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise((ok, fail) => {
    ws.onopen = ok;
    ws.onerror = fail;
  });
  const t0 = performance.now();
  await new Promise<void>((done) => {
    let got = 0;
    ws.onmessage = (e) => {
      JSON.parse(e.data as string);
      got += 1;
      if (got === n) done();
    };
    for (let i = 0; i < n; i++)
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "eth_getStorageAt", params }));
  });
  const ms = performance.now() - t0;
  ws.close();
  return ms;
}

async function app(url: string, n: number, timeoutMs: number): Promise<number> {
  const client = createWsClient(url);
  let id = 1;
  await client.send({ jsonrpc: "2.0", id: id++, method: "eth_chainId", params: [] }, { timeoutMs });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, () =>
      client.send({ jsonrpc: "2.0", id: id++, method: "eth_getStorageAt", params }, { timeoutMs }),
    ),
  );
  const ms = performance.now() - t0;
  client.close();
  return ms;
}

/** How long `run` takes, and its longest main-thread task (the Long Tasks API). */
async function timed(run: () => Promise<void>): Promise<{ ms: number; longest: number }> {
  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((l) => tasks.push(...l.getEntries()));
  observer.observe({ type: "longtask" });
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  // Long task entries are delivered after their task: one more turn.
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return { ms, longest: Math.max(0, ...tasks.filter((t) => t.startTime >= t0).map((t) => t.duration)) };
}

/**
 * A node that sends a message over the answer limit (70 MiB, the gateway's `ws-stray-big` fault)
 * before the answer. Bare: a socket that reads every message it gets (JSON.parse, as plain code
 * does) until its answer. The app: its client, which sets the stray aside and gives the answer.
 */
function strayBare(url: string): Promise<{ ms: number; longest: number }> {
  return timed(async () => {
    const ws = new WebSocket(url);
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onerror = fail;
    });
    await new Promise<void>((done) => {
      ws.onmessage = (e) => {
        if ((JSON.parse(e.data as string) as { id?: unknown }).id === 1) done();
      };
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }));
    });
    ws.close();
  });
}

function strayApp(url: string): Promise<{ ms: number; longest: number }> {
  return timed(async () => {
    const client = createWsClient(url);
    await client.send({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }, { timeoutMs: 60_000 });
    client.close();
  });
}

Object.assign(window, { benchWs: { bare, app, strayBare, strayApp } });
