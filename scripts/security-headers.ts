/**
 * The headers every page of the app is served with: a strict Content-Security-Policy, no MIME
 * sniffing, no referrer. The dev server and `vite preview` send them (vite.config.ts); a static
 * host sends the `_headers` file the build writes from this one, for the base path it is built
 * for (`staticHeadersFile`, checked against the app's router by security-headers.test.ts).
 *
 * - Scripts and workers only from the app's own origin (Monaco's workers are bundled files; `blob:`
 *   because a worker may be started from a blob in development).
 * - Styles inline too: Monaco and the virtual tables set element styles at run time.
 * - `connect-src` any http(s) and ws(s) address: a user's own network may be anywhere.
 * - Framing: the playground and the guide never (`frame-ancestors 'none'`: no page can put the
 *   key field under its own buttons); the embed by the origins its address lists (`origins=`),
 *   or by any page when it lists none, since embedding it is its purpose and it only ever hands
 *   messages to the origins it lists (docs/decisions.md).
 */

import { createHash } from "node:crypto";
import { normalizeBase } from "./base-path.ts";
import { TYPES_CONTENT_TYPE, TYPES_FILE } from "./embed-loader.ts";

export type HeaderMode = {
  dev: boolean;
  inlineScriptHashes?: readonly string[];
  /** The base path the app is served under ("/", "/playground/"; scripts/base-path.ts). */
  base?: string;
};

const BASE_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The CSP hashes ('sha256-…') of a page's inline scripts (those without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "") || !(m[2] ?? "").trim()) continue;
    out.push(
      `sha256-${createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}`,
    );
  }
  return out;
}

/** The origins an embed address lists, as exact http(s) origins; anything else is dropped. */
export function embedOrigins(search: string): string[] {
  const raw = new URLSearchParams(search).get("origins") ?? "";
  const out: string[] = [];
  for (const part of raw.split(",")) {
    const t = part.trim();
    if (!t) continue;
    try {
      const u = new URL(t);
      if ((u.protocol === "https:" || u.protocol === "http:") && u.origin === t.replace(/\/$/, ""))
        out.includes(u.origin) || out.push(u.origin);
    } catch {
      // Not an origin: the embed itself says so inside the frame; it frames nowhere extra.
    }
  }
  return out;
}

/** Whether an address is the embed's under the base path (the same rule as the app's routeOf). */
function isEmbedAddress(pathAndQuery: string, base: string): boolean {
  const { pathname, searchParams } = new URL(pathAndQuery, "http://x");
  if (!pathname.startsWith(base) && `${pathname}/` !== base) return false;
  const path = `/${pathname.slice(base.length)}`.replace(/\/+$/, "");
  return path.endsWith("/embed") || searchParams.get("embed") === "1";
}

export function frameAncestors(pathAndQuery: string, base = "/"): string {
  if (!isEmbedAddress(pathAndQuery, base)) return "'none'";
  const origins = embedOrigins(new URL(pathAndQuery, "http://x").search);
  return origins.length ? ["'self'", ...origins].join(" ") : "*";
}

export function contentSecurityPolicy(pathAndQuery: string, mode: HeaderMode): string {
  const hashes = (mode.inlineScriptHashes ?? []).map((h) => `'${h}'`);
  const script = ["script-src 'self'", ...hashes].join(" ");
  // The dev server's hot reload talks to its own ws:// address; a user's network may be any address.
  const connect = "connect-src 'self' http: https: ws: wss:";
  return [
    ...BASE_DIRECTIVES,
    script,
    connect,
    `frame-ancestors ${frameAncestors(pathAndQuery, mode.base)}`,
  ].join("; ");
}

export function securityHeaders(pathAndQuery: string, mode: HeaderMode): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(pathAndQuery, mode),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  };
}

/**
 * The `_headers` file for a static host (Netlify, Cloudflare Pages), for the base path the app is
 * built for: the build writes it into `dist/` (vite.config.ts). The single-page fallback serves
 * the app at every path under the base, so the policy goes under `<base>*` (every such path has
 * it; the docs site's own pages beside it get nothing from this file), without framing rules:
 * those hosts add every matching block's headers (Cloudflare) or take the most specific one's for
 * a name (Netlify), so a second Content-Security-Policy for the embed would either shut it out or
 * replace the whole policy. The pages that may never be framed say so in another header,
 * `X-Frame-Options: DENY`; the embed (`<base>embed`) has none, so any page may frame it. A path
 * the file cannot name (a mistyped address, `<base>docs/guide`) still refuses to run framed: the
 * app checks (`isFramed`, src/app/App.tsx). A static host cannot read `origins=` from the
 * address: there the embed may be framed by any page, and the `?embed=1` form of the address is
 * not framable (use `<base>embed`). Under a sub-path, the base without its slash (`/playground`,
 * which `<base>*` does not match) is named with every header.
 */
export function staticHeadersFile(base = "/"): string {
  const lines = (paths: string[], headers: Record<string, string>) =>
    paths.map((p) => [p, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join("\n"));
  const { "Content-Security-Policy": _, ...common } = securityHeaders(base, { dev: false });
  const everyPage = {
    ...common,
    "Content-Security-Policy": contentSecurityPolicy(`${base}embed`, { dev: false, base }).replace(
      /; frame-ancestors [^;]*$/,
      "",
    ),
  };
  const deny = { "X-Frame-Options": "DENY" };
  const bare = base.replace(/\/$/, "");
  return `${[
    `# Written by the build (vite.config.ts, from scripts/security-headers.ts) for the base path ${base}.\n# The headers a static host must send; see the README's "Hosting under a path".`,
    ...lines([`${base}*`], everyPage),
    ...(bare ? lines([bare], { ...everyPage, ...deny }) : []),
    ...lines([base, `${base}index.html`, `${base}guide`, `${base}guide/`], deny),
    // embed.js's types, as text (scripts/embed-loader.ts).
    ...lines([`${base}${TYPES_FILE}`], { "Content-Type": TYPES_CONTENT_TYPE }),
  ].join("\n\n")}\n`;
}

// `npx tsx scripts/security-headers.ts /playground/` prints the file for a base without building.
if (import.meta.url === `file://${process.argv[1]}`)
  process.stdout.write(staticHeadersFile(normalizeBase(process.argv[2] ?? "/")));
