import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "./server.ts";

/** A gateway of its own with short timeouts and a backend that answers at once. */
let gateway: Gateway;
beforeAll(async () => {
  const backend = {
    handle: async (r: { id: unknown }) => ({ jsonrpc: "2.0", id: r.id, result: "0x1" }) as never,
  };
  gateway = await startGateway({
    port: 0,
    key: "k",
    evm: backend,
    starknet: backend,
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
  });
});
afterAll(() => gateway.close());

/** Writes `parts` with `gapMs` between them and returns the first line the gateway answers. */
function drip(parts: string[], gapMs: number): Promise<string> {
  return new Promise((resolve) => {
    const { port } = new URL(gateway.url);
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString();
    });
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
    socket.on("error", () => resolve(answer.split("\r\n")[0] ?? ""));
    let i = 0;
    const next = () => {
      if (socket.destroyed || i >= parts.length) return;
      socket.write(parts[i++]!);
      setTimeout(next, gapMs);
    };
    socket.on("connect", next);
  });
}

describe("a client too slow to send its request", () => {
  const body = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}';
  const head = `POST /v3/k HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;

  it("gets 408 when its body drips past the request timeout (its fault, not the node's)", async () => {
    expect(await drip([head, ...body.split("")], 100)).toBe("HTTP/1.1 408 Request Timeout");
  });

  it("gets 408 when its head never ends", async () => {
    expect(await drip(["POST /v3/k HTTP/1.1\r\n", "Host: x\r\n"], 2_000)).toBe(
      "HTTP/1.1 408 Request Timeout",
    );
  });

  it("is answered when it sends in time", async () => {
    expect(await drip([head, body], 10)).toBe("HTTP/1.1 200 OK");
  });
});
