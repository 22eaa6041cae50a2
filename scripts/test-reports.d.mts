/** The failed tests of Vitest's JSON report, "file › full name: first line of the error" (paths from `root`). */
export function vitestFailures(report: unknown, root?: string): string[];
/** The tests of Playwright's JSON report that failed every try, "file:line › titles: first line of the error". */
export function playwrightFailures(report: unknown): string[];
