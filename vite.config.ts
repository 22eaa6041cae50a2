import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig, type Plugin } from "vitest/config";
import { normalizeBase } from "./scripts/base-path.ts";
import { monacoCompileHints } from "./scripts/compile-hints.ts";
import { isPageRequest, withDevnetBlock } from "./scripts/devnet-page.ts";
import {
  buildLoader,
  LOADER_FILE,
  TYPES_CONTENT_TYPE,
  TYPES_FILE,
  TYPES_SOURCE,
} from "./scripts/embed-loader.ts";
import { fromOwnOrigin } from "./scripts/own-origin.ts";
import { preloadLinks, stalePreloadRule } from "./scripts/preload-links.ts";
import { pureLibraryConstants } from "./scripts/pure-constants.ts";
import { inlineScriptHashes, securityHeaders, staticHeadersFile } from "./scripts/security-headers.ts";
import { pageChunkGroups } from "./scripts/static-graph.ts";

/**
 * Unit test files that need a module graph of their own: they replace modules (`vi.mock`:
 * extra-method, next-task), count on garbage collection freeing what only they made (receipts),
 * or load a module that takes over a global when it is imported (answer-worker: `self`'s handlers).
 */
const NEEDS_OWN_MODULES = [
  "src/app/extra-method.test.tsx",
  "src/chain/next-task.test.ts",
  "src/chain/receipts.test.ts",
  "src/rpc/answer-worker.test.ts",
  "src/rpc/answer-worker-warm-up.test.ts",
];

/**
 * The base path the app is built for and served under: Vite's `--base` if given, else
 * PLAYGROUND_BASE, else "/"; written with a leading and a trailing slash (scripts/base-path.ts),
 * and refused in words when it is not a path (a full address, a relative one). The app reads it as
 * `import.meta.env.BASE_URL` (src/networks/app-path.ts). A build also writes the `_headers` file a
 * static host reads, naming the base's paths (scripts/security-headers.ts, `staticHeadersFile`).
 */
function basePath(): Plugin {
  let base = "/";
  return {
    name: "playground-base-path",
    config: (config) => ({ base: normalizeBase(config.base ?? process.env.PLAYGROUND_BASE ?? "/") }),
    configResolved(config) {
      base = config.base;
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: staticHeadersFile(base) });
    },
  };
}

/** Fails a build whose chunk names `preloadLinks` no longer reads (scripts/preload-links.ts). */
function preloadRuleCheck(): Plugin {
  return {
    name: "playground-preload-rule-check",
    apply: "build",
    generateBundle(_options, bundle) {
      const problem = stalePreloadRule(Object.values(bundle));
      if (problem) this.error(problem);
    },
  };
}

/**
 * Serves `devnet.json` under the base path (`/devnet.json` at the root): where the local devnet
 * listens and its key, so that the app opens on a chain that answers with no configuration. The devnet CLI and the browser-test setup put the
 * JSON in PLAYGROUND_DEVNET; a plain build served elsewhere serves public/devnet.json, which says
 * `null`, and the app keeps its catalog defaults.
 */
function devnetConfig(): Plugin {
  const serve = (
    base: string,
    req: { url?: string | undefined; headers: Record<string, string | string[] | undefined> },
    res: { setHeader(k: string, v: string): void; end(b: string): void; statusCode: number },
    next: () => void,
  ) => {
    if (req.url?.split("?")[0] !== `${base}devnet.json`) return next();
    const body = process.env.PLAYGROUND_DEVNET;
    // Without a devnet, public/devnet.json ("null") answers: no 404 in the console of a static host.
    if (!body) return next();
    // The key is for the app's own pages only, never another origin on this machine.
    // Never read as anything but what it says it is (a page that tried would be refused).
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (!fromOwnOrigin(req.headers)) {
      res.statusCode = 403;
      res.setHeader("Content-Type", "text/plain");
      return res.end("The devnet's address and key are served to the playground's own pages only.");
    }
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store");
    res.end(body);
  };
  return {
    name: "playground-devnet-config",
    configureServer: (server) =>
      void server.middlewares.use((req, res, next) => serve(server.config.base, req, res, next)),
    configurePreviewServer: (server) =>
      void server.middlewares.use((req, res, next) => serve(server.config.base, req, res, next)),
  };
}

type Res = { setHeader(k: string, v: string): void };
type Next = () => void;

/**
 * Sends scripts/security-headers.ts's headers with every answer of the dev server and of
 * `vite preview` (the production build). The dev server's page has inline scripts of its own
 * (React's hot-reload preamble): their hashes are allowed, nothing else inline.
 */
function securityHeadersPlugin(): Plugin {
  const headersFor = (
    url: string | undefined,
    mode: { hashes: readonly string[]; dev: boolean; base: string },
    res: Res,
  ) => {
    const { hashes, ...rest } = mode;
    for (const [k, v] of Object.entries(securityHeaders(url ?? "/", { ...rest, inlineScriptHashes: hashes })))
      res.setHeader(k, v);
  };
  return {
    name: "playground-security-headers",
    configureServer(server) {
      let hashes: Promise<string[]> | undefined;
      server.middlewares.use((req: { url?: string | undefined }, res: Res, next: Next) => {
        hashes ??= server
          .transformIndexHtml(
            server.config.base,
            readFileSync(resolve(server.config.root, "index.html"), "utf8"),
          )
          .then(inlineScriptHashes);
        hashes
          .catch(() => [])
          .then((h) => {
            headersFor(req.url, { hashes: h, dev: true, base: server.config.base }, res);
            next();
          });
      });
    },
    configurePreviewServer(server) {
      let hashes: string[] = [];
      try {
        const outDir = resolve(server.config.root, server.config.build.outDir);
        hashes = inlineScriptHashes(readFileSync(resolve(outDir, "index.html"), "utf8"));
      } catch {
        // No build yet: vite preview says so itself.
      }
      server.middlewares.use((req: { url?: string | undefined }, res: Res, next: Next) => {
        headersFor(req.url, { hashes, dev: false, base: server.config.base }, res);
        next();
      });
    },
  };
}

/**
 * Writes the devnet's config (PLAYGROUND_DEVNET) into the app's pages, on the dev server and on
 * `vite preview` (scripts/devnet-page.ts), for the app's own pages only (as /devnet.json). Never
 * into a build: a built page holds no key.
 */
function devnetPage(): Plugin {
  return {
    name: "playground-devnet-page",
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.server ? withDevnetBlock(html, process.env.PLAYGROUND_DEVNET) : html),
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use(
        (
          req: {
            method?: string | undefined;
            url?: string | undefined;
            headers: Record<string, string | string[] | undefined>;
          },
          res: { setHeader(k: string, v: string): void; end(b: string): void; statusCode: number },
          next: Next,
        ) => {
          const body = process.env.PLAYGROUND_DEVNET;
          const accept = req.headers.accept;
          if (!body || !isPageRequest(req.method, req.url, Array.isArray(accept) ? accept[0] : accept))
            return next();
          if (!fromOwnOrigin(req.headers)) return next();
          const full = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
          // Pages under the base path only: Vite answers the others (a redirect to the base, a 404).
          const base = server.config.base;
          if (!full.startsWith(base) && `${full}/` !== base) return next();
          const path = `/${full.slice(base.length)}`;
          // The build has one page; every other path is the single-page app's (as preview answers).
          const file = path.endsWith(".html") ? resolve(outDir, `.${path}`) : resolve(outDir, "index.html");
          let html: string;
          try {
            html = readFileSync(file.startsWith(outDir) ? file : resolve(outDir, "index.html"), "utf8");
          } catch {
            return next();
          }
          res.statusCode = 200;
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.setHeader("Cache-Control", "no-store");
          res.end(withDevnetBlock(html, body));
        },
      );
    },
  };
}

/** A module of Monaco's, or one of the playground's files that only load Monaco (editor/steps, monaco*.ts). */
function isMonacoModule(id: string): boolean {
  return (
    id.includes("/node_modules/monaco-editor/") ||
    /\/src\/features\/request\/editor\/(steps\/|monaco)/.test(id)
  );
}

/**
 * Monaco's JSON language starts its worker through monaco-editor's internal/common/workers.js, which
 * also imports every editor contribution Monaco ships; that one import is resolved to the
 * playground's own starter (src/features/request/editor/monaco-workers.ts), so the editor keeps the
 * contributions monaco.ts registers.
 */
function monacoJsonWorkerStarter(): Plugin {
  const starter = resolve(import.meta.dirname, "src/features/request/editor/monaco-workers.ts");
  return {
    name: "monaco-json-worker-starter",
    enforce: "pre",
    resolveId(source, importer) {
      if (source.endsWith("/internal/common/workers.js") && importer?.includes("/languages/features/json/"))
        return starter;
      return null;
    },
  };
}

/**
 * The one-tag embed's loader, `embed.js`, beside index.html (scripts/embed-loader.ts compiles it on
 * its own): emitted into every build, compiled on request by the dev server. Its types for a page,
 * `embed.d.ts`, beside it.
 */
function embedLoader(): Plugin {
  type Req = { url?: string | undefined };
  type Res = { setHeader(k: string, v: string): void; end(b: string): void };
  const types = (base: string) => (req: Req, res: Res, next: (e?: unknown) => void) => {
    if (req.url?.split("?")[0] !== `${base}${TYPES_FILE}`) return next();
    res.setHeader("Content-Type", TYPES_CONTENT_TYPE);
    res.setHeader("Cache-Control", "no-cache");
    res.end(readFileSync(TYPES_SOURCE, "utf8"));
  };
  return {
    name: "playground-embed-loader",
    async generateBundle() {
      this.emitFile({ type: "asset", fileName: LOADER_FILE, source: await buildLoader() });
      this.emitFile({ type: "asset", fileName: TYPES_FILE, source: readFileSync(TYPES_SOURCE, "utf8") });
    },
    configureServer(server) {
      server.middlewares.use(types(server.config.base));
      server.middlewares.use((req: Req, res: Res, next: (e?: unknown) => void) => {
        if (req.url?.split("?")[0] !== `${server.config.base}${LOADER_FILE}`) return next();
        buildLoader().then((code) => {
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.setHeader("Cache-Control", "no-store");
          res.end(code);
        }, next);
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use(types(server.config.base));
    },
  };
}

export default defineConfig({
  plugins: [
    basePath(),
    react(),
    tailwindcss(),
    devnetConfig(),
    securityHeadersPlugin(),
    devnetPage(),
    monacoJsonWorkerStarter(),
    monacoCompileHints(),
    embedLoader(),
    pureLibraryConstants(),
    preloadRuleCheck(),
  ],
  // "zod/mini" is zod/mini configured for the app (CSP, English messages: src/zod-config.ts), which
  // imports the real one as zod/v4/mini.
  resolve: {
    alias: [
      { find: /^zod\/mini$/, replacement: resolve(import.meta.dirname, "src/zod-config.ts") },
      // The bench's render counts (components/ui/Counted.tsx): React's profiling renderer calls
      // <Profiler onRender>; only in a build made with VITE_PROFILE=1, never in the app users get.
      ...(process.env.VITE_PROFILE === "1"
        ? [{ find: /^react-dom\/client$/, replacement: "react-dom/profiling" }]
        : []),
    ],
  },
  server: { host: "127.0.0.1", strictPort: false },
  preview: { host: "127.0.0.1" },
  build: {
    target: "es2022",
    // Preload links for the pages and Monaco's steps only (scripts/preload-links.ts).
    modulePreload: { resolveDependencies: preloadLinks },
    chunkSizeWarningLimit: 4000,
    // A page's first screen in a few chunks, grouped by which pages use them (scripts/static-graph.ts).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: pageChunkGroups() },
        // Monaco's code is loaded in steps, so it spans several chunks; each is named monaco-…
        // so the bench (scripts/bench.ts) can add up what the editor costs.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isMonacoModule)
            ? "assets/monaco-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
  },
  worker: { format: "es" },
  test: {
    // Vitest runs its files in one worker less than the machine's cores: one worker on 2 cores,
    // which left a core idle for most of the suite (93 s on 2 cores; 63 s with two workers, and no
    // less with three). Two at least, so a 2-core machine (CI) runs two files at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...NEEDS_OWN_MODULES],
          environment: "node",
          // The files share one module graph per worker: a fresh graph for each of 130 files cost
          // two thirds of this suite's time (62 s against 20 s on 2 cores). Each file restores what
          // it stubs (globals, timers); NEEDS_OWN_MODULES need modules of their own.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: [...NEEDS_OWN_MODULES],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "devnet",
          include: ["devnet/**/*.test.ts"],
          environment: "node",
          globalSetup: ["devnet/test-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
