import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The map of docs/architecture.md, enforced: which folder of src/ may import which. A new folder
 * or a new edge between folders changes this table and the map in the same commit.
 */
const SRC = path.resolve(import.meta.dirname, "../src");

/** Layers that anything above may use; they use only the layers listed. */
const ALLOWED: Record<string, readonly string[]> = {
  chain: [],
  rpc: ["chain"],
  networks: ["rpc", "chain"],
  methods: ["chain", "rpc", "networks"],
  state: ["chain", "rpc", "networks", "methods"],
  components: ["chain", "rpc", "networks", "methods"],
  send: ["chain", "rpc", "networks", "methods", "state"],
  feature: ["chain", "rpc", "networks", "methods", "state", "components", "send"],
  // embed.js, compiled on its own for other sites' pages (scripts/embed-loader.ts): none of the app.
  "embed-loader": [],
};

/** The shared layer's public entry points: the only files of src/send that features import. */
const SEND_ENTRY_POINTS = [
  "send/useSendRequest.ts",
  "send/sent.ts",
  "send/open-request.ts",
  "send/internal-request.ts",
] as const;

/** Packages the pure layers never import: they stay free of React, stores and the editor. */
const NOT_PURE = [/^react($|\/|-dom)/, /^zustand/, /^@tanstack\//, /^monaco-editor/];
const PURE = new Set(["chain", "rpc", "methods", "networks"]);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith("test-")) yield full;
  }
}

/** `features/qa/QaPanel.tsx` -> { layer: "feature", feature: "qa" }; `app/...` -> "app". */
function layerOf(rel: string): { layer: string; feature?: string } {
  const [top = "", second = ""] = rel.split("/");
  if (!rel.includes("/")) return { layer: "root" };
  return top === "features" ? { layer: "feature", feature: second } : { layer: top };
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s+["']([^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  const dynamic = [...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? "");
  const bare = [...text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)].map((m) => m[1] ?? "");
  return [...found, ...dynamic, ...bare];
}

function violations(): string[] {
  const out: string[] = [];
  for (const file of sources(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join("/");
    const from = layerOf(rel);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith(".")) {
        if (/\/views\/[^/]*-model\.ts$/.test(rel) && NOT_PURE.some((re) => re.test(spec)))
          out.push(`${rel} imports ${spec}: a view model is pure (no React, stores or Monaco)`);
        if (PURE.has(from.layer) && NOT_PURE.some((re) => re.test(spec)))
          out.push(`${rel} imports ${spec}: ${from.layer}/ is pure (no React, stores or Monaco)`);
        if (spec.startsWith("monaco-editor") && !rel.startsWith("features/request/editor/"))
          out.push(`${rel} imports ${spec}: only features/request/editor imports Monaco`);
        if (/^zod($|\/)/.test(spec) && spec !== "zod/mini" && rel !== "zod-config.ts")
          out.push(`${rel} imports ${spec}: the app's zod is "zod/mini" (src/zod-config.ts configures it)`);
        continue;
      }
      const target = path
        .relative(SRC, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join("/");
      const to = layerOf(target);
      // A view model (views/<view>-model.ts) is pure: no UI kit, no components (docs/architecture.md).
      // (`components/ui/tone.ts` is the badge tones' type alone, kept apart for them.)
      if (
        /\/views\/[^/]*-model\.ts$/.test(rel) &&
        target !== "components/ui/tone.ts" &&
        (to.layer === "components" || /\.tsx$/.test(target))
      ) {
        out.push(`${rel} imports ${target}: a view model is pure (no UI kit, no components)`);
        continue;
      }
      // Test helpers (`test-*.ts`: fixtures, the fake chain) are for tests: no product module imports one.
      if (/(^|\/)test-[^/]*$/.test(target)) {
        out.push(`${rel} imports ${target}: a test helper; only tests import test-*.ts`);
        continue;
      }
      if (from.layer === "app" || from.layer === "root") continue; // the composition root
      if (to.layer === from.layer && to.feature === from.feature) continue;
      if (to.layer === "app" || to.layer === "root") {
        out.push(`${rel} imports ${target}: only the composition root (main.tsx, app/) imports app/`);
        continue;
      }
      if (to.layer === "feature") {
        out.push(`${rel} imports ${target}: features never import each other (share through src/send)`);
        continue;
      }
      const allowed = ALLOWED[from.layer] ?? [];
      if (!allowed.includes(to.layer)) {
        out.push(`${rel} imports ${target}: ${from.layer} may import only ${allowed.join(", ") || "itself"}`);
        continue;
      }
      if (
        to.layer === "send" &&
        from.layer === "feature" &&
        !(SEND_ENTRY_POINTS as readonly string[]).includes(target)
      )
        out.push(`${rel} imports ${target}: not a listed entry point of src/send`);
    }
  }
  return out;
}

describe("import boundaries (docs/architecture.md)", () => {
  it("every import follows the map", () => {
    expect(violations()).toEqual([]);
  });

  it("the checker sees features, layers and the composition root", () => {
    expect(layerOf("features/qa/QaPanel.tsx")).toEqual({ layer: "feature", feature: "qa" });
    expect(layerOf("app/App.tsx").layer).toBe("app");
    expect(layerOf("main.tsx").layer).toBe("root");
    expect(layerOf("chain/block.ts").layer).toBe("chain");
    expect(importsOf(path.join(SRC, "app/App.tsx")).length).toBeGreaterThan(2);
  });
});
