import { fileURLToPath } from "node:url";
import { defineConfig } from "vitepress";

/**
 * A node provider's documentation, made with VitePress, that embeds the playground with one tag
 * (e2e/docs-site.spec.ts builds it and opens it). The one line of configuration the playground
 * needs: its loader in every page's head. PLAYGROUND_URL is where the playground is served.
 */
const playground = process.env.PLAYGROUND_URL ?? "http://127.0.0.1:4173";

export default defineConfig({
  title: "Example Node Docs",
  description: "A documentation site that embeds the RPC Playground",
  head: [
    ["script", { src: `${playground}/embed.js`, async: "" }],
    // No favicon request (a 404 in the console the test reads).
    ["link", { rel: "icon", href: "data:," }],
  ],
  // Nothing is written inside the repository: the cache and the site go under node_modules.
  cacheDir:
    process.env.DOCS_CACHE_DIR ??
    fileURLToPath(new URL("../../../node_modules/.docs-site-cache", import.meta.url)),
  outDir:
    process.env.DOCS_OUT_DIR ?? fileURLToPath(new URL("../../../node_modules/.docs-site", import.meta.url)),
  themeConfig: {
    nav: [
      { text: "Blocks", link: "/" },
      { text: "Storage", link: "/storage" },
    ],
  },
});
