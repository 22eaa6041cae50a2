import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fulfilled } from "../src/components/ui/preloadable.tsx";

/**
 * React's `use(promise)` may sit in a condition, but not in ours: React replays a component that
 * suspended as soon as the promise settles, and only `use` itself switches the replay to mounting
 * the hooks after it. Where the condition flips meanwhile (the value arrived), `use` is skipped and
 * React throws #467 then #520 (seen in CI). Call `useLoaded`, or `use(ready ? fulfilled(x) : load())`.
 */
const SRC = path.resolve(import.meta.dirname, "../src");

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

describe("use() in src", () => {
  it("is never skipped by a condition", () => {
    const conditional = /(\?\?|\|\||&&|[?:]|\bif\s*\(.*\)|\belse)\s*use\(/;
    const found: string[] = [];
    let calls = 0;
    for (const file of sources(SRC)) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!/(^|[^\w.])use\(/.test(line) || /^\s*(\/\/|\*)/.test(line)) return;
          calls++;
          if (conditional.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(calls).toBeGreaterThan(1);
    expect(found).toEqual([]);
  });

  it("reads a fulfilled promise at once", async () => {
    const p = fulfilled(7) as Promise<number> & { status?: string; value?: number };
    expect(p.status).toBe("fulfilled");
    expect(p.value).toBe(7);
    await expect(p).resolves.toBe(7);
  });
});
