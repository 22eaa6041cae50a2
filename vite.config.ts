import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";
import { fromOwnOrigin } from "./scripts/own-origin.ts";

/**
 * Serves `/devnet.json`: where the local devnet listens and its key, so that the app opens on
 * a chain that answers with no configuration. The devnet CLI and the browser-test setup put the
 * JSON in PLAYGROUND_DEVNET; a plain build served elsewhere serves public/devnet.json, which says
 * `null`, and the app keeps its catalog defaults.
 */
function devnetConfig(): Plugin {
  const serve = (
    req: { url?: string | undefined; headers: Record<string, string | string[] | undefined> },
    res: { setHeader(k: string, v: string): void; end(b: string): void; statusCode: number },
    next: () => void,
  ) => {
    if (req.url?.split("?")[0] !== "/devnet.json") return next();
    const body = process.env.PLAYGROUND_DEVNET;
    // Without a devnet, public/devnet.json ("null") answers: no 404 in the console of a static host.
    if (!body) return next();
    // The key is for the app's own pages only, never another origin on this machine.
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
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devnetConfig()],
  server: { host: "127.0.0.1", strictPort: false },
  preview: { host: "127.0.0.1" },
  build: { target: "es2022", chunkSizeWarningLimit: 4000 },
  worker: { format: "es" },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
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
