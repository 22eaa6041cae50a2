import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { type HostServer, listen, TYPES } from "./embed-host/server.ts";

export type { HostServer as StaticHost } from "./embed-host/server.ts";

/**
 * The headers a static host (Netlify, Cloudflare Pages) sends for `path` from a `_headers` file:
 * every matching block's (`/a/*` matches every path under `/a/`, anything else the exact path).
 */
export function headersFromFile(file: string, path: string): [string, string][] {
  const out: [string, string][] = [];
  for (const block of file.split(/\n\s*\n/)) {
    const [pattern, ...rest] = block.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
    if (!pattern) continue;
    const matches = pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
    if (!matches) continue;
    for (const line of rest) {
      const [name = "", ...value] = line.trim().split(": ");
      out.push([name, value.join(": ")]);
    }
  }
  return out;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * A static host for a build made for `base` (`dir` holds it), set up as the README's "Hosting under
 * a path" says: the files under the base, the single-page fallback within it (any other path under
 * the base is index.html), nothing outside it (that is the docs site's), and every answer with the
 * headers the build's own `_headers` names (a Content-Type there included, as Netlify and
 * Cloudflare Pages take it). `answers` are paths it answers itself with JSON (the
 * devnet's config at `<base>devnet.json`, as `npm start` serves it).
 */
export async function startStaticHost(
  dir: string,
  base: string,
  answers: Record<string, string>,
): Promise<HostServer> {
  const root = resolve(dir);
  const headersFile = await readFile(join(root, "_headers"), "utf8");
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (!path.startsWith(base) && `${path}/` !== base) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not the playground's");
      return;
    }
    for (const [name, value] of headersFromFile(headersFile, path)) res.setHeader(name, value);
    const answer = answers[path];
    if (answer !== undefined) {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(answer);
      return;
    }
    let file = resolve(root, `./${safeDecode(path.slice(base.length))}`);
    if (!file.startsWith(root + sep) || !(await isFile(file))) file = join(root, "index.html");
    // A type the _headers file names wins over the host's own for the file's extension.
    if (!res.hasHeader("Content-Type"))
      res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
    res.writeHead(200);
    res.end(await readFile(file));
  });
  return listen(server);
}
