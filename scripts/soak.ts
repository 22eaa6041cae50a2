/**
 * `npm run soak`: the devnet gateway under hostile and heavy load, with figures printed, not timed
 * asserts (a slow machine is not a failure). It starts its own devnet on free loopback ports, then:
 *
 * 1. HTTP fuzz: 10,000 bodies (random bytes, invalid UTF-8, random JSON, real requests with values
 *    swapped, deep nesting, bodies over the size limit), 32 at a time. Each must get exactly one
 *    answer: a JSON-RPC response (an error for bad input, never the node's failure for the
 *    client's mistake) or 413 for an oversized body.
 * 2. WebSocket load: 200 connections x 50 pipelined requests. Every request must get its answer,
 *    matched by id.
 *
 * Exits 1 when an answer is missing, doubled or malformed, a client's mistake is answered as the
 * node's failure (5xx), or the gateway stops answering.
 * SOAK_BODIES and SOAK_CONNECTIONS / SOAK_PER_CONNECTION scale it.
 */
import fc from "fast-check";
import WebSocket from "ws";
import { startDevnet } from "../devnet/devnet.ts";

const BODIES = Number(process.env.SOAK_BODIES ?? 10_000);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const PER_CONNECTION = Number(process.env.SOAK_PER_CONNECTION ?? 50);
const CONCURRENCY = 32;

const methods = [
  ["eth_blockNumber", []],
  ["eth_getBlockByNumber", ["0x1", false]],
  ["eth_getStorageAt", ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x0", "latest"]],
  [
    "eth_estimateGas",
    [
      {
        from: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      },
    ],
  ],
  ["eth_getProof", ["0x5FbDB2315678afecb367f032d93F642f64180aa3", ["0x0"], "latest"]],
] as const;

const deepCall = (depth: number) =>
  `{"jsonrpc":"2.0","id":1,"method":"eth_estimateGas","params":[{"to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","extra":${"[".repeat(depth)}1${"]".repeat(depth)}}]}`;
const deep = (depth: number) =>
  `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":${"[".repeat(depth)}1${"]".repeat(depth)}}`;

/** One hostile body: which family it is (for the figures), and its bytes. */
function bodies(n: number): { family: string; body: Uint8Array<ArrayBuffer> | string }[] {
  const json = fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: n, seed: 42 });
  const leaves = fc.sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: n, seed: 7 });
  const out: { family: string; body: Uint8Array<ArrayBuffer> | string }[] = [];
  for (let i = 0; i < n; i++) {
    const [method, params] = methods[i % methods.length]!;
    switch (i % 8) {
      case 0:
        out.push({
          family: "random bytes",
          body: Uint8Array.from({ length: 1 + (i % 300) }, (_, j) => (i * 31 + j * 7) & 255),
        });
        break;
      case 1:
        out.push({ family: "invalid UTF-8", body: Uint8Array.from([0x7b, 0xff, 0xfe, 0xc3, 0x28, 0x7d]) });
        break;
      case 2:
        out.push({ family: "random JSON", body: JSON.stringify(json[i]) });
        break;
      case 3: {
        const swapped = [...params] as unknown[];
        if (swapped.length) swapped[i % swapped.length] = leaves[i];
        out.push({
          family: "real request, a value swapped",
          body: JSON.stringify({ jsonrpc: "2.0", id: i, method, params: swapped }),
        });
        break;
      }
      case 4:
        out.push({
          family: "real request",
          body: JSON.stringify({ jsonrpc: "2.0", id: `s${i}`, method, params }),
        });
        break;
      case 5:
        out.push({
          family: "deep nesting",
          body: i % 16 === 5 ? deep(100 + (i % 5_000)) : deepCall(100 + (i % 5_000)),
        });
        break;
      case 6:
        out.push({
          family: "envelope swapped",
          body: JSON.stringify({
            jsonrpc: leaves[i],
            id: leaves[(i + 1) % n],
            method: leaves[(i + 2) % n],
            params,
          }),
        });
        break;
      default:
        out.push({
          family: i % 64 === 7 ? "over the size limit" : "batch",
          body:
            i % 64 === 7
              ? `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":["${"a".repeat(1_100_000)}"]}`
              : JSON.stringify([
                  { jsonrpc: "2.0", id: 1, method, params },
                  { jsonrpc: "2.0", id: 2, method: "eth_blockNumber", params: [] },
                ]),
        });
    }
  }
  return out;
}

const isResponse = (v: unknown) =>
  typeof v === "object" && v !== null && ("result" in v || "error" in v) && "id" in v;
const isAnswer = (v: unknown) => isResponse(v) || (Array.isArray(v) && v.every(isResponse));

async function httpFuzz(url: string) {
  const list = bodies(BODIES);
  const statuses = new Map<string, number>();
  const problems: string[] = [];
  let nodeBlamed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < list.length) {
      const { family, body } = list[next++]!;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const text = await res.text();
        const key = `${res.status} ${family}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (res.status === 413) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          problems.push(`${family}: HTTP ${res.status} with a body that is not JSON`);
          continue;
        }
        if (!isAnswer(parsed)) problems.push(`${family}: HTTP ${res.status}, not a JSON-RPC answer`);
        if (res.status >= 500 && family !== "real request") nodeBlamed++;
      } catch (e) {
        problems.push(`${family}: no answer (${e instanceof Error ? e.message : String(e)})`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - started;
  console.log(
    `\nHTTP fuzz: ${list.length} bodies in ${(ms / 1000).toFixed(1)} s (${Math.round((list.length / ms) * 1000)} per second)`,
  );
  for (const [k, v] of [...statuses].sort()) console.log(`  ${String(v).padStart(6)}  HTTP ${k}`);
  console.log(`  client errors reported as the node's failure (5xx): ${nodeBlamed}`);
  return { problems, nodeBlamed };
}

async function wsLoad(url: string) {
  const started = performance.now();
  let answered = 0;
  const problems: string[] = [];
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, c) =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(url);
          const waiting = new Set<number>();
          const done = () => {
            socket.close();
            resolve();
          };
          const timer = setTimeout(() => {
            problems.push(`connection ${c}: ${waiting.size} answers missing after 120 s`);
            done();
          }, 120_000);
          socket.on("open", () => {
            for (let i = 0; i < PER_CONNECTION; i++) {
              const id = c * 1_000 + i;
              waiting.add(id);
              socket.send(
                JSON.stringify({
                  jsonrpc: "2.0",
                  id,
                  method: i % 2 ? "eth_blockNumber" : "eth_getBlockByNumber",
                  params: i % 2 ? [] : ["0x1", false],
                }),
              );
            }
          });
          socket.on("message", (data) => {
            const m = JSON.parse(String(data)) as { id: number };
            if (!waiting.delete(m.id))
              problems.push(`connection ${c}: an answer for id ${m.id} nobody waits for`);
            else answered++;
            if (waiting.size === 0) {
              clearTimeout(timer);
              done();
            }
          });
          socket.on("error", (e) => {
            problems.push(`connection ${c}: ${e.message}`);
            clearTimeout(timer);
            done();
          });
        }),
    ),
  );
  const ms = performance.now() - started;
  const total = CONNECTIONS * PER_CONNECTION;
  console.log(`\nWebSocket load: ${CONNECTIONS} connections x ${PER_CONNECTION} requests`);
  console.log(
    `  ${answered} of ${total} answered in ${(ms / 1000).toFixed(1)} s (${Math.round((answered / ms) * 1000)} per second)`,
  );
  return problems;
}

const devnet = await startDevnet({ port: 0, quiet: true });
try {
  const { evm, key } = devnet.appConfig;
  const http = await httpFuzz(`${evm.httpUrl}/v3/${key}`);
  const ws = await wsLoad(`${evm.wsUrl}/ws/v3/${key}`);
  const alive = await fetch(`${evm.httpUrl}/v3/${key}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
  }).then(
    (r) => r.ok,
    () => false,
  );
  console.log(`\nGateway still answering afterwards: ${alive ? "yes" : "NO"}`);
  const problems = [
    ...http.problems,
    ...(http.nodeBlamed
      ? [`${http.nodeBlamed} client errors were answered as the node's failure (5xx)`]
      : []),
    ...ws,
    ...(alive ? [] : ["the gateway stopped answering"]),
  ];
  for (const p of problems.slice(0, 20)) console.log(`  problem: ${p}`);
  console.log(
    `\n${problems.length === 0 ? "soak: no answer lost, doubled or malformed" : `soak: ${problems.length} problems`}`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await devnet.stop();
}
