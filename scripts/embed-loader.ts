import { resolve } from "node:path";
import { build } from "vite";

/**
 * The one-tag embed's loader (src/embed-loader/embed.ts), compiled on its own: one classic script
 * (an IIFE, so `<script src>` works and `document.currentScript` tells it where the app lives),
 * minified, under a fixed name beside index.html, sharing no chunk with the app. vite.config.ts
 * (`embedLoader`) emits it into every build and serves it on the dev server (docs/decisions.md,
 * "One tag to embed").
 */
export const LOADER_FILE = "embed.js";
const ENTRY = resolve(import.meta.dirname, "../src/embed-loader/embed.ts");
/**
 * The types of what embed.js gives a page (`window.RpcPlayground`, its handles, the tag's events),
 * served beside it for documentation sites written in TypeScript. The loader implements them
 * (embed.ts, handle.ts), so they cannot drift from it; embed-loader.test.ts compiles the file on
 * its own, as a page's project would.
 */
export const TYPES_FILE = "embed.d.ts";
export const TYPES_SOURCE = resolve(import.meta.dirname, "../src/embed-loader/embed-api.d.ts");
/**
 * Sent with it by the dev and preview servers (vite.config.ts) and named for a static host in the
 * build's `_headers` (security-headers.ts): a host's type for `.ts` is often video/mp2t (MPEG
 * transport streams), which a browser, told `nosniff`, downloads instead of showing.
 */
export const TYPES_CONTENT_TYPE = "text/plain; charset=utf-8";

export async function buildLoader(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    publicDir: false,
    root: resolve(import.meta.dirname, ".."),
    build: {
      write: false,
      target: "es2022",
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: ENTRY, formats: ["iife"], name: "RpcPlaygroundLoader", fileName: () => LOADER_FILE },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  for (const o of outputs)
    if ("output" in o) for (const item of o.output) if (item.type === "chunk") return item.code;
  throw new Error("The embed loader's build gave no script");
}
