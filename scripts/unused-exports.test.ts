/**
 * No dead exports: every name a module of `src/` exports is named by some other module (the
 * product, the build and devnet code that reads it, or a test). An export nothing else names is
 * dead weight in the product's names: make it file-local or delete it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || /(^|\/)test-[^/]*$/.test(f) || f.includes("/e2e/");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

/** Names a module exports: declarations, `export { a, b as c }` lists (their exported names). */
function exportsOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(
    /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    if (m[1]) names.add(m[1]);
  for (const m of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm))
    for (const part of (m[1] ?? "").split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, "");
      if (name) names.add(name);
    }
  return [...names];
}

/**
 * Entry points (loaded by the page), and modules that stand in for a library's own under its name
 * (vite.config.ts aliases them): their exports are read by code that never names this file.
 */
const ENTRIES = new Set([
  "src/main.tsx",
  "src/zod-config.ts",
  "src/features/request/editor/monaco-workers.ts",
]);

function unusedExports(): string[] {
  const product = [...files(path.join(ROOT, "src"))].filter((f) => !isTest(f));
  const readers = [
    ...product,
    path.join(ROOT, "vite.config.ts"),
    ...["scripts", "devnet", "bench"]
      .flatMap((d) => [...files(path.join(ROOT, d))])
      .filter((f) => !isTest(f)),
    // Tests count as users (unit tests read a module's inner functions); e2e reads only the page.
    ...["src", "scripts", "devnet", "bench"].flatMap((d) => [...files(path.join(ROOT, d))]).filter(isTest),
  ];
  const texts = new Map(readers.map((f) => [f, readFileSync(f, "utf8")]));
  const out: string[] = [];
  for (const file of product) {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    if (ENTRIES.has(rel)) continue;
    // Read by name in a module that imports this one, or through a module object (`m.name` after
    // a dynamic import, which may be loaded elsewhere): any other module naming it counts.
    for (const name of exportsOf(texts.get(file) ?? "")) {
      const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`);
      if (![...texts.keys()].some((g) => g !== file && word.test(texts.get(g) ?? "")))
        out.push(`${rel}: ${name}`);
    }
  }
  return out.sort();
}

describe("exports", () => {
  it("every export of src/ is used by the product, not only by tests", () => {
    expect(unusedExports()).toEqual([]);
  });
});
