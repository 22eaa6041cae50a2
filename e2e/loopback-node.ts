import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny node on loopback for answers the devnet cannot give (real fixtures, hostile answers):
 * it allows any origin, reads the request, and answers with what `answer(path, request)` returns
 * (undefined: 404), or resolves (a proxy that asks another node first). `base` is its address;
 * `close` stops it.
 */
export async function startLoopbackNode(
  answer: (
    path: string,
    request: { id?: unknown; method?: unknown; params?: unknown },
  ) => string | undefined | Promise<string | undefined>,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "content-type");
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", async () => {
      let request: { id?: unknown; method?: unknown; params?: unknown } = {};
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        // Not JSON: the answer function decides what such a request gets.
      }
      let text: string | undefined;
      try {
        text = await answer(req.url ?? "/", request);
      } catch (error) {
        return void res.writeHead(502).end(String(error));
      }
      if (text === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
