import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

type LockNode = {
  version?: string;
  optional?: boolean;
  os?: string[];
  optionalDependencies?: Record<string, string>;
};

describe("package-lock.json", () => {
  const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, "../package-lock.json"), "utf8")) as {
    packages: Record<string, LockNode>;
  };
  it("holds every optional dependency, other platforms' too, or npm ci refuses it (run scripts/complete-lock.mjs)", () => {
    const missing: string[] = [];
    for (const [path, node] of Object.entries(lock.packages)) {
      for (const [name, version] of Object.entries(node.optionalDependencies ?? {})) {
        const found = lock.packages[`${path}/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
        if (!found) missing.push(`${name}@${version}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
