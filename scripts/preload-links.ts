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
  const keep =
    context.hostType === "html" ||
    /(^|\/)monaco-[^/]*\.js$/.test(file) ||
    /(^|\/)app-[\w-]+\.js$/.test(context.hostId);
  return keep ? deps : deps.filter((d) => d.endsWith(".css"));
}
