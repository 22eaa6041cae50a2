/** `vite build` of the app for the browser tests into `outDir` (under `base` if given); its exit status. */
export function buildTestApp(
  outDir: string,
  opts?: { base?: string; stdio?: "inherit" | number },
): Promise<number>;
