import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A clone of this project alone must build, run and pass its tests: no file may reach for the
 * handbook folder that sits beside the project on the developers' machines. The needle is built
 * from parts so that this file does not name it either.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const NEEDLE = ["..", "shared"].join("/");
const SKIP = new Set(["node_modules", ".git", "dist", "test-results", "playwright-report", ".ci-results"]);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) yield* files(full);
    else if (st.size < 2_000_000) yield full;
  }
}

describe("the project stands alone", () => {
  it("no file names the folder beside the project", () => {
    const hits: string[] = [];
    for (const f of files(ROOT)) {
      const text = readFileSync(f, "utf8");
      if (text.includes(NEEDLE)) hits.push(path.relative(ROOT, f));
    }
    expect(hits).toEqual([]);
  });

  it("carries the fixtures its tests read, with their origin and licence, and the service spec", () => {
    for (const dir of ["test/fixtures/mainnet", "test/fixtures/starknet"])
      expect(readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".json")).length).toBeGreaterThan(0);
    const readme = readFileSync(path.join(ROOT, "test/fixtures/README.md"), "utf8");
    expect(readme).toContain("Apache License 2.0");
    expect(readme).toContain("erigontech/rpc-tests");
    expect(readme).toContain("dojoengine/katana");
    expect(existsSync(path.join(ROOT, "docs/service-interface.md"))).toBe(true);
  });
});
