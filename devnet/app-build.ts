import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * `npm start` serves the production build (what users get), built once into a cache folder and
 * rebuilt only when a source it reads changed: a stamp (a hash of every such file's path and
 * bytes, and of the base path it is built for, PLAYGROUND_BASE) is kept beside the build and
 * compared at each start.
 */

/** What the build reads, relative to the project root: folders are read whole. */
export const BUILD_INPUTS = [
  "src",
  "public",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/security-headers.ts",
  "scripts/own-origin.ts",
  "scripts/devnet-page.ts",
  "scripts/static-graph.ts",
  "scripts/embed-loader.ts",
] as const;

function filesUnder(root: string, path: string, out: string[]): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) filesUnder(root, join(path, name), out);
  } else out.push(path);
}

/**
 * The stamp of the sources under `root` built for `base`: any added, removed or changed file, or
 * another base path, changes it.
 */
export function sourceStamp(root: string, base = "/", inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  const hash = createHash("sha256");
  hash.update(`base ${base}\0`);
  for (const file of files) {
    hash.update(relative(root, join(root, file)));
    hash.update("\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const STAMP_FILE = ".playground-stamp";

/** Whether the build in `outDir` was made from the sources as they are now. */
export function buildIsCurrent(outDir: string, stamp: string): boolean {
  try {
    return readFileSync(join(outDir, STAMP_FILE), "utf8") === stamp && existsSync(join(outDir, "index.html"));
  } catch {
    return false;
  }
}

/** Marks the build in `outDir` as made from the sources of `stamp`. */
export function markBuilt(outDir: string, stamp: string): void {
  writeFileSync(join(outDir, STAMP_FILE), stamp);
}
