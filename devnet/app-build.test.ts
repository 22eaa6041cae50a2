import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, markBuilt, sourceStamp } from "./app-build.ts";

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project() {
  const root = mkdtempSync(join(tmpdir(), "stamp-"));
  made.push(root);
  mkdirSync(join(root, "src/app"), { recursive: true });
  writeFileSync(join(root, "src/app/a.ts"), "export const a = 1;\n");
  writeFileSync(join(root, "index.html"), "<html></html>");
  return root;
}

describe("the app build's stamp", () => {
  it("stays the same while no source changes, so the cached build is used", () => {
    const root = project();
    const out = join(root, "dist");
    mkdirSync(out);
    writeFileSync(join(out, "index.html"), "built");
    const stamp = sourceStamp(root);
    expect(buildIsCurrent(out, stamp)).toBe(false); // never built
    markBuilt(out, stamp);
    expect(buildIsCurrent(out, sourceStamp(root))).toBe(true);
  });

  it("changes when a source is edited, added or removed, so the app is built again", () => {
    const root = project();
    const first = sourceStamp(root);
    writeFileSync(join(root, "src/app/a.ts"), "export const a = 2;\n");
    const edited = sourceStamp(root);
    expect(edited).not.toBe(first);
    writeFileSync(join(root, "src/app/b.ts"), "");
    const added = sourceStamp(root);
    expect(added).not.toBe(edited);
    rmSync(join(root, "src/app/b.ts"));
    expect(sourceStamp(root)).toBe(edited);
  });

  it("changes with the base path the app is built for (PLAYGROUND_BASE)", () => {
    const root = project();
    expect(sourceStamp(root, "/playground/")).not.toBe(sourceStamp(root, "/"));
    expect(sourceStamp(root)).toBe(sourceStamp(root, "/"));
  });

  it("says a build without its page is not current", () => {
    const root = project();
    const out = join(root, "dist");
    mkdirSync(out);
    markBuilt(out, "x");
    expect(buildIsCurrent(out, "x")).toBe(false);
  });
});
