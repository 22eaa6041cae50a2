import { readFile } from "node:fs/promises";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

export type HostServer = { origin: string; close(): Promise<void> };

const page = new URL("./host.html", import.meta.url);
const tagsPage = new URL("./tags.html", import.meta.url);

/** Text safe inside a double-quoted HTML attribute. */
const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A documentation site on its own origin (127.0.0.1, a free port): serves host.html, the page
 * that embeds the playground with an iframe and its own script, and tags.html, the page that
 * embeds it with one tag each and embed.js loaded from `?app=` (the playground's address). Two of
 * these are two origins, one listed by the embed and one not.
 */
export async function startHostServer(): Promise<HostServer> {
  const html = await readFile(page, "utf8");
  const tags = await readFile(tagsPage, "utf8");
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://host");
    const path = url.pathname;
    if (path === "/" || path === "/host.html" || path === "/tags.html") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(path === "/tags.html" ? tags.replace("%APP%", attr(url.searchParams.get("app") ?? "")) : html);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
  });
  return listen(server);
}

/** Content types of the files the tests' static sites serve. */
export const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
};

/**
 * A built static site (the VitePress docs of e2e/docs-site) on its own origin: `/` is index.html,
 * `/storage` is storage.html, as a static host serves them. `replace`: a text put in place of
 * another in the HTML and JavaScript served (the playground's address the site was built with).
 */
export async function startStaticServer(
  root: string,
  opts: { replace?: readonly [string, string] } = {},
): Promise<HostServer> {
  const serve: RequestListener = async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://host").pathname));
    const file = path.endsWith("/") ? `${path}index.html` : path;
    for (const candidate of [file, `${file}.html`]) {
      try {
        const read = await readFile(join(root, candidate));
        const type = extname(candidate);
        const body =
          opts.replace && (type === ".html" || type === ".js")
            ? read.toString("utf8").replaceAll(...opts.replace)
            : read;
        res.writeHead(200, { "Content-Type": TYPES[type] ?? "application/octet-stream" });
        res.end(body);
        return;
      } catch {
        // Not this one: try the next form of the address.
      }
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
  };
  return listen(createServer((req, res) => void serve(req, res)));
}

/** `server` on a free loopback port, with a close that drops its open connections. */
export async function listen(server: Server): Promise<HostServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
