import { WebSocket } from "ws";

/** Small clients for the devnet tests: raw HTTP posts and a WebSocket that matches answers by id. */

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

let nextId = 1;

/** One JSON-RPC call over HTTP; returns the whole response object. */
export async function rpc(url: string, method: string, params?: unknown): Promise<Record<string, unknown>> {
  const id = nextId++;
  const answer = await post(url, { jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
  const json = answer.json as Record<string, unknown>;
  if (json.id !== id) throw new Error(`answer id ${String(json.id)} is not ${id}`);
  return json;
}

/** The result of a call that must succeed. */
export async function result<T = unknown>(url: string, method: string, params?: unknown): Promise<T> {
  const json = await rpc(url, method, params);
  if ("error" in json) throw new Error(`${method} failed: ${JSON.stringify(json.error)}`);
  return json.result as T;
}

export class WsClient {
  private readonly pending = new Map<unknown, (v: Record<string, unknown>) => void>();
  readonly raw: string[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = String(data);
      this.raw.push(text);
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      const waiter = this.pending.get(msg.id);
      if (waiter) {
        this.pending.delete(msg.id);
        waiter(msg);
      }
    });
  }

  static open(url: string): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once("open", () => resolve(new WsClient(socket)));
      socket.once("error", reject);
    });
  }

  /** Sends a request (object or raw text) and waits for the answer with the given id. */
  request(body: unknown, id: unknown = (body as { id?: unknown }).id): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(typeof body === "string" ? body : JSON.stringify(body));
    });
  }

  /** The next raw message, whatever it is. */
  nextMessage(): Promise<string> {
    return new Promise((resolve) => this.socket.once("message", (d) => resolve(String(d))));
  }

  /** Resolves with the close code when the server ends the connection. */
  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) resolve(1006);
      else this.socket.once("close", (code) => resolve(code));
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Tries a WebSocket upgrade that should be refused; returns the HTTP status and body. */
export function wsRefusal(
  url: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        socket.terminate();
      });
    });
    socket.on("open", () => {
      socket.terminate();
      reject(new Error("the upgrade was accepted"));
    });
    socket.on("error", () => {});
  });
}
