/**
 * The WebSockets that live in the answer worker (answer-worker.ts), for the page's WorkerSocket
 * (worker-socket.ts): a frame is received into a string here, off the main thread. A message under
 * `holdFrom` characters goes to the page as it came (a small copy); a bigger one stays here, held,
 * and the page gets only its size and its two ends (where its id is written) and says what to do:
 * read it (a job of the answer worker, which takes it with `take`), make a Blob of it (an answer
 * over its request's limit, to download), or drop it. Pure of the worker's scope: tests run it in
 * Node with the `ws` package.
 */
import { messageTask } from "../chain/next-task.ts";
import { scrubSecrets } from "./redact.ts";
import { utf8ByteLength } from "./response.ts";

/** From the page: `sock` numbers a socket of the page's, `held` a message held here. */
export type ToSocketHost =
  | { sock: number; open: string; holdFrom: number }
  | { sock: number; send: string }
  /** Sends of one socket made in one task of the page's, in their order (worker-socket.ts). */
  | { sock: number; sends: string[] }
  | { sock: number; close: number; reason: string }
  /** The page waits for no answer on this socket, the last one given up on: none is owed. */
  | { sock: number; quiet: true }
  | { sock: number; held: number; blob: true }
  | { sock: number; held: number; drop: true };

/** To the page. */
export type FromSocketHost =
  | { sock: number; opened: true }
  | { sock: number; data: string | ArrayBuffer }
  /** Small messages of one socket that came while the last went, in their order (`batchingReceives`). */
  | { sock: number; datas: (string | ArrayBuffer)[] }
  | { sock: number; held: number; sizeBytes: number; head: string; tail: string }
  | { sock: number; held: number; blob: Blob }
  | { sock: number; closed: number; reason: string };

/** The answer worker's job number of held message `held` (answer-worker.ts reads it at once): page's jobs count up from 1, these down from -1. */
export const heldJob = (held: number): number => -held;

/** How much of each end of a held message the page reads an id in (as ws.ts does on a text). */
const END_CHARS = 256;

type HostSocket = {
  binaryType: string;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

type Post = (message: FromSocketHost, transfer?: Transferable[]) => void;

/**
 * What the answer worker does with a held message before the page has said (socket-host's own
 * part ends at holding it): it starts reading it at once (`held`), and stops when the page lets it
 * go (`letGo`: made a Blob, or dropped).
 */
type HeldHooks = {
  held(id: number, data: string | ArrayBuffer, url: string): void;
  letGo(id: number): void;
};

interface SocketHost {
  /** Handles one message of the page's (open, send, close, a held message's fate). */
  handle(message: ToSocketHost): void;
  /** A held message, handed over to be read (and no longer held); undefined when gone. */
  take(held: number): string | ArrayBuffer | undefined;
}

export function createSocketHost(
  toPage: Post,
  Impl: new (url: string) => unknown,
  hooks?: HeldHooks,
  /** How a batch waits HOLD_MS (`batchingReceives`); tests pass their own. */
  wait: Wait = timer,
): SocketHost {
  /** Per socket: its messages sent less those it brought, at least 0 (the answers it may still owe). */
  const owed = new Map<number, number>();
  const post = batchingReceives(toPage, (sock) => (owed.get(sock) ?? 0) > 0, messageTask, wait);
  const sockets = new Map<number, HostSocket>();
  const held = new Map<number, string | ArrayBuffer>();
  let nextHeld = 1;

  const open = (sock: number, url: string, holdFrom: number) => {
    let socket: HostSocket;
    try {
      socket = new Impl(url) as HostSocket;
      socket.binaryType = "arraybuffer";
    } catch {
      // A malformed address: closed before it opened (the page says why, without the address).
      post({ sock, closed: 1006, reason: "" });
      return;
    }
    sockets.set(sock, socket);
    socket.onopen = () => post({ sock, opened: true });
    socket.onerror = () => {}; // A close event follows; it decides.
    socket.onclose = (event) => {
      if (sockets.get(sock) === socket) sockets.delete(sock);
      owed.delete(sock);
      post({ sock, closed: event.code ?? 1006, reason: event.reason ?? "" });
    };
    socket.onmessage = ({ data }) => {
      const text = typeof data === "string" ? data : undefined;
      const bytes = data instanceof ArrayBuffer ? data : undefined;
      if (text === undefined && bytes === undefined) return;
      const owes = owed.get(sock) ?? 0;
      if (owes > 0) owed.set(sock, owes - 1);
      const length = text?.length ?? bytes?.byteLength ?? 0;
      if (length < holdFrom) {
        if (bytes) post({ sock, data: bytes }, [bytes]);
        else post({ sock, data: text ?? "" });
        return;
      }
      const id = nextHeld++;
      held.set(id, text ?? (bytes as ArrayBuffer));
      // The ends go to the page to read the id in, scrubbed of the key as anything shown.
      const end = (s: string) => scrubSecrets(s, url);
      post({
        sock,
        held: id,
        sizeBytes: text === undefined ? length : utf8ByteLength(text),
        head: text === undefined ? "" : end(text.slice(0, END_CHARS)),
        tail: text === undefined ? "" : end(text.slice(-END_CHARS)),
      });
      hooks?.held(id, text ?? (bytes as ArrayBuffer), url);
    };
  };

  return {
    handle(m) {
      if ("open" in m) return open(m.sock, m.open, m.holdFrom);
      if ("send" in m || "sends" in m) {
        const socket = sockets.get(m.sock);
        try {
          for (const data of "send" in m ? [m.send] : m.sends) {
            socket?.send(data);
            // Each may be answered: one that is not (a notification, a request the node never
            // answers) is owed until the page says it waits for nothing (`quiet`).
            if (socket) owed.set(m.sock, (owed.get(m.sock) ?? 0) + 1);
          }
        } catch {
          // Closing: its close event tells the page.
        }
        return;
      }
      if ("quiet" in m) {
        owed.delete(m.sock);
        return;
      }
      if ("close" in m) {
        try {
          sockets.get(m.sock)?.close(m.close, m.reason);
        } catch {
          // Already closing.
        }
        return;
      }
      const data = held.get(m.held);
      held.delete(m.held);
      hooks?.letGo(m.held);
      // Always answered, so the page never waits on a message already gone.
      if ("blob" in m) post({ sock: m.sock, held: m.held, blob: new Blob(data === undefined ? [] : [data]) });
    },
    take(id) {
      const data = held.get(id);
      held.delete(id);
      return data;
    },
  };
}

/** Messages joined while a batch waits: each under this size, and at most this much in all. */
const BATCH_MESSAGE_CHARS = 64 * 1024;
const BATCH_CHARS = 256 * 1024;
/**
 * How long small messages wait for the rest while their socket still owes answers (`owing`): a
 * pipelined burst's answers reach the page in batches this far apart at most, instead of one
 * batch a worker turn (a turn came after nearly every message: 500 pipelined answers were 428-530
 * page tasks, 32-41 ms of its main thread, traced; 26-36 tasks and 16-17 ms so), and the answer
 * that settles the last request owed goes at once.
 */
export const HOLD_MS = 8;

/** Runs `run` in `ms` milliseconds; returns a cancel. */
type Wait = (run: () => void, ms: number) => () => void;
const timer: Wait = (run, ms) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/**
 * `post`, with small messages joined into one. A message that answers the last request its socket
 * owes (`owing` false: as many messages came as requests went) goes at once, a lone answer never
 * held back. While the socket owes more (a pipelined burst), the small ones that come wait for
 * the one that settles the last request, or HOLD_MS, whichever is first, and go together. Apart
 * from that, those that come before the worker's next turn after one went (strays that came in
 * one write with the answer) go together then. 500 pipelined answers cost the page and the worker
 * a few dozen posts instead of 500: on a machine whose cores the node shares, that CPU was the
 * node's. Anything else (a big message held here, an open, a close) posts what waits first, so the
 * order is kept; a message of BATCH_MESSAGE_CHARS or more goes alone, and a batch stops at
 * BATCH_CHARS (the page takes a batch in one task).
 */
export function batchingReceives(
  post: Post,
  owing: (sock: number) => boolean = () => false,
  later: (run: () => void) => void = messageTask,
  wait: Wait = timer,
): Post {
  let waiting:
    | { sock: number; datas: (string | ArrayBuffer)[]; chars: number; transfer: Transferable[] }
    | undefined;
  /** A message went this turn: those that follow wait for the next. */
  let holding = false;
  /** The cancel of the HOLD_MS wait of a batch held for the answers owed. */
  let held: (() => void) | undefined;
  const flush = () => {
    held?.();
    held = undefined;
    const batch = waiting;
    waiting = undefined;
    if (!batch) return;
    if (batch.datas.length === 1)
      post({ sock: batch.sock, data: batch.datas[0] as string | ArrayBuffer }, batch.transfer);
    else post({ sock: batch.sock, datas: batch.datas }, batch.transfer);
  };
  const hold = () => {
    if (holding) return;
    holding = true;
    later(turn);
  };
  const turn = () => {
    // A batch held for the answers owed waits for them (or its HOLD_MS), not for the turns.
    if (!waiting || held) {
      holding = false;
      return;
    }
    flush();
    later(turn);
  };
  return (message, transfer) => {
    if (!("data" in message)) {
      flush();
      post(message, transfer);
      return;
    }
    const chars = typeof message.data === "string" ? message.data.length : message.data.byteLength;
    const owed = chars < BATCH_MESSAGE_CHARS && owing(message.sock);
    if (chars >= BATCH_MESSAGE_CHARS || (!owed && !holding && !waiting)) {
      flush();
      post(message, transfer);
      hold();
      return;
    }
    if (waiting && (waiting.sock !== message.sock || waiting.chars + chars > BATCH_CHARS)) flush();
    waiting ??= { sock: message.sock, datas: [], chars: 0, transfer: [] };
    waiting.datas.push(message.data);
    waiting.chars += chars;
    if (transfer) waiting.transfer.push(...transfer);
    if (owed) {
      held ??= wait(() => {
        held = undefined;
        flush();
      }, HOLD_MS);
      return;
    }
    // None owed now: a batch held for the answers owed goes with the last one, at once; strays
    // that follow a message which went this turn wait for the next turn.
    if (held || !holding) {
      flush();
      hold();
    }
  };
}
