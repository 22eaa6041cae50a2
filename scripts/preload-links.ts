/** The entry's chunk (the `app` group of scripts/static-graph.ts), which imports the pages. */
const PAGES_HOST = /(^|\/)app-[\w-]+\.js$/;
/** A step of Monaco (named so by vite.config.ts's `chunkFileNames`). */
const MONACO_STEP = /(^|\/)monaco-[^/]*\.js$/;

/**
 * Which dependencies Vite's preload helper links when a chunk is imported (`build.modulePreload.
 * resolveDependencies` in vite.config.ts). The pages (what the entry chunk, `app`, imports) and
 * Monaco's steps (its chunks are named `monaco-…`) keep their links, since a page's first screen and
 * the editor would otherwise wait a round trip per level of their imports. The other lazy parts,
 * fetched in idle time after the first screen, get none: the browser fetches their dependencies as
 * it reads them, and their links cost 40-50 ms of one idle task at CPU 2x (docs/decisions.md, "Cold
 * loads: Vite's preload links"). CSS is always linked: nothing else loads it.
 */
export function preloadLinks(
  file: string,
  deps: string[],
  context: { hostId: string; hostType: "html" | "js" },
): string[] {
  const keep = context.hostType === "html" || MONACO_STEP.test(file) || PAGES_HOST.test(context.hostId);
  return keep ? deps : deps.filter((d) => d.endsWith(".css"));
}

/** What the build wrote, as far as `stalePreloadRule` reads it (Rollup's output bundle). */
type BuiltChunk = { type: "chunk" | "asset"; fileName: string; dynamicImports?: string[] };

/**
 * Why `preloadLinks` no longer fits the build, or null: it names chunks by file name, so a renamed
 * entry group or Monaco chunk would silently drop the pages' or the editor's links (a first screen
 * waiting a round trip per level of imports, and no test failing). vite.config.ts fails the build
 * with this message instead.
 */
export function stalePreloadRule(chunks: BuiltChunk[]): string | null {
  const js = chunks.filter((c) => c.type === "chunk");
  const hosts = js.filter((c) => PAGES_HOST.test(c.fileName));
  if (hosts.length !== 1 || !hosts[0]?.dynamicImports?.length)
    return `scripts/preload-links.ts expects one chunk named app-… that imports the pages; the build has ${hosts.length === 0 ? "none" : hosts.map((c) => c.fileName).join(", ")}${hosts.length === 1 ? " (it imports no page)" : ""}`;
  if (!js.some((c) => MONACO_STEP.test(c.fileName)))
    return "scripts/preload-links.ts expects Monaco's chunks named monaco-…; the build has none";
  return null;
}
