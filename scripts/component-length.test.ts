/**
 * No component or hook of `src/` over 120 lines: one that grows past it does more than one job
 * and is split into parts with one each. The exceptions are listed with why they are not split yet.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../src");
const MAX_LINES = 120;

/** `file: name` → why it is still longer (issue 19 names them; each is split in its own change). */
const EXCEPTIONS: Record<string, string> = {};

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

/**
 * Components (capitalised functions of .tsx files) and hooks (`useX`) with their length in lines.
 * Parsed by Vite's own parser (oxc, through `vite`), which the build uses too.
 */
function lengths(): Map<string, number> {
  const out = new Map<string, number>();
  for (const file of sources(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join("/");
    const text = readFileSync(file, "utf8");
    const { program, errors } = parseSync(file, text);
    if (errors.length > 0) throw new Error(`${rel}: ${errors[0]?.message}`);
    const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
    const measure = (name: string, fn: { start: number; end: number }) => {
      if (/^use[A-Z]/.test(name) || (/^[A-Z]/.test(name) && rel.endsWith(".tsx")))
        out.set(`${rel}: ${name}`, lineOf(fn.end) - lineOf(fn.start) + 1);
    };
    new Visitor({
      FunctionDeclaration(node) {
        if (node.id) measure(node.id.name, node);
      },
      VariableDeclarator(node) {
        const init = node.init;
        if (
          node.id.type === "Identifier" &&
          (init?.type === "ArrowFunctionExpression" || init?.type === "FunctionExpression")
        )
          measure(node.id.name, init);
      },
    }).visit(program);
  }
  return out;
}

describe("component and hook length", () => {
  const all = lengths();
  it(`none over ${MAX_LINES} lines but the listed exceptions`, () => {
    const long = [...all]
      .filter(([k, n]) => n > MAX_LINES && !(k in EXCEPTIONS))
      .map(([k, n]) => `${k} (${n})`);
    expect(long).toEqual([]);
  });
  it("lists no exception that is no longer one (split: take it off the list)", () => {
    const stale = Object.keys(EXCEPTIONS).filter((k) => (all.get(k) ?? 0) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
