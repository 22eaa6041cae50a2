/**
 * The headers every page of the app is served with: a strict Content-Security-Policy, no MIME
 * sniffing, no referrer. The dev server and `vite preview` send them (vite.config.ts); a static
 * host sends the copy in public/_headers (checked against this file by security-headers.test.ts).
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

export type HeaderMode = { dev: boolean; inlineScriptHashes?: readonly string[] };

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

/** Whether an address is the embed's (the same rule as the app's routeOf). */
export function isEmbedAddress(pathAndQuery: string): boolean {
  const url = new URL(pathAndQuery, "http://x");
  return url.pathname.replace(/\/+$/, "").endsWith("/embed") || url.searchParams.get("embed") === "1";
}

export function frameAncestors(pathAndQuery: string): string {
  if (!isEmbedAddress(pathAndQuery)) return "'none'";
  const origins = embedOrigins(new URL(pathAndQuery, "http://x").search);
  return origins.length ? ["'self'", ...origins].join(" ") : "*";
}

export function contentSecurityPolicy(pathAndQuery: string, mode: HeaderMode): string {
  const hashes = (mode.inlineScriptHashes ?? []).map((h) => `'${h}'`);
  const script = ["script-src 'self'", ...hashes].join(" ");
  // The dev server's hot reload talks to its own ws:// address; a user's network may be any address.
  const connect = "connect-src 'self' http: https: ws: wss:";
  return [...BASE_DIRECTIVES, script, connect, `frame-ancestors ${frameAncestors(pathAndQuery)}`].join("; ");
}

export function securityHeaders(pathAndQuery: string, mode: HeaderMode): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(pathAndQuery, mode),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  };
}

/**
 * public/_headers for a static host (Netlify, Cloudflare Pages). The single-page fallback serves
 * the app at every path, so the policy goes under `/*` (every path has it), without framing rules:
 * those hosts add every matching block's headers (Cloudflare) or take the most specific one's for
 * a name (Netlify), so a second Content-Security-Policy for the embed would either shut it out or
 * replace the whole policy. The pages that may never be framed say so in another header,
 * `X-Frame-Options: DENY`; the embed (`/embed`) has none, so any page may frame it. A path the
 * file cannot name (a mistyped address, `/docs/guide`) still refuses to run framed: the app checks
 * (`isFramed`, src/app/App.tsx). A static host cannot read `origins=` from the address: there the
 * embed may be framed by any page, and the `?embed=1` form of the address is not framable (use
 * /embed).
 */
export function staticHeadersFile(): string {
  const lines = (paths: string[], headers: Record<string, string>) =>
    paths.map((p) => [p, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join("\n"));
  const { "Content-Security-Policy": _, ...common } = securityHeaders("/", { dev: false });
  const everyPage = contentSecurityPolicy("/embed", { dev: false }).replace(/; frame-ancestors [^;]*$/, "");
  return `${[
    "# Written by scripts/security-headers.ts: npx tsx scripts/security-headers.ts > public/_headers\n# The headers a static host must send; see the README's deploy note.",
    ...lines(["/*"], { ...common, "Content-Security-Policy": everyPage }),
    ...lines(["/", "/index.html", "/guide", "/guide/"], { "X-Frame-Options": "DENY" }),
  ].join("\n\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(staticHeadersFile());
