import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

type Bundle = Record<
  string,
  { type: "chunk"; code: string; moduleIds: readonly string[] } | { type: "asset" }
>;

/** Puts the hint first in every chunk that holds Monaco's code (after Vite's preload helper). */
export function addCompileHints(bundle: Bundle): void {
  for (const chunk of Object.values(bundle))
    if (chunk.type === "chunk" && chunk.moduleIds.some((id) => id.includes("/node_modules/monaco-editor/")))
      chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
}

/**
 * Monaco's chunks begin with V8's compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and
 * later; other engines read a comment): V8 compiles every function of such a file as it streams in,
 * on a background thread. Monaco runs most of its code while the editor is made, and compiling each
 * function on its first call, on the main thread, was most of the cold load's long tasks after the
 * first paint (docs/decisions.md). The app's own chunks are left to V8's lazy compilation (a chunk
 * holding Monaco's code holds only what loads with it: scripts/first-screen.test.ts). The hint
 * must be the file's first line, so it is added last, after Vite's own preload helper.
 *
 * The browser tests' build (VITE_E2E=1) leaves it out: each test's page compiled all of Monaco
 * ahead, on a second core the other test worker needs (6% of their time on 2 cores). Speed is the
 * bench's to measure, on the build users get (as with V8's optimizing compilers, playwright.config.ts).
 */
export function monacoCompileHints(): Plugin {
  return {
    name: "monaco-compile-hints",
    apply: (_config, { command }) => command === "build" && process.env.VITE_E2E !== "1",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        addCompileHints(bundle as unknown as Bundle);
      },
    },
  };
}
