import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "./server.ts";
import { FrameBoundaries } from "./ws-stalled-message.ts";

/** A gateway of its own whose WebSocket messages must arrive whole within 300 ms. */
const LIMIT_MS = 300;
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
    wsMessageTimeoutMs: LIMIT_MS,
  });
});
afterAll(() => gateway.close());

const TEXT = 0x1;
const CONTINUATION = 0x0;
const CLOSE = 0x8;
const PING = 0x9;

/** One client frame: masked, as RFC 6455 requires of a client. */
function frame(opcode: number, payload: Buffer | string, fin = true): Buffer {
  const data = Buffer.from(payload);
  const mask = randomBytes(4);
  const len =
    data.length < 126
      ? Buffer.from([0x80 | data.length])
      : Buffer.from([0x80 | 126, data.length >> 8, data.length & 0xff]);
  const masked = Buffer.from(data.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode]), len, mask, masked]);
}

const request = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] });

interface ServerFrame {
  opcode: number;
  payload: Buffer;
}

/** A WebSocket client on a raw socket: writes frames as given, reads the server's (unmasked, short) ones. */
class RawWs {
  readonly frames: ServerFrame[] = [];
  closedAt: number | undefined;
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: Socket) {
    socket.on("data", (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      while (this.buffer.length >= 2 && this.buffer.length >= 2 + (this.buffer[1]! & 0x7f)) {
        const len = this.buffer[1]! & 0x7f; // the gateway's frames here are all under 126 bytes
        this.frames.push({ opcode: this.buffer[0]! & 0x0f, payload: this.buffer.subarray(2, 2 + len) });
        this.buffer = this.buffer.subarray(2 + len);
      }
      this.wake();
    });
    socket.on("close", () => {
      this.closedAt = Date.now();
      this.wake();
    });
    socket.on("error", () => {});
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Opens `/ws/v3/k`; `extra` is written in the same packet as the upgrade request. */
  static open(extra: Buffer = Buffer.alloc(0)): Promise<RawWs> {
    const { port } = new URL(gateway.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      socket.on("connect", () => {
        const head =
          "GET /ws/v3/k HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
        socket.write(Buffer.concat([Buffer.from(head), extra]));
      });
      let text = "";
      const onHead = (d: Buffer) => {
        text += d.toString("latin1");
        const end = text.indexOf("\r\n\r\n");
        if (end < 0) return;
        socket.off("data", onHead);
        if (!text.startsWith("HTTP/1.1 101")) reject(new Error(text.split("\r\n")[0]));
        const ws = new RawWs(socket);
        const rest = Buffer.from(text.slice(end + 4), "latin1");
        if (rest.length > 0) socket.emit("data", rest);
        resolve(ws);
      };
      socket.on("data", onHead);
      socket.on("error", reject);
    });
  }

  send(...frames: Buffer[]): void {
    this.socket.write(Buffer.concat(frames));
  }

  /** Waits (at most `ms`) until `done` holds. */
  async until(done: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
    return true;
  }

  closeFrame(): ServerFrame | undefined {
    return this.frames.find((f) => f.opcode === CLOSE);
  }

  texts(): string[] {
    return this.frames.filter((f) => f.opcode === TEXT).map((f) => f.payload.toString("utf8"));
  }
}

/** Waits for the gateway's close frame, expects 1008, and answers it as a client must. */
async function expectClosedFor1008(ws: RawWs): Promise<void> {
  expect(await ws.until(() => ws.closeFrame() !== undefined, LIMIT_MS + 1_000)).toBe(true);
  const payload = ws.closeFrame()!.payload;
  expect(payload.readUInt16BE(0)).toBe(1008);
  ws.send(frame(CLOSE, payload.subarray(0, 2)));
  expect(await ws.until(() => ws.closedAt !== undefined, 500)).toBe(true);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a WebSocket message that never completes", () => {
  it("gets the connection closed with 1008 at the limit (the first fragment, FIN=0, and no more)", async () => {
    const ws = await RawWs.open();
    const started = Date.now();
    ws.send(frame(TEXT, request(1).slice(0, 10), false));
    expect(await ws.until(() => ws.closeFrame() !== undefined, LIMIT_MS + 1_000)).toBe(true);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 20);
    expect(elapsed).toBeLessThan(LIMIT_MS + 1_000); // loose for a loaded machine; the default is 10 s
    const close = ws.closeFrame()!;
    expect(close.payload.readUInt16BE(0)).toBe(1008);
    expect(close.payload.subarray(2).toString()).toMatch(/not completed within 0.3 s/);
    // Answering the close as a client must, the socket ends at once.
    ws.send(frame(CLOSE, close.payload.subarray(0, 2)));
    expect(await ws.until(() => ws.closedAt !== undefined, 500)).toBe(true);
    expect(ws.texts()).toStrictEqual([]);
  });

  it("drops a client that does not answer the close either", async () => {
    const ws = await RawWs.open();
    const started = Date.now();
    ws.send(frame(TEXT, request(2).slice(0, 10), false));
    expect(await ws.until(() => ws.closedAt !== undefined, LIMIT_MS + 2_000)).toBe(true);
    expect(ws.closeFrame()?.payload.readUInt16BE(0)).toBe(1008);
    expect(ws.closedAt! - started).toBeLessThan(LIMIT_MS + 1_600);
  });

  it("is caught when it starts in the same packet as a complete message", async () => {
    const ws = await RawWs.open();
    ws.send(frame(TEXT, request(3)), frame(TEXT, "[", false));
    await expectClosedFor1008(ws);
    expect(JSON.parse(ws.texts()[0]!)).toMatchObject({ id: 3, result: "0x1" });
  });

  it("is caught when it arrives with the upgrade request itself", async () => {
    const ws = await RawWs.open(frame(TEXT, "{", false));
    await expectClosedFor1008(ws);
  });

  it("is caught when a single frame stops short of its declared length", async () => {
    const ws = await RawWs.open();
    ws.send(frame(TEXT, request(4)).subarray(0, 12));
    expect(await ws.until(() => ws.closeFrame() !== undefined, LIMIT_MS + 1_000)).toBe(true);
    expect(ws.closeFrame()!.payload.readUInt16BE(0)).toBe(1008);
    // Mid-frame, a close frame would be read as the rest of the payload: the grace drops the socket.
    expect(await ws.until(() => ws.closedAt !== undefined, 2_000)).toBe(true);
  });
});

describe("connections that are not stalled stay open", () => {
  it("an idle connection (a ping included) stays open past the limit and is answered", async () => {
    const ws = await RawWs.open();
    ws.send(frame(PING, "hi"));
    await sleep(LIMIT_MS * 3);
    expect(ws.closedAt).toBeUndefined();
    expect(ws.closeFrame()).toBeUndefined();
    ws.send(frame(TEXT, request(5)));
    expect(await ws.until(() => ws.texts().length === 1, 1_000)).toBe(true);
    expect(JSON.parse(ws.texts()[0]!)).toMatchObject({ id: 5, result: "0x1" });
    ws.socket.destroy();
  });

  it("a fragmented message completed in time is answered, and the connection stays open after", async () => {
    const ws = await RawWs.open();
    const text = request(6);
    ws.send(frame(TEXT, text.slice(0, 10), false));
    await sleep(LIMIT_MS / 3);
    ws.send(frame(PING, ""), frame(CONTINUATION, text.slice(10, 20), false));
    await sleep(LIMIT_MS / 3);
    ws.send(frame(CONTINUATION, text.slice(20)));
    expect(await ws.until(() => ws.texts().length === 1, 1_000)).toBe(true);
    expect(JSON.parse(ws.texts()[0]!)).toMatchObject({ id: 6, result: "0x1" });
    await sleep(LIMIT_MS * 2);
    expect(ws.closedAt).toBeUndefined();
    expect(ws.closeFrame()).toBeUndefined();
    ws.socket.destroy();
  });
});

describe("FrameBoundaries", () => {
  it("follows 16-bit lengths and frames split at every byte", () => {
    const big = frame(TEXT, "x".repeat(300));
    const f = new FrameBoundaries();
    for (let i = 0; i < big.length; i++) {
      f.push(big.subarray(i, i + 1));
      expect(f.partial).toBe(i < big.length - 1);
    }
  });

  it("reads 64-bit lengths", () => {
    const f = new FrameBoundaries();
    const header = Buffer.alloc(14);
    header[0] = 0x82;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(70_000n, 2);
    f.push(header);
    f.push(Buffer.alloc(69_999));
    expect(f.partial).toBe(true);
    f.push(Buffer.alloc(1));
    expect(f.partial).toBe(false);
  });
});
