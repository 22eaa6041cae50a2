import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";

/**
 * A client that starts a WebSocket message and never finishes it (the first frame of a fragmented
 * message, FIN=0, and no more; or a frame whose payload stops short) would hold the connection
 * forever: `ws` waits for the rest and emits nothing. The gateway gives each message a limit to
 * arrive whole, counted from its first byte, as HTTP's request timeout does for a body. An idle
 * connection (no message partway, pings included) is not affected.
 *
 * `ws` does not expose partial frames, so the raw socket's bytes are followed here: only the frame
 * headers are read (payloads are skipped, never kept), which is enough to know whether a message
 * is partway. It does not depend on when `ws` emits its events, so a chunk that ends one message
 * and starts the next is read right.
 */

/** After the close frame, how long a client has to answer it before its socket is destroyed. */
const CLOSE_GRACE_MS = 1_000;

/** Where the client's frames begin and end, from the raw bytes (RFC 6455 §5.2). */
export class FrameBoundaries {
  /** The bytes of a frame header that has not fully arrived yet. */
  private header = Buffer.alloc(0);
  /** Payload bytes of the current frame still to come. */
  private payloadLeft = 0;
  /** A data frame with FIN=0 arrived, and its final continuation frame has not. */
  private fragmented = false;

  /** True while a message is partway: a frame not wholly arrived, or a fragmented message not ended. */
  get partial(): boolean {
    return this.header.length > 0 || this.payloadLeft > 0 || this.fragmented;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.payloadLeft > 0) {
        const n = Math.min(this.payloadLeft, chunk.length - at);
        this.payloadLeft -= n;
        at += n;
        continue;
      }
      const take = Math.min(headerLength(this.header) - this.header.length, chunk.length - at);
      this.header = Buffer.concat([this.header, chunk.subarray(at, at + take)]);
      at += take;
      if (this.header.length === headerLength(this.header)) this.endHeader();
    }
  }

  private endHeader(): void {
    const h = this.header;
    const fin = (h[0]! & 0x80) !== 0;
    const opcode = h[0]! & 0x0f;
    const len7 = h[1]! & 0x7f;
    this.payloadLeft = len7 === 126 ? h.readUInt16BE(2) : len7 === 127 ? Number(h.readBigUInt64BE(2)) : len7;
    // Control frames (opcode 8 and up) may come between a message's fragments and end nothing.
    if (opcode < 8) this.fragmented = !fin;
    this.header = Buffer.alloc(0);
  }
}

/** A header's whole length once its first two bytes are known (2 while they are not). */
function headerLength(h: Buffer): number {
  if (h.length < 2) return 2;
  const len7 = h[1]! & 0x7f;
  const extended = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
  const mask = h[1]! & 0x80 ? 4 : 0;
  return 2 + extended + mask;
}

/**
 * Closes `ws` when a message stays partway for `limitMs`. A provider's gateway would drop such a
 * client as a slow-loris; this one says why first: close code 1008 (policy violation: fragmenting
 * is legal, so it is not 1002's protocol error) with a short reason, and destroys the socket if the
 * client does not answer the close within a second (one stuck mid-message may never answer).
 */
export function closeStalledMessages(ws: WebSocket, socket: Duplex, limitMs: number): void {
  const frames = new FrameBoundaries();
  let timer: NodeJS.Timeout | undefined;
  let grace: NodeJS.Timeout | undefined;

  const stalled = () => {
    socket.off("data", onData);
    ws.close(1008, `message not completed within ${limitMs / 1000} s`);
    grace = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
  };
  const onData = (chunk: Buffer) => {
    frames.push(chunk);
    if (frames.partial) {
      timer ??= setTimeout(stalled, limitMs);
    } else {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  // Attached once `ws` has the socket: the upgrade's leftover bytes (`head`) are emitted as data
  // after this, so they are counted too.
  socket.on("data", onData);
  socket.once("close", () => {
    clearTimeout(timer);
    clearTimeout(grace);
    socket.off("data", onData);
  });
}
