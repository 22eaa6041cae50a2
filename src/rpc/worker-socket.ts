/**
 * The app's WebSocket, opened in the answer worker (socket-host.ts) so that a big message's frames
 * never become a string on the page: a 16 MB block used to cost the main thread one ~114 ms task
 * (receiving the text, then copying it to the worker). ws.ts gets a socket of the same shape as the
 * browser's; a message under the worker threshold comes as its text (a small copy), a bigger one
 * as a HeldMessage: its size and its ends, read in the worker (`read`, the answer then coming in
 * pieces, answer-parse.ts), made a Blob there (`blob`: over its request's limit) or dropped.
 * Where the worker cannot run (no Worker, a policy that refuses it, a worker that broke before
 * its socket opened) the page's own WebSocket is used, as before.
 */
import { type ParsedAnswer, parseHeldMessage, socketWorker, WORKER_THRESHOLD_BYTES } from "./answer-parse.ts";
import type { FromSocketHost, ToSocketHost } from "./socket-host.ts";

/**
 * What ws.ts needs of a socket: the browser's, the `ws` package's and WorkerSocket all fit. Handlers
 * take `never` so that either's event types are accepted.
 */
export interface SocketLike {
  readonly readyState: number;
  binaryType: string;
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: never) => unknown) | null;
  onclose: ((event: never) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /**
   * The client waits for no answer on it, the last request given up on (timed out, cancelled): a
   * socket in the worker then counts no answer as still owed (socket-host.ts).
   */
  quiet?(): void;
}

type SocketConstructor = new (url: string) => SocketLike;

/** How a relay reaches the socket host: the answer worker, or a test's host in the same thread. */
interface SocketLink {
  post(message: ToSocketHost): void;
  /** Reads a held message where it is held (the answer worker's job). */
  read(held: number, url: string): Promise<ParsedAnswer>;
  /** The page's own WebSocket, for a socket whose worker failed before it opened. */
  Fallback: SocketConstructor | undefined;
}

/** A big message kept in the worker. Exactly one of read, blob and drop is called (else it is dropped). */
export class HeldMessage {
  claimed = false;
  constructor(
    /** Its UTF-8 size (bytes for a binary one). */
    readonly sizeBytes: number,
    /** Its first and last characters (none for a binary one), scrubbed of the key: where its id is. */
    readonly head: string,
    readonly tail: string,
    private readonly owner: { read(): Promise<ParsedAnswer>; blob(): Promise<Blob>; drop(): void },
  ) {}
  /** Its value, read in the worker: the first piece, the rest told by its `arrival`. */
  read(): Promise<ParsedAnswer> {
    this.claimed = true;
    return this.owner.read();
  }
  /** It whole as a Blob (to download), made in the worker. */
  blob(): Promise<Blob> {
    this.claimed = true;
    return this.owner.blob();
  }
  drop(): void {
    if (this.claimed) return;
    this.claimed = true;
    this.owner.drop();
  }
}

type Closed = { code: number; reason: string };

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

export interface SocketRelay {
  /** A socket whose WebSocket lives behind the link. */
  open(url: string): SocketLike;
  /** A message of the host's, or "failed": the worker could not start or broke. */
  receive(message: FromSocketHost | "failed"): void;
}

export function createSocketRelay(link: SocketLink): SocketRelay {
  const sockets = new Map<number, WorkerSocket>();
  const blobs = new Map<number, (blob: Blob) => void>();
  let nextSock = 1;
  const post = batchingSends(link.post);

  class WorkerSocket implements SocketLike {
    readyState = CONNECTING;
    binaryType = "arraybuffer";
    onopen: ((event: object) => unknown) | null = null;
    onmessage: ((event: { data: unknown }) => unknown) | null = null;
    onclose: ((event: Closed) => unknown) | null = null;
    onerror: ((event: object) => unknown) | null = null;
    private readonly sock = nextSock++;
    /** The page's own socket, once this one fell back to it. */
    private page: SocketLike | undefined;

    constructor(private readonly url: string) {
      sockets.set(this.sock, this);
      post({ sock: this.sock, open: url, holdFrom: WORKER_THRESHOLD_BYTES });
    }

    send(data: string) {
      if (this.page) return this.page.send(data);
      // As the browser's: an error while connecting, nothing once closing.
      if (this.readyState === CONNECTING) throw new Error("The socket is not open yet");
      if (this.readyState === OPEN) post({ sock: this.sock, send: data });
    }

    quiet() {
      if (!this.page && this.readyState === OPEN) post({ sock: this.sock, quiet: true });
    }

    close(code = 1000, reason = "") {
      if (this.page) return this.page.close(code, reason);
      if (this.readyState >= CLOSING) return;
      this.readyState = CLOSING;
      post({ sock: this.sock, close: code, reason });
    }

    hear(m: FromSocketHost) {
      if ("opened" in m) {
        this.readyState = OPEN;
        this.onopen?.({});
      } else if ("data" in m) this.onmessage?.({ data: m.data });
      else if ("datas" in m) for (const data of m.datas) this.onmessage?.({ data });
      else if ("sizeBytes" in m) {
        const { sock, url } = this;
        const held = m.held;
        const message = new HeldMessage(m.sizeBytes, m.head, m.tail, {
          read: () => link.read(held, url),
          blob: () =>
            new Promise<Blob>((resolve) => {
              blobs.set(held, resolve);
              post({ sock, held, blob: true });
            }),
          drop: () => post({ sock, held, drop: true }),
        });
        this.onmessage?.({ data: message });
        // Nobody took it (a socket already replaced): the worker lets it go.
        message.drop();
      } else if ("closed" in m) this.finish({ code: m.closed, reason: m.reason });
    }

    /** The worker is gone: a socket not yet open goes on in the page, an open one is dropped. */
    lost() {
      if (this.readyState !== CONNECTING || !link.Fallback) return this.finish({ code: 1006, reason: "" });
      sockets.delete(this.sock);
      let page: SocketLike;
      try {
        page = new link.Fallback(this.url);
        page.binaryType = this.binaryType;
      } catch {
        return this.finish({ code: 1006, reason: "" });
      }
      this.page = page;
      page.onopen = () => {
        this.readyState = OPEN;
        this.onopen?.({});
      };
      page.onmessage = (e: { data: unknown }) => this.onmessage?.({ data: e.data });
      page.onerror = () => this.onerror?.({});
      page.onclose = (e: { code?: number; reason?: string }) => {
        this.readyState = CLOSED;
        this.onclose?.({ code: e.code ?? 1006, reason: e.reason ?? "" });
      };
    }

    private finish(closed: Closed) {
      sockets.delete(this.sock);
      if (this.readyState === CLOSED) return;
      this.readyState = CLOSED;
      this.onclose?.(closed);
    }
  }

  return {
    open: (url) => new WorkerSocket(url),
    receive(m) {
      if (m === "failed") {
        for (const socket of [...sockets.values()]) socket.lost();
        for (const resolve of blobs.values()) resolve(new Blob([]));
        blobs.clear();
        return;
      }
      if ("blob" in m) {
        blobs.get(m.held)?.(m.blob);
        blobs.delete(m.held);
        return;
      }
      const socket = sockets.get(m.sock);
      if (socket) socket.hear(m);
      // A message of a socket already gone is let go, so the worker keeps nothing.
      else if ("sizeBytes" in m) post({ sock: m.sock, held: m.held, drop: true });
    },
  };
}

/**
 * `post`, with the sends a socket makes in one task after its first joined into one message: the
 * first goes at once (a lone send is not held back to the task's end), the rest at the end of the
 * task (a microtask), so 500 requests sent in a loop cost the page two posts and the worker two
 * tasks, not 500 of each. Any other message posts what waits first, so the order is kept.
 */
export function batchingSends(post: (message: ToSocketHost) => void): (message: ToSocketHost) => void {
  let waiting: { sock: number; sends: string[] } | undefined;
  const flush = () => {
    const batch = waiting;
    waiting = undefined;
    if (batch && batch.sends.length > 0) post(batch);
  };
  return (message) => {
    if ("send" in message && waiting?.sock === message.sock) {
      waiting.sends.push(message.send);
      return;
    }
    flush();
    post(message);
    if (!("send" in message)) return;
    waiting = { sock: message.sock, sends: [] };
    queueMicrotask(flush);
  };
}

let relay: SocketRelay | undefined;
let worker: Worker | null = null;

/**
 * Opens the app's WebSocket to `url` (the key is in it: it goes to our own worker, nowhere else):
 * in the answer worker where one runs, else the page's own; undefined where there is no WebSocket.
 */
export function openSocket(url: string): SocketLike | undefined {
  const Page = globalThis.WebSocket as SocketConstructor | undefined;
  if (typeof Page !== "function") return undefined;
  relay ??= createSocketRelay({
    post: (message) => worker?.postMessage(message),
    read: parseHeldMessage,
    Fallback: Page,
  });
  worker = socketWorker(relay.receive);
  return worker ? relay.open(url) : new Page(url);
}
