/** The playground's address the docs site is built with, replaced by the real one as it is served. */
export const PLAYGROUND_SLOT: string;
/** Builds the docs site into `outDir` (its cache beside it): the build's exit status and output. */
export function buildDocsSite(outDir: string): Promise<{ status: number; output: string }>;
