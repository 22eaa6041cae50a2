import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The static import graph of src/: what a page loads before its code runs (a dynamic `import()` is
 * a chunk loaded later). scripts/first-screen.test.ts checks what the first screen holds with it;
 * vite.config.ts groups the pages' chunks by it (`pageChunkGroups`).
 */
export const SRC = path.resolve(import.meta.dirname, "../src");

/** The value imports of a file (type-only imports vanish from the build); dynamic ones excluded. */
export function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+([^"'`;]*?)\s*from\s+["']([^"']+)["']/g)) {
    const clause = (m[2] ?? "").trim();
    if (clause.startsWith("type ")) continue;
    const braces = clause.match(/^\{([^}]*)\}$/);
    if (braces && (braces[1] ?? "").split(",").every((s) => s.trim() === "" || s.trim().startsWith("type ")))
      continue;
    out.push(m[3] ?? "");
  }
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) out.push(m[1] ?? "");
  return out;
}

/**
 * The source files (absolute paths) reachable from `roots` (relative to src/) by static imports,
 * and the packages they import.
 */
export function staticGraph(roots: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (!spec.startsWith(".")) {
        packages.add(spec);
        continue;
      }
      const target = path.resolve(path.dirname(file), spec);
      if (/\.(tsx?)$/.test(target) && existsSync(target)) visit(target);
    }
  };
  for (const root of roots) visit(path.join(SRC, root));
  return { files, packages };
}

/**
 * The first screen's chunks, few and by page: split automatically, a page's static graph comes in
 * many small chunks (one per set of lazy chunks that share its modules: 21 for the playground),
 * and gzip pays for each. Grouped by which pages use them: what every page uses (with the entry),
 * what the playground and the embed share (the request and answer panels), what only the
 * playground uses. Their packages follow the modules that import them. Lazy chunks are split as
 * before; one that shares a module with a page imports it from the page's group.
 */
export function pageChunkGroups(): { name: string; test: (id: string) => boolean; priority: number }[] {
  const entry = staticGraph(["main.tsx"]).files;
  const playground = staticGraph(["app/playground/Playground.tsx"]).files;
  const embed = staticGraph(["app/embed/EmbedApp.tsx"]).files;
  const guide = staticGraph(["features/embed/GuidePage.tsx"]).files;
  const app = new Set([...entry, ...[...playground].filter((f) => embed.has(f) && guide.has(f))]);
  const panels = new Set([...playground].filter((f) => embed.has(f) && !app.has(f)));
  const shell = new Set([...playground].filter((f) => !app.has(f) && !panels.has(f)));
  return [
    { name: "app", test: (id) => app.has(id), priority: 3 },
    { name: "panels", test: (id) => panels.has(id), priority: 2 },
    { name: "playground", test: (id) => shell.has(id), priority: 1 },
  ];
}
