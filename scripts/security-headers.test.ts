import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { headersFromFile } from "../e2e/static-host.ts";
import { routeOf } from "../src/app/App.tsx";
import {
  contentSecurityPolicy,
  embedOrigins,
  frameAncestors,
  inlineScriptHashes,
  securityHeaders,
  staticHeadersFile,
} from "./security-headers.ts";

describe("security headers", () => {
  it("never lets the playground or the guide be framed; the embed by the origins it lists, else any page", () => {
    expect(frameAncestors("/")).toBe("'none'");
    expect(frameAncestors("/guide")).toBe("'none'");
    expect(frameAncestors("/?method=eth_getProof")).toBe("'none'");
    expect(frameAncestors("/embed?method=x")).toBe("*");
    expect(frameAncestors("/?embed=1")).toBe("*");
    expect(frameAncestors("/embed?origins=https://docs.example.com,http://127.0.0.1:3000")).toBe(
      "'self' https://docs.example.com http://127.0.0.1:3000",
    );
  });

  it("keeps only exact http(s) origins from the address, so nothing can be injected into the policy", () => {
    expect(
      embedOrigins("?origins=https://a.example/path,javascript:alert(1),https://b.example;script-src *"),
    ).toEqual([]);
    expect(embedOrigins("?origins=https://a.example,https://a.example/,ftp://c.example")).toEqual([
      "https://a.example",
    ]);
  });

  it("allows scripts from the app's origin and the listed inline hashes only", () => {
    const csp = contentSecurityPolicy("/", { dev: true, inlineScriptHashes: ["sha256-abc="] });
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' http: https: ws: wss:");
    expect(securityHeaders("/", { dev: false })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
  });

  it("hashes inline scripts and skips those with src", () => {
    const html =
      '<script type="module" src="/a.js"></script><script type="module">import x from "/y";</script>';
    const body = 'import x from "/y";';
    expect(inlineScriptHashes(html)).toEqual([
      `sha256-${createHash("sha256").update(body).digest("base64")}`,
    ]);
  });

  /** The pages the file names to refuse frames by header (relative to the base); any other by the app. */
  const DENIED = ["", "index.html", "guide", "guide/"];

  it.each(
    (["/", "/playground/", "/docs/rpc/"] as const).flatMap((base) =>
      [
        "",
        "index.html",
        "guide",
        "guide/",
        "embed",
        "embed/",
        "anything",
        "deep/a/b",
        "docs/guide",
        "docs/embed",
      ].map((page) => [base, page] as const),
    ),
  )(
    "the static host's _headers for the base %s give %s the strict policy, and framing as the router's page allows",
    (base, page) => {
      const path = base + page;
      const sent = headersFromFile(staticHeadersFile(base), path);
      const csp = sent.filter(([n]) => n === "Content-Security-Policy").map(([, v]) => v);
      // One policy on every path the single-page fallback serves (Netlify and Cloudflare alike).
      expect(csp).toHaveLength(1);
      expect(csp[0]).toContain("script-src 'self'");
      expect(csp[0]).toContain("object-src 'none'");
      expect(csp[0]).not.toContain("frame-ancestors");
      expect(sent).toContainEqual(["X-Content-Type-Options", "nosniff"]);
      const framing = sent.filter(([n]) => n === "X-Frame-Options").map(([, v]) => v);
      const route = routeOf({ pathname: path, search: "" }, base);
      if (route === "embed") expect(framing).toEqual([]);
      else if (DENIED.includes(page)) expect(framing).toEqual(["DENY"]);
      else expect(framing).toEqual([]);
    },
  );

  it("has a static host send embed.js's types as text, under the base", () => {
    for (const base of ["/", "/playground/"])
      expect(headersFromFile(staticHeadersFile(base), `${base}embed.d.ts`)).toContainEqual([
        "Content-Type",
        "text/plain; charset=utf-8",
      ]);
  });

  it("under a sub-path, names the base without its slash too, and nothing of the site around it", () => {
    const file = staticHeadersFile("/playground/");
    const bare = headersFromFile(file, "/playground");
    expect(routeOf({ pathname: "/playground", search: "" }, "/playground/")).toBe("playground");
    expect(bare.filter(([n]) => n === "Content-Security-Policy")).toHaveLength(1);
    expect(bare).toContainEqual(["X-Frame-Options", "DENY"]);
    // The docs site's own pages keep their own headers: the playground's policy is not theirs.
    for (const path of ["/", "/guide", "/embed", "/docs/playground/guide", "/playgroundx/"]) {
      expect(headersFromFile(file, path)).toEqual([]);
      expect(routeOf({ pathname: path, search: "" }, "/playground/")).toBe("elsewhere");
    }
  });

  it("frames the embed under the base only, on the dev and preview servers", () => {
    const base = "/playground/";
    expect(frameAncestors("/playground/embed?method=x", base)).toBe("*");
    expect(frameAncestors("/playground?embed=1", base)).toBe("*");
    expect(frameAncestors("/playground/guide", base)).toBe("'none'");
    expect(frameAncestors("/embed?method=x", base)).toBe("'none'");
    expect(
      contentSecurityPolicy("/playground/embed?origins=https://docs.example.com", { dev: false, base }),
    ).toContain("frame-ancestors 'self' https://docs.example.com");
  });
});
